/// Why a friends operation failed, in terms a screen can turn into words.
public enum FriendsError: Error, Hashable, Sendable {
    /// The service wants credentials (HTTP 401).
    case unauthorized
    /// The friend or the route does not exist (HTTP 404).
    case notFound
    /// The service could not be reached or answered nonsense.
    case network(String)
    /// The service rejected a field.
    case invalid(field: FriendField, reason: String)
    /// The local store failed.
    case storage(String)
}

/// A window of the friends list in list order (last name, then first name), and how many match in all.
public struct FriendsPage: Hashable, Sendable {
    public var friends: [Friend]
    public var total: Int

    public init(friends: [Friend], total: Int) {
        self.friends = friends
        self.total = total
    }
}

/// Where friends live: the local store, or a remote service. The view models call only this.
public protocol FriendsRepository: Sendable {
    /// Every friend, in list order.
    func listFriends() async throws(FriendsError) -> [Friend]
    /// A window of the friends whose name, phone or e-mail contains `filter` (case- and accent-insensitive;
    /// nil or empty matches all), so a list of 100,000 never loads them all.
    func friendsPage(filter: String?, offset: Int, limit: Int) async throws(FriendsError) -> FriendsPage
    func friend(id: Friend.ID) async throws(FriendsError) -> Friend
    func addFriend(_ draft: FriendDraft) async throws(FriendsError) -> Friend
    func updateFriend(id: Friend.ID, with draft: FriendDraft) async throws(FriendsError) -> Friend
    /// Changes only the given fields of a friend. Stores make this one atomic step, so edits of different
    /// fields made at the same time all survive.
    func updateFriend(id: Friend.ID, changes: FriendChanges) async throws(FriendsError) -> Friend
    func deleteFriend(id: Friend.ID) async throws(FriendsError)
}

extension FriendsRepository {
    /// For services that only list everything: the window is cut from the whole list.
    public func friendsPage(filter: String?, offset: Int, limit: Int) async throws(FriendsError) -> FriendsPage {
        let all = try await listFriends()
        let matching: [Friend]
        if let filter, !filter.isEmpty {
            let needle = SearchFolding.fold(filter)
            matching = all.filter { SearchFolding.fold($0.searchText).contains(needle) }
        } else {
            matching = all
        }
        let start = min(max(offset, 0), matching.count)
        let end = min(start + max(limit, 0), matching.count)
        return FriendsPage(friends: Array(matching[start..<end]), total: matching.count)
    }

    /// For services without an atomic partial update: read, change, write back.
    public func updateFriend(id: Friend.ID, changes: FriendChanges) async throws(FriendsError) -> Friend {
        let current = try await friend(id: id)
        return try await updateFriend(id: id, with: changes.applied(to: current.draft))
    }

    public func friend(id: Friend.ID) async throws(FriendsError) -> Friend {
        guard let found = try await listFriends().first(where: { $0.id == id }) else { throw .notFound }
        return found
    }
}

extension Friend {
    /// The text a filter matches against: name, phone and e-mail.
    public var searchText: String { "\(firstName) \(lastName) \(phoneNumber) \(email ?? "")" }
}
