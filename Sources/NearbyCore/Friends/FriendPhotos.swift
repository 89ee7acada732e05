/// Where friends' photos are kept: apart from the friends themselves, so a list of a thousand friends reads no
/// picture, and a screen asks for one friend's photo when it shows that friend.
public protocol FriendPhotos: Sendable {
    /// The friend's photo as stored (a JPEG at most 512 pixels on its long side), or nil when they have none.
    func photo(of id: Friend.ID) async throws(FriendsError) -> [UInt8]?
    /// Gives the friend a photo (already in the stored form), or takes it away (nil).
    func setPhoto(_ photo: [UInt8]?, of id: Friend.ID) async throws(FriendsError)
}
