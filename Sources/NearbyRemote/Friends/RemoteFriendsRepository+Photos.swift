import FoundationEssentials
import NearbyCore
import NearbyHTTP

/// Friends' photos on the service: `GET`, `PUT` and `DELETE /api/friends/{id}/photo`, the picture as the body. A
/// service older than photos answers 404 for the route: it has no photos to give, and keeps none.
extension RemoteFriendsRepository: FriendPhotos {
    public func photo(of id: Friend.ID) async throws(FriendsError) -> [UInt8]? {
        let response = try await send("GET", "/api/friends/\(id)/photo", accept: "image/jpeg, image/png, image/webp")
        // No photo, no such friend, or a service that keeps none: the screen shows no photo either way.
        if response.status == 404 { return nil }
        guard response.isSuccess else { throw Self.friendsError(status: response.status, body: response.body) }
        return response.body.isEmpty ? nil : [UInt8](response.body)
    }

    public func setPhoto(_ photo: [UInt8]?, of id: Friend.ID) async throws(FriendsError) {
        let path = "/api/friends/\(id)/photo"
        let response = if let photo {
            try await send("PUT", path, body: Data(photo), contentType: "image/jpeg")
        } else {
            try await send("DELETE", path)
        }
        guard !response.isSuccess else { return }
        if response.status == 404 {
            let message = (try? JSONValue.parse(response.body))?["error"]?.stringValue ?? ""
            if message.hasPrefix("No friend") { throw .notFound }
            throw .network("The friends service keeps no photos (it is older than this nearby).")
        }
        throw Self.friendsError(status: response.status, body: response.body)
    }
}
