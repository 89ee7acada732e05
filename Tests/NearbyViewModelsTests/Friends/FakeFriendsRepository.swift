import Foundation
import NearbyCore

/// A friends repository for tests: it can be told to fail, to hold calls until the test releases them
/// (no sleeps), or to generate a huge list without storing it.
actor FakeFriendsRepository: FriendsRepository {
    enum Operation: Hashable, Sendable {
        case list, page, friend, add, update, delete
    }

    struct PageCall: Hashable, Sendable {
        var filter: String?
        var offset: Int
        var limit: Int
    }

    private struct Held {
        var operation: Operation
        var filter: String?
        var continuation: CheckedContinuation<Void, Never>
    }

    private var friends: [Friend]
    private var generatedCount: Int?
    private var failures: [Operation: FriendsError] = [:]
    private var holding: Set<Operation> = []
    private var held: [Held] = []
    private var arrivalWaiters: [CheckedContinuation<Void, Never>] = []
    private var nextID: Friend.ID

    private(set) var pageCalls: [PageCall] = []
    private(set) var listCalls = 0
    private(set) var addedDrafts: [FriendDraft] = []
    private(set) var updates: [(id: Friend.ID, draft: FriendDraft)] = []
    private(set) var deletedIDs: [Friend.ID] = []

    init(friends: [Friend] = []) {
        self.friends = friends.sorted { ($0.lastName, $0.firstName) < ($1.lastName, $1.firstName) }
        nextID = (friends.map(\.id).max() ?? 0) + 1
    }

    /// A list of `count` friends made up on demand, so a test can page through 100,000 of them.
    init(generated count: Int) {
        friends = []
        generatedCount = count
        nextID = Friend.ID(count) + 1
    }

    /// The generated friend at `index` (ids start at 1).
    static func generatedFriend(_ index: Int) -> Friend {
        Friend(id: Friend.ID(index + 1), firstName: "Person", lastName: "N\(index)", phoneNumber: "+41 \(index)")
    }

    // MARK: Steering

    /// Every later call of `operation` fails with `error` (nil: succeeds again).
    func fail(_ operation: Operation, with error: FriendsError?) {
        failures[operation] = error
    }

    /// Every later call of `operation` waits until the test releases it.
    func hold(_ operation: Operation) {
        holding.insert(operation)
    }

    func stopHolding(_ operation: Operation) {
        holding.remove(operation)
    }

    /// Waits until a held call of `operation` arrives (or has), then lets it go on.
    func release(_ operation: Operation) async {
        await releaseFirst { $0.operation == operation }
    }

    /// Waits until a held page call for exactly this filter arrives (or has), then lets it go on.
    func releasePage(filter: String?) async {
        await releaseFirst { $0.operation == .page && $0.filter == filter }
    }

    private func releaseFirst(where matches: (Held) -> Bool) async {
        while true {
            if let index = held.firstIndex(where: matches) {
                held.remove(at: index).continuation.resume()
                return
            }
            await withCheckedContinuation { arrivalWaiters.append($0) }
        }
    }

    /// Waits until `count` calls of `operation` are held.
    func waitUntilHeld(_ operation: Operation, count: Int = 1) async {
        while held.filter({ $0.operation == operation }).count < count {
            await withCheckedContinuation { arrivalWaiters.append($0) }
        }
    }

    func setFriends(_ newFriends: [Friend]) {
        friends = newFriends.sorted { ($0.lastName, $0.firstName) < ($1.lastName, $1.firstName) }
    }

    // MARK: FriendsRepository

    func listFriends() async throws(FriendsError) -> [Friend] {
        listCalls += 1
        await gate(.list, filter: nil)
        try check(.list)
        return all()
    }

    func friendsPage(filter: String?, offset: Int, limit: Int) async throws(FriendsError) -> FriendsPage {
        pageCalls.append(PageCall(filter: filter, offset: offset, limit: limit))
        await gate(.page, filter: filter)
        try check(.page)
        if let generatedCount {
            let end = min(offset + limit, generatedCount)
            let window = offset < end ? (offset..<end).map(Self.generatedFriend) : []
            return FriendsPage(friends: window, total: generatedCount)
        }
        let matching: [Friend]
        if let filter, !filter.isEmpty {
            let needle = SearchFolding.fold(filter)
            matching = friends.filter { SearchFolding.fold($0.searchText).contains(needle) }
        } else {
            matching = friends
        }
        let start = min(max(offset, 0), matching.count)
        let end = min(start + limit, matching.count)
        return FriendsPage(friends: Array(matching[start..<end]), total: matching.count)
    }

    func friend(id: Friend.ID) async throws(FriendsError) -> Friend {
        await gate(.friend, filter: nil)
        try check(.friend)
        guard let found = friends.first(where: { $0.id == id }) else { throw .notFound }
        return found
    }

    func addFriend(_ draft: FriendDraft) async throws(FriendsError) -> Friend {
        addedDrafts.append(draft)
        await gate(.add, filter: nil)
        try check(.add)
        let friend = Friend(id: nextID, firstName: draft.firstName, lastName: draft.lastName,
                            phoneNumber: draft.phoneNumber, email: draft.email, coordinate: draft.coordinate,
                            placeName: draft.placeName)
        nextID += 1
        setFriends(friends + [friend])
        return friend
    }

    func updateFriend(id: Friend.ID, with draft: FriendDraft) async throws(FriendsError) -> Friend {
        updates.append((id, draft))
        await gate(.update, filter: nil)
        try check(.update)
        guard let index = friends.firstIndex(where: { $0.id == id }) else { throw .notFound }
        var friend = friends[index]
        friend.firstName = draft.firstName
        friend.lastName = draft.lastName
        friend.phoneNumber = draft.phoneNumber
        friend.email = draft.email
        friend.coordinate = draft.coordinate
        friend.placeName = draft.placeName
        friends[index] = friend
        setFriends(friends)
        return friend
    }

    func deleteFriend(id: Friend.ID) async throws(FriendsError) {
        deletedIDs.append(id)
        await gate(.delete, filter: nil)
        try check(.delete)
        guard friends.contains(where: { $0.id == id }) else { throw .notFound }
        friends.removeAll { $0.id == id }
    }

    // MARK: Inside

    private func all() -> [Friend] {
        if let generatedCount { return (0..<generatedCount).map(Self.generatedFriend) }
        return friends
    }

    private func gate(_ operation: Operation, filter: String?) async {
        guard holding.contains(operation) else { return }
        await withCheckedContinuation { continuation in
            held.append(Held(operation: operation, filter: filter, continuation: continuation))
            let waiters = arrivalWaiters
            arrivalWaiters.removeAll()
            for waiter in waiters { waiter.resume() }
        }
    }

    private func check(_ operation: Operation) throws(FriendsError) {
        if let error = failures[operation] { throw error }
    }
}

/// Friends the tests share, in list order (last name, first name).
enum SampleFriends {
    static let anna = Friend(id: 1, firstName: "Anna", lastName: "Beck", phoneNumber: "+423 555 0101",
                             email: "anna@example.com", coordinate: Coordinate(latitude: 47.15, longitude: 9.52))
    static let bob = Friend(id: 2, firstName: "Bob", lastName: "Cole", phoneNumber: "+41 44 555 0102")
    static let jose = Friend(id: 3, firstName: "José", lastName: "Díaz", phoneNumber: "555 0103", placeName: "Vaduz")
    static let all = [anna, bob, jose]
}

/// Towns for the friend form: Vaduz once, Triesen twice far apart.
struct FakeGazetteer: PlaceNameResolver {
    static let vaduz = Coordinate(latitude: 47.141, longitude: 9.5209)

    func lookUp(_ name: String) async -> PlaceNameLookup {
        switch name.lowercased() {
        case "vaduz": return .found(name: "Vaduz", coordinate: Self.vaduz)
        case "triesen":
            return .ambiguous([
                Locality(id: "osm:n6", name: "Triesen", kind: .village, coordinate: Coordinate(latitude: 47.107, longitude: 9.528)),
                Locality(id: "osm:n7", name: "Triesen", kind: .hamlet, coordinate: Coordinate(latitude: 46.5, longitude: 7.0)),
            ])
        default: return .unknown
        }
    }
}
