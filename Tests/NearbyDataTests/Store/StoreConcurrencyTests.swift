import Dispatch
import Foundation
import NearbyCore
import Testing
@testable import NearbyData

/// Several writers and readers on one store file, each with its own `AppDatabase` (its own connections, as
/// separate processes have): writes wait their turn, reads never fail while a write is open.
struct StoreConcurrencyTests {
    private final class Folder {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("nearby-shared-\(UUID().uuidString)")
        var store: URL { DataLocation.storeFile(in: url) }
        init() throws { try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true) }
        deinit { try? FileManager.default.removeItem(at: url) }
    }

    private static func draft(_ writer: Int, _ index: Int) -> FriendDraft {
        FriendDraft(firstName: "Writer", lastName: ["Adler", "Beck", "Conti", "Dal"][writer % 4],
                    phoneNumber: "+423 \(writer) \(1000 + index)")
    }

    /// A name made of letters only (names may not hold digits), different for every number.
    private static func letters(_ number: Int64) -> String {
        var rest = number, text = ""
        repeat {
            text.append(Character(Unicode.Scalar(UInt8(97 + rest % 26))))
            rest /= 26
        } while rest > 0
        return "N" + text
    }

    @Test func threeWritersOfTheirOwnAllSucceed() async throws {
        let folder = try Folder()
        let store = folder.store
        _ = try AppDatabase.open(at: store)
        let counts = try await withThrowingTaskGroup(of: Int.self) { group in
            for writer in 1...3 {
                group.addTask {
                    let friends = LocalFriendsRepository(database: try AppDatabase.open(at: store))
                    for index in 0..<40 { _ = try await friends.addFriend(Self.draft(writer, index)) }
                    return 40
                }
            }
            return try await group.reduce(0, +)
        }
        #expect(counts == 120)
        let all = try await LocalFriendsRepository(database: try AppDatabase.open(at: folder.store, access: .readOnly))
            .listFriends()
        #expect(all.count == 120)
    }

    @Test func readersGoOnWhileAnotherConnectionHoldsTheWriteLock() async throws {
        let folder = try Folder()
        let writer = try AppDatabase.open(at: folder.store)
        _ = try await LocalFriendsRepository(database: writer).addFriend(Self.draft(0, 0))
        let reader = LocalFriendsRepository(database: try AppDatabase.open(at: folder.store, access: .readOnly))

        // A write transaction held open on a thread of its own until the readers are done.
        let inside = DispatchSemaphore(value: 0), done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            try? writer.write { db in
                try db.execute(script: """
                    INSERT INTO friend (firstName, lastName, phoneNumber, createdAt, updatedAt)
                    VALUES ('Held', 'Open', '999', '2025-01-01 00:00:00.000', '2025-01-01 00:00:00.000')
                    """)
                inside.signal()
                done.wait()
            }
        }
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                inside.wait()
                continuation.resume()
            }
        }
        for _ in 0..<20 {
            // The snapshot before the open write: the reader neither waits nor fails.
            #expect(try await reader.listFriends().count == 1)
            #expect(try await reader.friendsPage(filter: nil, offset: 0, limit: 10).total == 1)
        }
        done.signal()
        // A write from yet another connection waits for that one, then goes through.
        let third = LocalFriendsRepository(database: try AppDatabase.open(at: folder.store))
        _ = try await third.addFriend(Self.draft(3, 0))
        #expect(try await reader.listFriends().count == 3)
    }

    @Test func partialUpdatesOfDifferentFieldsAtTheSameTimeAllSurvive() async throws {
        let folder = try Folder()
        let database = try AppDatabase.open(at: folder.store)
        let friends = LocalFriendsRepository(database: database)
        var ids: [Friend.ID] = []
        for index in 0..<60 { ids.append(try await friends.addFriend(Self.draft(0, index)).id) }
        let ownIDs = ids
        // Four clients, each changing one field of every friend, all at once: the server's PATCH race.
        try await withThrowingTaskGroup(of: Void.self) { group in
            for field in 0..<4 {
                group.addTask {
                    for id in ownIDs {
                        var changes = FriendChanges()
                        switch field {
                        case 0: changes.firstName = Self.letters(id)
                        case 1: changes.lastName = Self.letters(id + 1_000)
                        case 2: changes.email = .some("friend\(id)@example.li")
                        default: changes.placeName = .some("Place \(id)")
                        }
                        _ = try await friends.updateFriend(id: id, changes: changes)
                    }
                }
            }
            try await group.waitForAll()
        }
        for friend in try await friends.listFriends() {
            #expect(friend.firstName == Self.letters(friend.id))
            #expect(friend.lastName == Self.letters(friend.id + 1_000))
            #expect(friend.email == "friend\(friend.id)@example.li")
            #expect(friend.placeName == "Place \(friend.id)")
            #expect(friend.phoneNumber.hasPrefix("+423 0 "), "fields nobody patched are kept")
        }
    }

    @Test func aPartialUpdateIsValidatedAndChangesNothingWhenRefused() async throws {
        let friends = LocalFriendsRepository(database: try AppDatabase.inMemory())
        let anna = try await friends.addFriend(FriendDraft(firstName: "Anna", lastName: "Beck", phoneNumber: "123",
                                                           email: "anna@example.li"))
        await #expect(throws: FriendsError.invalid(field: .phoneNumber, reason: "At least 3 digits")) {
            try await friends.updateFriend(id: anna.id, changes: FriendChanges(lastName: "Adler", phoneNumber: "1"))
        }
        #expect(try await friends.friend(id: anna.id) == anna)
        let cleared = try await friends.updateFriend(id: anna.id, changes: FriendChanges(email: .some(nil)))
        #expect(cleared.email == nil && cleared.lastName == "Beck")
        await #expect(throws: FriendsError.notFound) {
            try await friends.updateFriend(id: 999, changes: FriendChanges(firstName: "Nobody"))
        }
    }
}
