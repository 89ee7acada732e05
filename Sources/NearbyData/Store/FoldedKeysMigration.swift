import GRDB
import NearbyCore

/// Folded keys written with an older `SearchFolding` are written again: folding learnt ø, æ, ß, ł and the
/// other letters without a decomposition, so a filter for "ROLF" finds "Rølf" in a store made before.
enum FoldedKeysMigration {
    static func register(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("text-v1-refold-keys") { db in
            let friends = try Row.fetchAll(db, sql: "SELECT id, firstName, lastName, phoneNumber, email FROM friend")
            let updateFriend = try db.makeStatement(
                sql: "UPDATE friend SET lastNameKey = ?, firstNameKey = ?, searchKey = ? WHERE id = ?")
            for row in friends {
                let keys = FriendKeys(firstName: row["firstName"], lastName: row["lastName"],
                                      phoneNumber: row["phoneNumber"], email: row["email"])
                try updateFriend.execute(arguments: [keys.lastName, keys.firstName, keys.search, row["id"] as Int64])
            }
            let localities = try Row.fetchAll(db, sql: "SELECT id, name FROM locality")
            let updateLocality = try db.makeStatement(sql: "UPDATE locality SET nameKey = ? WHERE id = ?")
            for row in localities {
                let name: String = row["name"]
                try updateLocality.execute(arguments: [SearchFolding.fold(name), row["id"] as String])
            }
        }
    }
}
