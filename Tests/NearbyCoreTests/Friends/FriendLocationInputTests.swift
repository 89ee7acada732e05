import Testing
@testable import NearbyCore

struct FriendLocationInputTests {
    @Test func readsCoordinatesPlaceNamesAndNothing() {
        #expect(FriendLocationInput(text: "") == FriendLocationInput.none)
        #expect(FriendLocationInput(text: "   ") == FriendLocationInput.none)
        #expect(FriendLocationInput(text: "47.141, 9.5209") == .coordinate(Coordinate(latitude: 47.141, longitude: 9.5209)))
        #expect(FriendLocationInput(text: " -33.9,18.4 ") == .coordinate(Coordinate(latitude: -33.9, longitude: 18.4)))
        #expect(FriendLocationInput(text: " Vaduz ") == .placeName("Vaduz"))
        #expect(FriendLocationInput(text: "7-Eleven, Main St 5") == .placeName("7-Eleven, Main St 5"))
    }

    @Test func refusesWhatItCannotRead() {
        #expect(FriendLocationInput(text: "91, 0") == nil)
        #expect(FriendLocationInput.problem(in: "91, 0") == "Latitude -90…90, longitude -180…180")
        // Two numbers apart are a position, as a map copies them.
        #expect(FriendLocationInput.problem(in: "47.1 9.5") == nil)
        #expect(FriendLocationInput(text: "47.1 9.5") == .coordinate(Coordinate(latitude: 47.1, longitude: 9.5)))
        #expect(FriendLocationInput.problem(in: "1,2,3") == "Write latitude, longitude (47.141, 9.5209)")
        #expect(FriendLocationInput.problem(in: "Vaduz\u{1B}[31m") == "Only printable characters")
        #expect(FriendLocationInput.problem(in: "#!?") == "Needs at least one letter")
        #expect(FriendLocationInput.problem(in: String(repeating: "a", count: 101)) == "At most 100 characters")
        #expect(FriendLocationInput.problem(in: "") == nil)
    }

    @Test func textForAStoredLocationPrefersThePlaceName() {
        let coordinate = Coordinate(latitude: 47.141, longitude: 9.5209)
        #expect(FriendLocationInput.text(coordinate: coordinate, placeName: "Vaduz") == "Vaduz")
        // Five decimals (about a metre), as the friend's detail shows it.
        #expect(FriendLocationInput.text(coordinate: coordinate, placeName: nil) == "47.14100, 9.52090")
        #expect(FriendLocationInput.text(coordinate: nil, placeName: nil) == "")
        // What the field shows reads back as the same coordinate.
        #expect(FriendLocationInput(text: FriendLocationInput.text(coordinate: coordinate, placeName: nil))
                    == .coordinate(coordinate))
    }
}
