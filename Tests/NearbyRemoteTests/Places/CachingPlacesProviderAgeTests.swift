import Foundation
import NearbyCore
import PlacesStandIns
@testable import NearbyData
@testable import NearbyRemote
import Testing

/// The Overpass cache states its age, `r` fetches for real, decoration never fetches, and Google's places
/// never reach the store.
@Suite("CachingPlacesProvider: age, refresh and what it keeps")
struct CachingPlacesProviderAgeTests {
    typealias Fixture = CachingPlacesProviderTests
    static let center = PlaceSpots.vaduz

    private func provider(_ overpass: Fixture.FakeOverpass, clock: Fixture.TestClock)
        throws -> (CachingPlacesProvider, LocalPlacesStore) {
        let store = LocalPlacesStore(database: try AppDatabase.inMemory())
        let remote = OverpassPlacesProvider(baseURL: overpass.stub.url, categorize: Fixture.categorize,
                                            timeout: .seconds(10))
        return (CachingPlacesProvider(remote: remote, store: store, source: "overpass", now: { clock.now() }), store)
    }

    @Test("every page says when its area was fetched; r fetches again whatever the age")
    func ageAndRefresh() async throws {
        let overpass = try await Fixture.FakeOverpass()
        defer { Task { await overpass.stub.stop() } }
        let clock = Fixture.TestClock()
        let (places, _) = try provider(overpass, clock: clock)
        let cafes = PlaceQuery(center: Self.center, radius: 2_000, category: .cafe)
        let fetched = clock.now()
        #expect(try await places.places(cafes, after: nil).fetchedAt == fetched)
        #expect(places.isLive)

        clock.advance(hours: 3)
        #expect(try await places.places(cafes, after: nil).fetchedAt == fetched)
        #expect(overpass.requestCount == 1)

        try await places.refresh(PlaceQuery(center: Self.center, radius: 2_000, reach: .overview))
        #expect(overpass.requestCount == 2)
        #expect(try await places.places(cafes, after: nil).fetchedAt == clock.now())

        // A refresh that fails says why and keeps what the store holds.
        overpass.down.isOn = true
        await #expect(throws: PlacesError.self) {
            try await places.refresh(PlaceQuery(center: Self.center, radius: 2_000, reach: .overview))
        }
        #expect(try await places.places(cafes, after: nil).hits.count == 3)
    }

    @Test("a failure answers the questions that follow it for a moment; r asks again at once")
    func failureMemory() async throws {
        let overpass = try await Fixture.FakeOverpass()
        defer { Task { await overpass.stub.stop() } }
        overpass.down.isOn = true
        let clock = Fixture.TestClock()
        let (places, _) = try provider(overpass, clock: clock)
        // Home's questions one after the other, as they arrive when the first answer came back at once.
        for category in [nil, NearbyCore.Category.cafe, .atm, .pharmacy] {
            await #expect(throws: PlacesError.self) {
                try await places.count(PlaceQuery(center: Self.center, radius: 2_000, category: category,
                                                  reach: .overview))
            }
        }
        #expect(overpass.requestCount == 1)
        // r: asked for real, and its failure is remembered for the reload behind it.
        await #expect(throws: PlacesError.self) {
            try await places.refresh(PlaceQuery(center: Self.center, radius: 2_000, reach: .overview))
        }
        #expect(overpass.requestCount == 2)
        await #expect(throws: PlacesError.self) {
            try await places.places(PlaceQuery(center: Self.center, radius: 2_000), after: nil)
        }
        #expect(overpass.requestCount == 2)
        // A moment later, a question asks again.
        clock.advance(hours: 0.001)
        overpass.down.isOn = false
        #expect(try await places.places(PlaceQuery(center: Self.center, radius: 2_000), after: nil).hits.count == 4)
        #expect(overpass.requestCount == 3)
    }

    @Test("decoration (the map's neighbours) takes what the store holds and never fetches")
    func heldOnly() async throws {
        let overpass = try await Fixture.FakeOverpass()
        defer { Task { await overpass.stub.stop() } }
        let (places, _) = try provider(overpass, clock: Fixture.TestClock())
        let around = PlaceQuery(center: PlaceSpots.offset(Self.center, 1_500, 0), radius: 1_000, reach: .heldOnly)
        #expect(try await places.places(around, after: nil).hits.isEmpty)
        #expect(try await places.count(around) == PlaceCount(0))
        #expect(overpass.requestCount == 0)
        _ = try await places.places(PlaceQuery(center: Self.center, radius: 2_000), after: nil)
        #expect(try await places.places(PlaceQuery(center: Self.center, radius: 1_000, reach: .heldOnly), after: nil)
            .hits.count == 4)
        #expect(overpass.requestCount == 1)
    }

    /// A remote that answers with Google's places.
    struct GoogleLikeRemote: PlacesProvider {
        let place = Place(id: PlaceID(source: .google, sourceID: "ChIJ-x"), name: "Google Café", category: .cafe,
                          coordinate: PlaceSpots.vaduz, attribution: "Google Maps")

        func places(_ query: PlaceQuery, after cursor: PageCursor?) async throws(PlacesError) -> PlacesPage {
            PlacesPage(hits: [PlaceHit(place: place, distance: 0, bearing: 0)], next: nil)
        }

        func place(id: PlaceID, from center: Coordinate) async throws(PlacesError) -> PlaceHit {
            PlaceHit(place: place, distance: 0, bearing: 0)
        }

        func count(near center: Coordinate, radius: Double, category: NearbyCore.Category?) async throws(PlacesError) -> Int { 1 }
    }

    @Test("Google's places never reach the offline store, whatever remote the cache is given")
    func noGooglePlacesStored() async throws {
        let store = LocalPlacesStore(database: try AppDatabase.inMemory())
        let places = CachingPlacesProvider(remote: GoogleLikeRemote(), store: store, source: "test")
        _ = try await places.places(PlaceQuery(center: Self.center, radius: 2_000), after: nil)
        _ = try? await places.place(id: PlaceID(source: .google, sourceID: "ChIJ-x"), from: Self.center)
        #expect(try store.fetchCount(near: Self.center, radius: 20_000_000, category: nil) == 0)
    }
}
