import NearbyCore

/// The order every friends list uses, the store's too: last name, first name (folded), then id.
public enum FriendListOrder {
    /// `friends` in list order; each name is folded once rather than at every comparison.
    public static func sorted(_ friends: [Friend]) -> [Friend] {
        friends
            .map { (last: SearchFolding.fold($0.lastName), first: SearchFolding.fold($0.firstName), friend: $0) }
            .sorted { a, b in
                if a.last != b.last { return a.last < b.last }
                if a.first != b.first { return a.first < b.first }
                return a.friend.id < b.friend.id
            }
            .map(\.friend)
    }
}
