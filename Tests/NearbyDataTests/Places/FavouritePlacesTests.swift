import Foundation
import NearbyCore
import Testing
@testable import NearbyData

struct FavouritePlacesTests {
    typealias F = PlacesFixtures
    let here = PlacesFixtures.vaduz

    @Test func favouritesComeWithTheirPlacesInTheOrderAsked() async throws {
        let clock = TestClock()
        let near = F.place("n1", "Zum Löwen", .restaurant, at: F.offset(here, 100, 0))
        let far = F.place("n2", "Apotheke", .pharmacy, at: F.offset(here, 900, 90))
        let store = try F.store([near, far], now: clock.now)
        try await store.setFavourite(far.id, true)
        clock.advance(60)
        try await store.setFavourite(near, true)
        #expect(try await store.favouritePlaces(order: .recent).map(\.name) == ["Zum Löwen", "Apotheke"])
        #expect(try await store.favouritePlaces(order: .name).map(\.name) == ["Apotheke", "Zum Löwen"])
        let byDistance = try await store.favouritePlaces(order: .distance(from: F.offset(here, 1_000, 90)))
        #expect(byDistance.map(\.name) == ["Apotheke", "Zum Löwen"])
        #expect(byDistance.allSatisfy { !$0.isGone && $0.place != nil })
        #expect(byDistance.first?.place == far)
        #expect(byDistance.first?.savedAt == Date(timeIntervalSince1970: 1_700_000_000))
    }

    @Test func aFavouriteWhosePlaceIsGoneIsListedWithWhatWasKnown() async throws {
        let store = try F.store([])
        // A place from a live source that the store never kept: saved with what the screen showed.
        let remote = Place(id: PlaceID(source: .google, sourceID: "ChIJ123"), name: "Caffè Remoto", category: .cafe,
                           coordinate: F.offset(here, 300, 180), attribution: "Google")
        try await store.setFavourite(remote, true)
        let listed = try await store.favouritePlaces(order: .recent)
        #expect(listed.count == 1)
        #expect(listed.first?.isGone == true)
        #expect(listed.first?.name == "Caffè Remoto")
        #expect(listed.first?.category == .cafe)
        #expect(listed.first?.coordinate == remote.coordinate)
        try await store.setFavourite(remote, false)
        #expect(try await store.favouritePlaces(order: .recent).isEmpty)
    }

    @Test func placesStillThereComeBeforeGoneOnes() async throws {
        let clock = TestClock()
        let store = try F.store([F.place("n1", "Here", .bar, at: here)], now: clock.now)
        try await store.setFavourite(PlaceID(source: .osm, sourceID: "n1"), true)
        clock.advance(10)
        try await store.setFavourite(Place(id: PlaceID(source: .osm, sourceID: "n99"), name: "Gone", category: .bar,
                                           coordinate: here, attribution: ""), true)
        #expect(try await store.favouritePlaces(order: .recent).map(\.name) == ["Here", "Gone"])
    }
}
