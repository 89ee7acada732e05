import NearbyCore

/// A friend's place in list order, as `FriendsRepository` keeps it: last name, then first name (folded, so
/// case and accents do not count), then id.
struct FriendOrderKey: Comparable {
    let last: String
    let first: String
    let id: Friend.ID

    init(_ friend: Friend) {
        // A friend of one name sorts by it, as the store sorts it.
        last = SearchFolding.fold(friend.lastName.isEmpty ? friend.firstName : friend.lastName)
        first = SearchFolding.fold(friend.firstName)
        id = friend.id
    }

    static func < (a: FriendOrderKey, b: FriendOrderKey) -> Bool {
        (a.last, a.first, a.id) < (b.last, b.first, b.id)
    }
}
