import NearbyCore
import NearbyRemote

/// A friends repository that writes the whole list as the service's JSON itself (`FriendJSON`'s layout, byte
/// for byte), without making a `Friend` of each row first: the list is the service's busiest answer.
protocol FriendsListJSON: Sendable {
    func listFriendsJSON() async throws(FriendsError) -> [UInt8]
}
