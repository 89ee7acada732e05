import Foundation
import NearbyCore
import Testing
@testable import NearbyData
@testable import SQLiteDriver

/// The Friends list's size is kept by triggers (`friend_tally`): whatever changes the table, through the app or
/// by hand, the kept number is what counting the listed rows gives.
struct FriendTallyTests {
    private func tally(_ db: SQLiteConnection) throws -> (kept: Int?, counted: Int?) {
        (try db.scalar("SELECT listed FROM friend_tally", as: Int.self),
         try db.scalar("SELECT count(*) FROM friend WHERE \(FriendRow.listed)", as: Int.self))
    }

    @Test func theKeptCountFollowsEveryChange() async throws {
        let database = try AppDatabase.inMemory()
        let friends = LocalFriendsRepository(database: database)
        var ids: [Friend.ID] = []
        for index in 0..<5 {
            ids.append(try await friends.addFriend(FriendDraft(firstName: ["Ann", "Ben", "Cy", "Dee", "Eve"][index], lastName: "Lee",
                                                               phoneNumber: "+423 555 010\(index)")).id)
        }
        try await friends.deleteFriend(id: ids[0])
        _ = try await friends.updateFriend(id: ids[1], with: FriendDraft(firstName: "Gus", lastName: "Lee", phoneNumber: "+423 555 0199"))
        let steps = [
            // Damaged by hand, then a damaged row inserted, then one repaired and one deleted.
            "UPDATE friend SET createdAt = 'garbage' WHERE id = \(ids[2])",
            """
            INSERT INTO friend (firstName, lastName, phoneNumber, createdAt, updatedAt)
            VALUES ('Blob', X'00', '123', '2025-01-01 00:00:00', '2025-01-01 00:00:00')
            """,
            "UPDATE friend SET createdAt = '2025-01-01 00:00:00' WHERE id = \(ids[2])",
            "DELETE FROM friend WHERE lastName = X'00'",
            "UPDATE friend SET updatedAt = X'00' WHERE id = \(ids[3])",
            "DELETE FROM friend",
        ]
        let start = try await database.read { db in try tally(db) }
        #expect(start.kept == 4 && start.counted == 4)
        for sql in steps {
            try await database.write { db in try db.execute(script: sql) }
            let (kept, counted) = try await database.read { db in try tally(db) }
            #expect(kept == counted, "after \(sql)")
        }
        #expect(try await friends.friendsPage(filter: nil, offset: 0, limit: 10).total == 0)
    }

    @Test func aStoreFromBeforeTheTallyIsCountedOnceWhenOpened() throws {
        let db = try SQLiteConnection(path: ":memory:", mode: .readWriteCreate)
        try StoreSchema.migrate(db, upTo: 9)
        for (index, created) in ["2025-01-01 00:00:00", "2025-01-02 00:00:00", "garbage"].enumerated() {
            try db.execute("""
                INSERT INTO friend (firstName, lastName, phoneNumber, createdAt, updatedAt, lastNameKey, firstNameKey,
                                    searchKey)
                VALUES ('F\(index)', 'L', '123', ?, '2025-01-01 00:00:00', 'l', 'f', 'f l 123 ')
                """, created)
        }
        try StoreSchema.migrate(db)
        let (kept, counted) = try tally(db)
        #expect(kept == 2 && counted == 2)
    }
}
