import FoundationEssentials
import NearbyCore

/// Friends kept in memory only: for tests, and for `nearby serve --memory` to try clients without a store.
public actor InMemoryFriendsRepository: FriendsRepository {
    private var friends: [Friend.ID: Friend] = [:] {
        didSet { listed = nil }
    }
    /// The list in list order, kept until the next change.
    private var listed: [Friend]?
    /// Photos by friend, in the stored form.
    private var photos: [Friend.ID: [UInt8]] = [:]
    private var nextID: Friend.ID = 1
    private let now: @Sendable () -> Date

    public init(friends: [Friend] = [], now: @escaping @Sendable () -> Date = { Date() }) {
        self.now = now
        for friend in friends { self.friends[friend.id] = friend }
        nextID = (friends.map(\.id).max() ?? 0) + 1
    }

    public func listFriends() async throws(FriendsError) -> [Friend] {
        if let listed { return listed }
        let sorted = FriendListOrder.sorted(Array(friends.values))
        listed = sorted
        return sorted
    }

    public func friend(id: Friend.ID) async throws(FriendsError) -> Friend {
        guard let friend = friends[id] else { throw .notFound }
        return friend
    }

    public func addFriend(_ draft: FriendDraft) async throws(FriendsError) -> Friend {
        if let (field, reason) = FriendValidation.problems(in: draft).min(by: { $0.key.order < $1.key.order }) {
            throw .invalid(field: field, reason: reason)
        }
        let time = now()
        let friend = Friend(id: nextID, draft: draft, createdAt: time, updatedAt: time)
        nextID += 1
        friends[friend.id] = friend
        return friend
    }

    public func updateFriend(id: Friend.ID, with draft: FriendDraft) async throws(FriendsError) -> Friend {
        try replace(id: id, with: draft)
    }

    /// Read, change and write with no suspension between them: the actor makes it one step.
    public func updateFriend(id: Friend.ID, changes: FriendChanges) async throws(FriendsError) -> Friend {
        guard let friend = friends[id] else { throw .notFound }
        return try replace(id: id, with: changes.applied(to: friend.draft))
    }

    private func replace(id: Friend.ID, with draft: FriendDraft) throws(FriendsError) -> Friend {
        guard let old = friends[id] else { throw .notFound }
        if let (field, reason) = FriendValidation.problems(in: draft).min(by: { $0.key.order < $1.key.order }) {
            throw .invalid(field: field, reason: reason)
        }
        let friend = Friend(id: id, draft: draft, createdAt: old.createdAt, updatedAt: now())
        friends[id] = friend
        return friend
    }

    public func deleteFriend(id: Friend.ID) async throws(FriendsError) {
        guard friends.removeValue(forKey: id) != nil else { throw .notFound }
        photos[id] = nil
    }
}

extension InMemoryFriendsRepository: FriendPhotos {
    public func photo(of id: Friend.ID) async throws(FriendsError) -> [UInt8]? { photos[id] }

    public func setPhoto(_ photo: [UInt8]?, of id: Friend.ID) async throws(FriendsError) {
        guard friends[id] != nil else { throw .notFound }
        photos[id] = photo
    }
}

extension FriendField {
    /// Position in the form, so the first problem reported is the first a user sees.
    var order: Int { FriendField.allCases.firstIndex(of: self) ?? 0 }
}
