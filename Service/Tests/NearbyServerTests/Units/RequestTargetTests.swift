import Foundation
@testable import NearbyServer
import Testing

@Suite("RequestTarget")
struct RequestTargetTests {
    @Test("paths are percent-decoded with dot segments resolved; queries decoded, the first of a name wins", arguments: [
        ("/listFriends", "/listFriends"), ("/list%46riends", "/listFriends"), ("/api/friends/../../listFriends", "/listFriends"),
        ("/../../etc/passwd", "/etc/passwd"), ("/%2e%2e/%2E%2E/etc", "/etc"), ("/a/./b/", "/a/b/"), ("/a/..", "/"),
        ("/%zz%4", "/%zz%4"), ("", "/"), ("/caf%C3%A9", "/café"),
    ])
    func paths(_ target: String, _ path: String) {
        #expect(RequestTarget(target).path == path)
    }

    @Test("query parameters")
    func query() {
        let target = RequestTarget("/api/places?near=47.1%2C9.5&search=caf+am&search=second&flag&x=%ZZ")
        #expect(target.query["near"] == "47.1,9.5")
        #expect(target.query["search"] == "caf am")
        #expect(target.query["flag"] == "")
        #expect(target.query["x"] == "%ZZ")
    }
}
