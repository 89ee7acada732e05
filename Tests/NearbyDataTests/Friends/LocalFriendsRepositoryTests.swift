import Foundation
import NearbyCore
import Testing
@testable import NearbyData
@testable import SQLiteDriver

struct LocalFriendsRepositoryTests {
    private static let clock = Date(timeIntervalSince1970: 1_763_700_000)

    private func makeRepository() throws -> LocalFriendsRepository {
        LocalFriendsRepository(database: try AppDatabase.inMemory(), now: { Self.clock })
    }

    private func draft(_ first: String, _ last: String, phone: String = "+423 555 0101", email: String? = nil)
        -> FriendDraft {
        FriendDraft(firstName: first, lastName: last, phoneNumber: phone, email: email)
    }

    @Test func addsReadsUpdatesAndDeletes() async throws {
        let repository = try makeRepository()
        var anna = draft("  Anna ", "Beck", email: "")
        anna.coordinate = Coordinate(latitude: 47.141, longitude: 9.5209)
        anna.placeName = "Vaduz"
        let added = try await repository.addFriend(anna)
        #expect(added.firstName == "Anna")
        #expect(added.email == nil)
        #expect(added.coordinate == Coordinate(latitude: 47.141, longitude: 9.5209))
        #expect(added.placeName == "Vaduz")
        #expect(added.createdAt == Self.clock)
        #expect(try await repository.friend(id: added.id) == added)

        var changed = added.draft
        changed.phoneNumber = "+423 555 0199"
        changed.coordinate = nil
        let updated = try await repository.updateFriend(id: added.id, with: changed)
        #expect(updated.phoneNumber == "+423 555 0199")
        #expect(updated.coordinate == nil)
        #expect(updated.id == added.id)
        #expect(try await repository.listFriends() == [updated])

        try await repository.deleteFriend(id: added.id)
        #expect(try await repository.listFriends().isEmpty)
    }

    @Test func unknownIdsAreNotFound() async throws {
        let repository = try makeRepository()
        await #expect(throws: FriendsError.notFound) { try await repository.friend(id: 42) }
        await #expect(throws: FriendsError.notFound) { try await repository.deleteFriend(id: 42) }
        await #expect(throws: FriendsError.notFound) {
            try await repository.updateFriend(id: 42, with: draft("Anna", "Beck"))
        }
    }

    @Test func validatesOnAddAndUpdate() async throws {
        let repository = try makeRepository()
        await #expect(throws: FriendsError.invalid(field: .firstName, reason: "Required")) {
            try await repository.addFriend(draft(" ", "Beck"))
        }
        await #expect(throws: FriendsError.invalid(field: .phoneNumber, reason: "At least 3 digits")) {
            try await repository.addFriend(draft("Anna", "Beck", phone: "12"))
        }
        await #expect(throws: FriendsError.invalid(field: .email, reason: "Not an e-mail address")) {
            try await repository.addFriend(draft("Anna", "Beck", email: "anna@"))
        }
        let added = try await repository.addFriend(draft("Anna", "Beck"))
        await #expect(throws: FriendsError.invalid(field: .lastName, reason: FriendValidation.nameRule)) {
            try await repository.updateFriend(id: added.id, with: draft("Anna", "\u{1B}[2J"))
        }
        #expect(try await repository.friend(id: added.id).lastName == "Beck")
        var farAway = draft("Anna", "Beck")
        farAway.coordinate = Coordinate(latitude: 95, longitude: 0)
        await #expect(throws: FriendsError.invalid(field: .location, reason: "Not a valid coordinate")) {
            try await repository.addFriend(farAway)
        }
    }

    @Test func listsByLastThenFirstNameIgnoringCaseAndAccents() async throws {
        let repository = try makeRepository()
        for (first, last) in [("Zoë", "Ölz"), ("anna", "beck"), ("Émile", "Beck"), ("Anna", "Beck"), ("Max", "Adler")] {
            _ = try await repository.addFriend(draft(first, last))
        }
        let names = try await repository.listFriends().map(\.fullName)
        #expect(names == ["Max Adler", "anna beck", "Anna Beck", "Émile Beck", "Zoë Ölz"])
        let page = try await repository.friendsPage(filter: nil, offset: 1, limit: 2)
        #expect(page.friends.map(\.fullName) == ["anna beck", "Anna Beck"])
        #expect(page.total == 5)
    }

    @Test func filtersCaseAndAccentInsensitivelyOverNamePhoneAndEmail() async throws {
        let repository = try makeRepository()
        _ = try await repository.addFriend(draft("José", "Müller", phone: "+41 44 555 0100", email: "jose@example.ch"))
        _ = try await repository.addFriend(draft("Jose", "Muller", phone: "0123"))
        _ = try await repository.addFriend(draft("Anna", "Beck", phone: "+423 555 0101", email: "ANNA@EXAMPLE.LI"))
        func names(_ filter: String?) async throws -> [String] {
            try await repository.friendsPage(filter: filter, offset: 0, limit: 10).friends.map(\.fullName)
        }
        #expect(try await names("MULLER") == ["José Müller", "Jose Muller"])
        #expect(try await names("josé") == ["José Müller", "Jose Muller"])
        #expect(try await names("müller") == ["José Müller", "Jose Muller"])
        #expect(try await names("example.li") == ["Anna Beck"])
        #expect(try await names("555 01") == ["Anna Beck", "José Müller"])
        #expect(try await names("%") == [])
        #expect(try await names("_") == [])
        #expect(try await names("  ") == ["Anna Beck", "José Müller", "Jose Muller"])
        #expect(try await repository.friendsPage(filter: "mull", offset: 1, limit: 10).total == 2)
        #expect(try await repository.friendsPage(filter: "nobody", offset: 0, limit: 10) == FriendsPage(friends: [], total: 0))
    }

    @Test func theFilterFoldsLettersWithoutAnAccentToStrip() async throws {
        let repository = try makeRepository()
        _ = try await repository.addFriend(draft("Rølf", "Ærø"))
        _ = try await repository.addFriend(draft("Łucja", "Straße", phone: "+48 555 0102"))
        func names(_ filter: String) async throws -> [String] {
            try await repository.friendsPage(filter: filter, offset: 0, limit: 10).friends.map(\.fullName)
        }
        #expect(try await names("ROLF") == ["Rølf Ærø"])
        #expect(try await names("aero") == ["Rølf Ærø"])
        #expect(try await names("lucja strasse") == ["Łucja Straße"])
        #expect(try await names("rølf") == ["Rølf Ærø"])
    }

    @Test func aStoreFoldedTheOldWayIsFoldedAgainWhenOpened() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("nearby-refold-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("nearby.sqlite")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        do {
            // As an older version wrote it: the store just before the refold step, ø and æ kept in the keys.
            let old = try SQLiteConnection(path: file.path, mode: .readWriteCreate)
            try StoreSchema.migrate(old, upTo: 6)
            try old.execute("""
                INSERT INTO friend (firstName, lastName, phoneNumber, createdAt, updatedAt, lastNameKey, firstNameKey,
                    searchKey) VALUES ('Rølf', 'Ærø', '+423 555 0101', '2025-01-01 10:00:00.000',
                    '2025-01-01 10:00:00.000', 'ærø', 'rølf', 'rølf ærø +423 555 0101 ')
                """)
        }
        let reopened = LocalFriendsRepository(database: try AppDatabase.open(at: file))
        #expect(try await reopened.friendsPage(filter: "ROLF", offset: 0, limit: 10).total == 1)
    }

    @Test func pagesOutOfRangeAreEmptyNotErrors() async throws {
        let repository = try makeRepository()
        _ = try await repository.addFriend(draft("Anna", "Beck"))
        #expect(try await repository.friendsPage(filter: nil, offset: 5, limit: 10) == FriendsPage(friends: [], total: 1))
        #expect(try await repository.friendsPage(filter: nil, offset: -3, limit: -1) == FriendsPage(friends: [], total: 1))
    }

    @Test func storageFailuresAreMappedToWords() async throws {
        let database = try AppDatabase.inMemory()
        let repository = LocalFriendsRepository(database: database)
        try await database.write { db in try db.execute("DROP TABLE friend") }
        do {
            _ = try await repository.listFriends()
            Issue.record("listing a store without its table must fail")
        } catch {
            guard case .storage(let message) = error else { Issue.record("not a storage error: \(error)"); return }
            #expect(message == "The store at :memory: failed: no such table: friend.")
        }
    }

    @Test func migrationFillsKeysOfFriendsStoredBefore() throws {
        let db = try SQLiteConnection(path: ":memory:", mode: .readWriteCreate)
        try StoreSchema.migrate(db, upTo: 1)
        try db.execute("""
            INSERT INTO friend (firstName, lastName, phoneNumber, createdAt, updatedAt)
            VALUES ('Émile', 'Ölz', '123', '2025-01-01 00:00:00', '2025-01-01 00:00:00')
            """)
        try StoreSchema.migrate(db)
        let row = try db.statement("SELECT lastNameKey, firstNameKey, searchKey FROM friend").bind()
        #expect(try row.step())
        #expect(try row.column(0, as: String.self) == "olz")
        #expect(try row.column(1, as: String.self) == "emile")
        #expect(try row.column(2, as: String.self) == "emile olz 123 ")
    }
}

struct FriendsSchemaTests {
    @Test func listAndFilterQueriesUseTheListIndexWithoutASort() throws {
        let database = try AppDatabase.inMemory()
        let plans = try database.read { db in
            try [
                "SELECT id, firstName FROM friend WHERE \(FriendRow.listed) ORDER BY \(FriendRow.order) LIMIT 50 OFFSET 10",
                "SELECT id, firstName FROM friend WHERE \(FriendRow.listed) AND instr(searchKey, 'x') > 0 "
                    + "ORDER BY \(FriendRow.order) LIMIT 5",
                "SELECT COUNT(*) FROM friend WHERE \(FriendRow.listed) AND instr(searchKey, 'x') > 0",
                "SELECT COUNT(*) FROM friend WHERE \(FriendRow.listed)",
            ].map { sql in
                let rows = try db.prepare("EXPLAIN QUERY PLAN " + sql).bind()
                var details: [String] = []
                while try rows.step() { details.append(try rows.column(3)) }
                return details.joined(separator: "; ")
            }
        }
        for plan in plans {
            #expect(plan.contains("friend_list"), "\(plan)")
            #expect(!plan.contains("TEMP B-TREE"), "\(plan)")
        }
        // Counts stay inside the index: the table is never read for them.
        #expect(plans[2].contains("COVERING INDEX"), "\(plans[2])")
        #expect(plans[3].contains("COVERING INDEX"), "\(plans[3])")
    }
}
