import Foundation
import NearbyCore

/// A friends repository in memory, with switches to make it fail.
actor InMemoryFriends: FriendsRepository {
    private var friends: [Friend]
    private var nextID: Friend.ID
    var listFailure: FriendsError?
    var deleteFailure: FriendsError?

    init(_ friends: [Friend]) {
        self.friends = friends.sorted { ($0.lastName, $0.firstName) < ($1.lastName, $1.firstName) }
        nextID = (friends.map(\.id).max() ?? 0) + 1
    }

    func failListing(with error: FriendsError?) { listFailure = error }
    func failDeleting(with error: FriendsError?) { deleteFailure = error }

    func listFriends() async throws(FriendsError) -> [Friend] {
        if let listFailure { throw listFailure }
        return friends
    }

    func friendsPage(filter: String?, offset: Int, limit: Int) async throws(FriendsError) -> FriendsPage {
        if let listFailure { throw listFailure }
        let needle = filter.map(SearchFolding.fold) ?? ""
        let matching = needle.isEmpty ? friends : friends.filter { SearchFolding.fold($0.searchText).contains(needle) }
        let start = min(offset, matching.count)
        return FriendsPage(friends: Array(matching[start..<min(start + limit, matching.count)]), total: matching.count)
    }

    func addFriend(_ draft: FriendDraft) async throws(FriendsError) -> Friend {
        let friend = Friend(id: nextID, firstName: draft.firstName, lastName: draft.lastName,
                            phoneNumber: draft.phoneNumber, email: draft.email, coordinate: draft.coordinate,
                            placeName: draft.placeName, createdAt: Fixture.date, updatedAt: Fixture.date)
        nextID += 1
        friends.append(friend)
        friends.sort { ($0.lastName, $0.firstName) < ($1.lastName, $1.firstName) }
        return friend
    }

    func updateFriend(id: Friend.ID, with draft: FriendDraft) async throws(FriendsError) -> Friend {
        guard let index = friends.firstIndex(where: { $0.id == id }) else { throw .notFound }
        friends[index].firstName = draft.firstName
        friends[index].lastName = draft.lastName
        friends[index].phoneNumber = draft.phoneNumber
        friends[index].email = draft.email
        return friends[index]
    }

    func deleteFriend(id: Friend.ID) async throws(FriendsError) {
        if let deleteFailure { throw deleteFailure }
        friends.removeAll { $0.id == id }
    }
}

enum Fixture {
    static let date = Date(timeIntervalSince1970: 1_795_000_000) // 2026-11-18

    static func friend(_ id: Friend.ID, _ first: String, _ last: String, _ phone: String,
                       email: String? = nil, at coordinate: Coordinate? = nil) -> Friend {
        Friend(id: id, firstName: first, lastName: last, phoneNumber: phone, email: email, coordinate: coordinate,
               createdAt: date, updatedAt: date)
    }

    static let friends: [Friend] = [
        friend(1, "Anna", "Beck", "+423 555 0101", email: "anna@example.li", at: Coordinate(latitude: 47.149, longitude: 9.521)),
        friend(2, "José", "Álvarez", "+34 600 123 456"),
        friend(3, "美咲", "佐藤", "+81 90 1234 5678"),
        friend(4, "Mallory", "Evil\u{1B}[2J\u{1B}]0;pwned\u{07}", "+1 555 0000"),
        friend(5, "Liam", "O'Brien-Fitzgerald-Montgomery-Worthington", "+353 1 234 5678"),
    ]
}
