import Foundation
import NearbyCore
import NearbyData
import NearbyHTTP
import NearbyRemote
import NearbyServer
import Testing

/// A friend's photo on the service, on every backend: `PUT`, `GET` and `DELETE /api/friends/{id}/photo`, the picture
/// as the body; only JPEG, PNG and WebP, at most 1 MB (the other routes keep their 64 KB); gone with its friend;
/// the friend list unchanged, so clients older than photos keep working.
@Suite("Friend photo routes on every backend")
struct FriendPhotoRoutesTests {
    /// A PNG's signature and enough bytes after it: the service checks what a body starts with, not the whole.
    static func picture(_ size: Int, png: Bool = true) -> Data {
        let start: [UInt8] = png ? [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] : [0xFF, 0xD8, 0xFF, 0xE0]
        return Data(start + [UInt8](repeating: 7, count: max(0, size - start.count)))
    }

    static func send(_ running: RunningService, _ method: String, _ path: String, body: Data? = nil,
                     type: String = "image/png") async throws -> HTTPClient.Response {
        try await running.client.send(.init(method: method, path: path, headers: body == nil ? [:] : ["Content-Type": type],
                                            body: body))
    }

    @Test("a photo is put, read back as it was sent, removed, and goes with its friend", arguments: BackendKind.available)
    func roundTrip(_ kind: BackendKind) async throws {
        let running = try await RunningService(kind, friends: FriendsRoutesTests.friends)
        // Larger than the 64 KB other bodies may be: a photo's allowance.
        let photo = Self.picture(200_000, png: false)
        let put = try await Self.send(running, "PUT", "/api/friends/1/photo", body: photo, type: "image/jpeg")
        #expect(put.status == 200)
        #expect((try? JSONValue.parse(put.body))?["photo"] == .bool(true))
        let got = try await Self.send(running, "GET", "/api/friends/1/photo")
        #expect(got.status == 200)
        #expect(got.headers["content-type"] == "image/jpeg")
        #expect(got.body == photo)
        // The list is as it was: no photo in it.
        let list = try await running.send("GET", "/listFriends")
        #expect(list.json?.arrayValue?.allSatisfy { $0["photo"] == nil } == true)
        let removed = try await Self.send(running, "DELETE", "/api/friends/1/photo")
        #expect(removed.status == 200)
        #expect(try await Self.send(running, "GET", "/api/friends/1/photo").status == 404)
        // Given again, then its friend deleted: the photo goes too.
        _ = try await Self.send(running, "PUT", "/api/friends/2/photo", body: Self.picture(1_000))
        #expect(try await running.send("DELETE", "/api/friends/2").status == 200)
        #expect(try await Self.send(running, "GET", "/api/friends/2/photo").status == 404)
        await running.stop()
    }

    @Test("what is not a photo, too large, or for no friend is refused in words", arguments: BackendKind.available)
    func refusals(_ kind: BackendKind) async throws {
        let running = try await RunningService(kind, friends: FriendsRoutesTests.friends)
        let html = try await Self.send(running, "PUT", "/api/friends/1/photo", body: Data("<html>".utf8), type: "image/png")
        #expect(html.status == 415)
        #expect((try? JSONValue.parse(html.body))?["error"] == .string("The body is not a JPEG, PNG or WebP picture."))
        let gif = try await Self.send(running, "PUT", "/api/friends/1/photo", body: Data("GIF89a....".utf8))
        #expect(gif.status == 415)
        let huge = try await Self.send(running, "PUT", "/api/friends/1/photo", body: Self.picture(1_100_000))
        #expect(huge.status == 413)
        let nobody = try await Self.send(running, "PUT", "/api/friends/99/photo", body: Self.picture(100))
        #expect(nobody.status == 404)
        #expect((try? JSONValue.parse(nobody.body))?["error"] == .string("No friend with that id."))
        let none = try await Self.send(running, "GET", "/api/friends/1/photo")
        #expect(none.status == 404)
        #expect((try? JSONValue.parse(none.body))?["error"] == .string("That friend has no photo."))
        let post = try await Self.send(running, "POST", "/api/friends/1/photo", body: Self.picture(100))
        #expect(post.status == 405)
        #expect(post.headers["allow"] == "GET, PUT, DELETE")
        // Another route keeps its 64 KB: a friend of 100 KB is refused.
        let big = String(repeating: "x", count: 100_000)
        let friend = try await running.send("POST", "/api/friends", #"{"firstname":"\#(big)"}"#)
        #expect(friend.status == 413)
        await running.stop()
    }

    @Test func theAllowanceIsForPhotoPathsOnly() {
        let limits = HTTPLimits()
        #expect(limits.body(forPath: "/api/friends/7/photo") == 1024 * 1024)
        #expect(limits.body(forPath: "/api/friends/7/photo?x=1") == 1024 * 1024)
        #expect(limits.body(forPath: "/api/friends/photo") == 64 * 1024)
        #expect(limits.body(forPath: "/api/friends/7") == 64 * 1024)
        #expect(limits.body(forPath: "/addFriend") == 64 * 1024)
    }
}
