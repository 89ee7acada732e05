import Testing
@testable import NearbyCore

@Suite("Meeting points")
struct MeetingPointsTests {
    static let origin = Coordinate(latitude: 47.0, longitude: 8.0)

    static func place(_ id: String, _ category: Category, north: Double, east: Double = 0) -> Place {
        Place(id: PlaceID(source: .demo, sourceID: id), name: "Place \(id)", category: category,
              coordinate: Coordinate(latitude: origin.latitude + north / 111_195,
                                     longitude: origin.longitude + east / 75_800),
              attribution: "Demo")
    }

    static func hit(_ place: Place) -> PlaceHit { PlaceHit(place: place, distance: 0, bearing: 0) }

    @Test func fromAnATMEveryMeetingCategoryButNoToiletsOrFuel() {
        let atm = Self.place("atm", .atm, north: 0)
        let friend = Self.place("f", .park, north: 2_000).coordinate
        let rule = MeetingPoints(from: atm, to: friend)
        #expect(!rule.categories.contains(.toilets))
        #expect(!rule.categories.contains(.fuel))
        #expect(!rule.categories.contains(.atm))
        #expect(rule.categories.contains(.cafe) && rule.categories.contains(.restaurant))
        #expect(rule.queryCategory == nil)
        let candidates = [Self.place("toilets", .toilets, north: 1_000), Self.place("fuel", .fuel, north: 1_000),
                          Self.place("bistro", .restaurant, north: 1_000, east: 400), Self.place("cafe", .cafe, north: 900)]
        let chosen = rule.suggestions(from: candidates.map(Self.hit), limit: 5) { _ in true }
        #expect(chosen.map(\.place.name) == ["Place cafe", "Place bistro"])
    }

    @Test func fromACafeCafesBetweenThePlaceAndTheFriend() {
        let cafe = Self.place("here", .cafe, north: 0)
        let friend = Self.place("f", .park, north: 4_000).coordinate
        let rule = MeetingPoints(from: cafe, to: friend)
        #expect(rule.categories == [.cafe])
        #expect(rule.queryCategory == .cafe)
        // The middle of the way from the place, not from wherever the user stands.
        #expect(abs(rule.searchCenter.distance(to: Self.place("m", .park, north: 2_000).coordinate)) < 1)
        #expect(abs(rule.searchRadius - 2_400) < 1)
        let candidates = [Self.place("a", .cafe, north: 2_000), Self.place("b", .cafe, north: 100),
                          Self.place("c", .bar, north: 2_000), Self.place("d", .cafe, north: 6_000)]
        let chosen = rule.suggestions(from: candidates.map(Self.hit), limit: 2) { $0.name != "Place b" }
        // b is closed; both a and d lie on the way, a is fairer than d (which is past the friend).
        #expect(chosen.map(\.place.name) == ["Place a", "Place d"])
    }

    @Test func theRuleDependsOnThePlaceOnScreen() {
        let friend = Self.place("f", .park, north: 3_000).coordinate
        let fromATM = MeetingPoints(from: Self.place("atm", .atm, north: 0), to: friend)
        let fromKebab = MeetingPoints(from: Self.place("kebab", .fastFood, north: 1_000), to: friend)
        #expect(fromATM.searchCenter != fromKebab.searchCenter)
        #expect(fromATM.categories != fromKebab.categories)
    }
}
