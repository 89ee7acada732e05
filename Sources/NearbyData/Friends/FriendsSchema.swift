import GRDB

/// The friends table.
enum FriendsSchema {
    static func register(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("friends-v1") { db in
            try db.create(table: "friend") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("firstName", .text).notNull()
                t.column("lastName", .text).notNull()
                t.column("phoneNumber", .text).notNull()
                t.column("email", .text)
                t.column("latitude", .double)
                t.column("longitude", .double)
                t.column("placeName", .text)
                t.column("createdAt", .datetime).notNull()
                t.column("updatedAt", .datetime).notNull()
            }
            try db.create(index: "friend_name", on: "friend", columns: ["lastName", "firstName"])
        }
    }
}
