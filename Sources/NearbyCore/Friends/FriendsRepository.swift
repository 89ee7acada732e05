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

/// Where friends live: the local store, or a remote service. The view models call only this.
public protocol FriendsRepository: Sendable {
    func listFriends() async throws(FriendsError) -> [Friend]
    func friend(id: Friend.ID) async throws(FriendsError) -> Friend
    func addFriend(_ draft: FriendDraft) async throws(FriendsError) -> Friend
    func updateFriend(id: Friend.ID, with draft: FriendDraft) async throws(FriendsError) -> Friend
    func deleteFriend(id: Friend.ID) async throws(FriendsError)
}
