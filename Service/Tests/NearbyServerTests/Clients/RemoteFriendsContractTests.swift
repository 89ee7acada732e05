import Foundation
import NearbyCore
import NearbyData
import NearbyRemote
import NearbyServer
import Testing

/// The app's friends client (`RemoteFriendsRepository`) against the real service: the contract between the two
/// packages. Its behaviour against failing or odd servers is tested with the app (NearbyDataTests).
@Suite("RemoteFriendsRepository against the service")
struct RemoteFriendsContractTests {
    static let anna = FriendDraft(firstName: "Anna", lastName: "Beck", phoneNumber: "+423 555 0101",
                                  email: "anna@example.org", coordinate: Coordinate(latitude: 47.14, longitude: 9.52))
    static let ben = FriendDraft(firstName: "Ben", lastName: "Adler", phoneNumber: "555 0102")

    /// A real friends server over an in-memory repository, and a client pointed at it.
    private func withServer(token: String? = nil, clientToken: String? = nil,
                            _ body: @Sendable (RemoteFriendsRepository) async throws -> Void) async throws {
        let server = try NearbyService(backend: MemoryServiceBackend(), host: "127.0.0.1", port: 0, token: token)
        let port = try await server.start()
        let url = try #require(URL(string: "http://127.0.0.1:\(port)"))
        do {
            try await body(RemoteFriendsRepository(baseURL: url, token: clientToken, timeout: .seconds(5)))
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
    }

    @Test("list, add, edit and delete against the friends server")
    func lifecycle() async throws {
        try await withServer { (friends: RemoteFriendsRepository) async throws in
            #expect(try await friends.listFriends().isEmpty)
            let anna = try await friends.addFriend(Self.anna)
            let ben = try await friends.addFriend(Self.ben)
            #expect(anna.id != ben.id)
            #expect(anna.draft == Self.anna)
            // List order: last name first.
            #expect(try await friends.listFriends().map(\.firstName) == ["Ben", "Anna"])

            var edited = Self.anna
            edited.phoneNumber = "+423 555 9999"
            edited.email = nil
            let updated = try await friends.updateFriend(id: anna.id, with: edited)
            #expect(updated.id == anna.id)
            #expect(updated.phoneNumber == "+423 555 9999")
            #expect(updated.email == nil)
            #expect(try await friends.friend(id: anna.id) == updated)

            try await friends.deleteFriend(id: ben.id)
            #expect(try await friends.listFriends().map(\.id) == [anna.id])
            let page = try await friends.friendsPage(filter: "beck", offset: 0, limit: 10)
            #expect(page.total == 1)
        }
    }

    @Test("the client against a server over the SQLite store")
    func overTheStore() async throws {
        let store = LocalFriendsRepository(database: try AppDatabase.inMemory())
        let server = try NearbyService(backend: MemoryServiceBackend(friends: store), port: 0)
        let port = try await server.start()
        let friends = RemoteFriendsRepository(baseURL: try #require(URL(string: "http://127.0.0.1:\(port)")),
                                              timeout: .seconds(5))
        let anna = try await friends.addFriend(Self.anna)
        #expect(try await store.friend(id: anna.id).draft == Self.anna)
        var edited = Self.anna
        edited.coordinate = nil
        edited.email = nil
        #expect(try await friends.updateFriend(id: anna.id, with: edited).draft == edited)
        #expect(try await friends.listFriends().map(\.draft) == [edited])
        try await friends.deleteFriend(id: anna.id)
        await #expect(throws: FriendsError.notFound) { try await friends.deleteFriend(id: anna.id) }
        #expect(try await store.listFriends().isEmpty)
        await server.stop()
    }

    @Test("with a token: the right one works, a wrong or missing one is .unauthorized")
    func tokens() async throws {
        try await withServer(token: "s3cret", clientToken: "s3cret") { (friends: RemoteFriendsRepository) async throws in
            #expect(try await friends.listFriends().isEmpty)
        }
        try await withServer(token: "s3cret", clientToken: "wrong") { (friends: RemoteFriendsRepository) async throws in
            await #expect(throws: FriendsError.unauthorized) { try await friends.listFriends() }
            await #expect(throws: FriendsError.unauthorized) { try await friends.addFriend(Self.anna) }
        }
        try await withServer(token: "s3cret", clientToken: nil) { (friends: RemoteFriendsRepository) async throws in
            await #expect(throws: FriendsError.unauthorized) { try await friends.listFriends() }
        }
    }

    @Test("an unknown id is .notFound for edit, delete and lookup")
    func notFound() async throws {
        try await withServer { (friends: RemoteFriendsRepository) async throws in
            await #expect(throws: FriendsError.notFound) { try await friends.updateFriend(id: 42, with: Self.anna) }
            await #expect(throws: FriendsError.notFound) { try await friends.deleteFriend(id: 42) }
            await #expect(throws: FriendsError.notFound) { try await friends.friend(id: 42) }
        }
    }

    @Test("the server's validation comes back as .invalid naming the field")
    func validation() async throws {
        try await withServer { (friends: RemoteFriendsRepository) async throws in
            var draft = Self.anna
            draft.firstName = "  "
            await #expect(throws: FriendsError.invalid(field: .firstName, reason: "Required")) {
                try await friends.addFriend(draft)
            }
            draft = Self.anna
            draft.phoneNumber = "call me"
            await #expect(throws: FriendsError.invalid(field: .phoneNumber, reason: "At least 3 digits")) {
                try await friends.addFriend(draft)
            }
            draft = Self.anna
            draft.lastName = "\u{1B}[31mRed"
            await #expect(throws: FriendsError.invalid(field: .lastName, reason: FriendValidation.nameRule)) {
                try await friends.addFriend(draft)
            }
            #expect(try await friends.listFriends().isEmpty)
        }
    }

    @Test("photos: given, read back, taken away, and a missing friend or photo said so")
    func photos() async throws {
        try await withServer { (friends: RemoteFriendsRepository) async throws in
            let anna = try await friends.addFriend(Self.anna)
            #expect(try await friends.photo(of: anna.id) == nil)
            let photo: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0] + [UInt8](repeating: 3, count: 90_000)
            try await friends.setPhoto(photo, of: anna.id)
            #expect(try await friends.photo(of: anna.id) == photo)
            try await friends.setPhoto(nil, of: anna.id)
            #expect(try await friends.photo(of: anna.id) == nil)
            await #expect(throws: FriendsError.notFound) { try await friends.setPhoto(photo, of: 999) }
            #expect(try await friends.photo(of: 999) == nil)
        }
    }

    @Test("a service whose address book keeps no photos: none to read, and giving one says so")
    func aServiceWithoutPhotos() async throws {
        let server = try NearbyService(backend: MemoryServiceBackend(friends: NoPhotosFriends()), port: 0)
        let port = try await server.start()
        let friends = RemoteFriendsRepository(baseURL: try #require(URL(string: "http://127.0.0.1:\(port)")),
                                              timeout: .seconds(5))
        let anna = try await friends.addFriend(Self.anna)
        #expect(try await friends.photo(of: anna.id) == nil)
        await #expect(throws: FriendsError.network("The friends service keeps no photos (it is older than this nearby).")) {
            try await friends.setPhoto([0xFF, 0xD8, 0xFF, 0], of: anna.id)
        }
        await server.stop()
    }
}

/// An address book that keeps no photos: an in-memory one seen only as a `FriendsRepository`.
private struct NoPhotosFriends: FriendsRepository {
    let inner = InMemoryFriendsRepository()
    func listFriends() async throws(FriendsError) -> [Friend] { try await inner.listFriends() }
    func addFriend(_ draft: FriendDraft) async throws(FriendsError) -> Friend { try await inner.addFriend(draft) }
    func updateFriend(id: Friend.ID, with draft: FriendDraft) async throws(FriendsError) -> Friend {
        try await inner.updateFriend(id: id, with: draft)
    }
    func deleteFriend(id: Friend.ID) async throws(FriendsError) { try await inner.deleteFriend(id: id) }
}
