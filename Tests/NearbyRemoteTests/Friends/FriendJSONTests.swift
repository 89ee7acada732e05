import Foundation
import Testing
import NearbyCore
import NearbyHTTP
@testable import NearbyData
@testable import NearbyRemote

/// What NearbyData makes of the HTTP layer's JSON and failures: friends written and read back, and a missing
/// libcurl in the words every live source uses.
@Suite("Friends JSON and HTTP failures")
struct FriendJSONTests {
    @Test("a friend list written by hand reads back as the same friends")
    func friends() throws {
        let friends = [
            Friend(id: 1, firstName: "Anna", lastName: "Beck \"the\" Great", phoneNumber: "+423 555 0101",
                   email: "anna@example.org", coordinate: Coordinate(latitude: 47.141, longitude: 9.5209),
                   placeName: "Vaduz\n", createdAt: Date(timeIntervalSince1970: 1_795_000_000),
                   updatedAt: Date(timeIntervalSince1970: 1_795_000_100)),
            Friend(id: 2, firstName: "Ben", lastName: "Adler", phoneNumber: "1"),
        ]
        let value = try JSONValue.parse(FriendJSON.data(of: friends))
        let read = try #require(FriendJSON.friends(from: value))
        #expect(read.skipped == 0)
        #expect(read.friends.count == 2)
        #expect(read.friends.first?.coordinate == friends[0].coordinate)
        #expect(read.friends.first?.createdAt == friends[0].createdAt)
        #expect(read.friends.first?.updatedAt == friends[0].updatedAt)
        #expect(read.friends.first?.lastName == friends[0].lastName)
        #expect(read.friends.first?.placeName == "Vaduz\u{FFFD}")
        #expect(read.friends.last == friends[1])
    }

    @Test("a missing libcurl reads the same to the places sources and the friends service")
    func missingLibcurl() {
        let detail = "libcurl-absent.so.0: cannot open shared object file"
        #expect(PlacesError.from(.networkLibraryMissing(detail), service: "Overpass")
                    == .network("Live sources need libcurl (apt install libcurl4)."))
        #expect(RemoteFriendsRepository.friendsError(for: .networkLibraryMissing(detail))
                    == .network("Live sources need libcurl (apt install libcurl4)."))
    }
}
