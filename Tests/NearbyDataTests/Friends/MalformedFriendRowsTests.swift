import Foundation
import NearbyCore
import Testing
@testable import NearbyData

/// A friend row damaged by hand (`sqlite3 … UPDATE friend SET createdAt = 'garbage'`) is left out and logged;
/// every way friends are read still answers with the others: the command line's list (`listFriends`), the
/// Friends list's windows and count (`friendsPage`) and the server's routes (`listFriends`, `friend(id:)`).
struct MalformedFriendRowsTests {
    /// The ways the report damaged a row, as SQL run against friend 2.
    static let damage = [
        "UPDATE friend SET createdAt = 'garbage' WHERE id = 2",
        "UPDATE friend SET latitude = 'abc', longitude = 9.5 WHERE id = 2",
        "UPDATE friend SET firstName = X'00FF41' WHERE id = 2",
        "UPDATE friend SET updatedAt = X'00' WHERE id = 2",
        "UPDATE friend SET phoneNumber = X'3132' WHERE id = 2",
        "UPDATE friend SET email = X'41' WHERE id = 2",
        """
        INSERT INTO friend (id, firstName, lastName, phoneNumber, createdAt, updatedAt)
        VALUES (2, 'Blob', X'00', '123', '2025-01-01 00:00:00', '2025-01-01 00:00:00')
        """,
    ]

    private func store(damagedBy sql: String) async throws -> LocalFriendsRepository {
        let database = try AppDatabase.inMemory()
        let friends = LocalFriendsRepository(database: database)
        for (first, last) in [("Anna", "Beck"), ("Max", "Adler"), ("Zoë", "Ölz")] {
            _ = try await friends.addFriend(FriendDraft(firstName: first, lastName: last, phoneNumber: "+423 555 0101"))
        }
        if sql.hasPrefix("INSERT") {
            try await database.write { db in try db.execute("DELETE FROM friend WHERE id = 2") }
        }
        try await database.write { db in try db.execute(script: sql) }
        return friends
    }

    /// The other numbers are extra: a damaged value there costs the friend only those numbers.
    @Test(arguments: ["UPDATE friend SET otherPhones = X'00FF' WHERE id = 2",
                      "UPDATE friend SET otherPhones = 42 WHERE id = 2"])
    func damagedOtherNumbersLeaveTheFriend(sql: String) async throws {
        let friends = try await store(damagedBy: sql)
        #expect(try await friends.listFriends().count == 3)
        let max = try await friends.friend(id: 2)
        #expect(max.fullName == "Max Adler")
        #expect(max.otherPhones.isEmpty || max.otherPhones == ["42"])
    }

    @Test(arguments: damage)
    func everyReaderAnswersWithTheOthers(sql: String) async throws {
        let friends = try await store(damagedBy: sql)
        let names = ["Anna Beck", "Zoë Ölz"]
        #expect(try await friends.listFriends().map(\.fullName) == names)
        let page = try await friends.friendsPage(filter: nil, offset: 0, limit: 50)
        #expect(page.friends.map(\.fullName) == names)
        #expect(page.total == 2, "the count agrees with the rows, so a list never waits for a row that never comes")
        let filtered = try await friends.friendsPage(filter: "e", offset: 1, limit: 1)
        #expect(filtered.friends.map(\.fullName) == ["Zoë Ölz"])
        #expect(filtered.total == 2)
        #expect(try await friends.friend(id: 1).fullName == "Anna Beck")
        await #expect(throws: FriendsError.notFound) { try await friends.friend(id: 2) }
    }

    @Test func anImpossiblePositionIsLeftOutAndTheFriendKept() async throws {
        let friends = try await store(damagedBy: "UPDATE friend SET latitude = 1e308, longitude = -1e308 WHERE id = 2")
        let max = try await friends.friend(id: 2)
        #expect(max.fullName == "Max Adler" && max.coordinate == nil)
    }

    @Test func aDamagedRowCanStillBeDeletedOrRepaired() async throws {
        let friends = try await store(damagedBy: Self.damage[0])
        let repaired = try await friends.updateFriend(
            id: 2, with: FriendDraft(firstName: "Max", lastName: "Adler", phoneNumber: "+423 555 0102"))
        #expect(try await friends.listFriends().map(\.fullName) == ["Max Adler", "Anna Beck", "Zoë Ölz"])
        #expect(try await friends.friendsPage(filter: nil, offset: 0, limit: 1).total == 3)
        #expect(repaired.phoneNumber == "+423 555 0102")
        let again = try await store(damagedBy: Self.damage[2])
        try await again.deleteFriend(id: 2)
        #expect(try await again.friendsPage(filter: nil, offset: 0, limit: 10).total == 2)
    }

    @Test func textThatIsNotUTF8IsSkippedButStillCounted() async throws {
        // SQL cannot tell text that is not UTF-8, so such a row stays in the count; the rows are still served.
        let friends = try await store(damagedBy: "UPDATE friend SET lastName = CAST(X'41FF' AS TEXT) WHERE id = 2")
        #expect(try await friends.listFriends().map(\.fullName) == ["Anna Beck", "Zoë Ölz"])
        #expect(try await friends.friendsPage(filter: nil, offset: 0, limit: 10).total == 3)
    }

    @Test func aVCardImportReadsPastADamagedRow() async throws {
        let friends = try await store(damagedBy: Self.damage[2])
        let summary = try await friends.importVCard(Data("BEGIN:VCARD\nN:Beck;Anna\nTEL:+423 555 0101\nEND:VCARD\n".utf8))
        #expect(summary.duplicates == 1)
    }
}
