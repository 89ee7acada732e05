import NearbyCore

/// One row of the friends list, as the view draws it.
public enum FriendsListRow: Hashable, Sendable {
    case friend(FriendRowModel)
    /// A spinner and what is loading.
    case loading(String)
    /// Cannot be opened; the list's retry key loads it again.
    case error(String)
    /// Nothing to show; `suggestsAdding` when the list is empty because there are no friends at all, so the
    /// view names its add key.
    case empty(String, suggestsAdding: Bool)
    /// A row inside the list whose window is still being fetched.
    case placeholder
}

/// A friend as one list row shows them.
public struct FriendRowModel: Hashable, Sendable {
    public var id: Friend.ID
    /// "First Last".
    public var name: String
    public var phone: String
    /// "900 m N" when both the friend's and the user's location are known.
    public var distance: String?
    /// The row shows a spinner while its delete runs.
    public var isDeleting: Bool

    public init(id: Friend.ID, name: String, phone: String, distance: String? = nil, isDeleting: Bool = false) {
        self.id = id
        self.name = name
        self.phone = phone
        self.distance = distance
        self.isDeleting = isDeleting
    }

    /// A friend's row, with text from outside made safe to draw.
    public init(friend: Friend, distance: String?) {
        self.init(id: friend.id, name: DisplayText.oneLine(friend.fullName),
                  phone: DisplayText.oneLine(friend.phoneNumber), distance: distance)
    }
}
