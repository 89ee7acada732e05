import Foundation
import NearbyCore
import PlacesStandIns
@testable import NearbyData
@testable import NearbyRemote
import TestSupport
import Locking
import Testing

@Suite("CachingPlacesProvider")
struct CachingPlacesProviderTests {
    static let center = PlaceSpots.vaduz

    static let categorize: OverpassPlacesProvider.Categorize = { tags in
        switch tags["amenity"] {
        case "cafe"?: .cafe
        case "atm"?: .atm
        default: nil
        }
    }

    /// Three cafés and an ATM within 400 m of the centre, as Overpass answers.
    static let area = #"""
    {"elements": [
      {"type": "node", "id": 1, "lat": 47.1420, "lon": 9.5209, "tags": {"amenity": "cafe", "name": "Café Amadeus"}},
      {"type": "node", "id": 2, "lat": 47.1430, "lon": 9.5209, "tags": {"amenity": "cafe", "name": "Kaffee Bar"}},
      {"type": "node", "id": 3, "lat": 47.1440, "lon": 9.5209, "tags": {"amenity": "cafe", "name": "Café Sonne"}},
      {"type": "node", "id": 4, "lat": 47.1415, "lon": 9.5209, "tags": {"amenity": "atm", "name": "Bank ATM"}}
    ]}
    """#
    static let lonePlace = #"""
    {"elements": [
      {"type": "node", "id": 99, "lat": 47.1500, "lon": 9.5209, "tags": {"amenity": "cafe", "name": "Far Café"}}
    ]}
    """#

    /// A clock the test moves.
    final class TestClock: Sendable {
        private let date = Locked(Date(timeIntervalSince1970: 1_800_000_000))
        func now() -> Date { date.withLock { $0 } }
        func advance(hours: Double) { date.withLock { $0 += hours * 3600 } }
    }

    /// An Overpass stand-in: the area for searches, one place for a lookup by id; 503 while `down`.
    final class FakeOverpass: Sendable {
        final class Switch: Sendable {
            private let state = Locked(false)
            var isOn: Bool {
                get { state.withLock { $0 } }
                set { state.withLock { $0 = newValue } }
            }
        }

        let down = Switch()
        let stub: StubServer

        init(answer: (@Sendable (StubRequest) async -> Void)? = nil) async throws {
            let down = self.down
            stub = try await StubServer.start { request in
                await answer?(request)
                if down.isOn { return StubResponse(status: 503) }
                let query = String(decoding: request.body, as: UTF8.self).removingPercentEncoding ?? ""
                let json = query.contains("node(99)") ? CachingPlacesProviderTests.lonePlace : CachingPlacesProviderTests.area
                return StubResponse(status: 200, headers: ["Content-Type": "application/json"], body: Data(json.utf8))
            }
        }

        var requestCount: Int { stub.requests.count }
    }

    private func provider(_ overpass: FakeOverpass, clock: TestClock = TestClock())
        throws -> (CachingPlacesProvider, LocalPlacesStore) {
        let store = LocalPlacesStore(database: try AppDatabase.inMemory())
        let remote = OverpassPlacesProvider(baseURL: overpass.stub.url, categorize: Self.categorize, timeout: .seconds(10))
        let caching = CachingPlacesProvider(remote: remote, store: store, source: "overpass",
                                           maxAge: .seconds(24 * 3600), now: { clock.now() })
        return (caching, store)
    }

    @Test("going back and forth inside a fetched area asks Overpass once")
    func backAndForth() async throws {
        let overpass = try await FakeOverpass()
        defer { Task { await overpass.stub.stop() } }
        let (places, _) = try provider(overpass)
        let cafes = PlaceQuery(center: Self.center, radius: 2000, category: .cafe, limit: 2)

        let first = try await places.places(cafes, after: nil)
        #expect(first.hits.map(\.place.name) == ["Café Amadeus", "Kaffee Bar"])
        #expect(first.attributions == ["© OpenStreetMap contributors"])
        #expect(overpass.requestCount == 1)
        let body = String(decoding: try #require(overpass.stub.requests.first).body, as: UTF8.self)
        #expect(body.removingPercentEncoding?.contains("around:2000,") == true)

        let second = try await places.places(cafes, after: first.next)
        #expect(second.hits.map(\.place.name) == ["Café Sonne"])
        #expect(second.next == nil)
        // Another category, a smaller circle inside, a search, a count, the first list again: all from the store.
        #expect(try await places.places(PlaceQuery(center: Self.center, radius: 2000, category: .atm), after: nil)
            .hits.map(\.place.name) == ["Bank ATM"])
        let inside = PlaceSpots.offset(Self.center, 300, 90)
        #expect(try await places.places(PlaceQuery(center: inside, radius: 500), after: nil).hits.count == 4)
        #expect(try await places.places(PlaceQuery(center: Self.center, radius: 2000, searchText: "sonne"), after: nil)
            .hits.map(\.place.name) == ["Café Sonne"])
        #expect(try await places.count(near: Self.center, radius: 2000, category: .cafe) == 3)
        #expect(try await places.places(cafes, after: nil).hits == first.hits)
        #expect(overpass.requestCount == 1)

        // A circle reaching outside the fetched one is fetched.
        let away = PlaceSpots.offset(Self.center, 1500, 0)
        _ = try await places.places(PlaceQuery(center: away, radius: 2000), after: nil)
        #expect(overpass.requestCount == 2)
        _ = try await places.places(PlaceQuery(center: Self.center, radius: 4000), after: nil)
        #expect(overpass.requestCount == 3)
        // The wider circle covers both earlier ones.
        _ = try await places.places(cafes, after: nil)
        _ = try await places.places(PlaceQuery(center: away, radius: 2000), after: nil)
        #expect(overpass.requestCount == 3)
    }

    @Test("an area older than its age limit is fetched again; the newer record replaces the older")
    func expiry() async throws {
        let overpass = try await FakeOverpass()
        defer { Task { await overpass.stub.stop() } }
        let clock = TestClock()
        let (places, store) = try provider(overpass, clock: clock)
        let query = PlaceQuery(center: Self.center, radius: 2000)
        _ = try await places.places(query, after: nil)
        clock.advance(hours: 23)
        _ = try await places.places(query, after: nil)
        #expect(overpass.requestCount == 1)
        clock.advance(hours: 2)
        #expect(try await places.places(query, after: nil).hits.count == 4)
        #expect(overpass.requestCount == 2)
        // The places were updated, not duplicated, and one area record is left.
        #expect(try store.fetchCount(near: Self.center, radius: 2000, category: nil) == 4)
        let records = try await store.database.read { db in
            try db.scalar("SELECT count(*) FROM fetched_area", as: Int.self) ?? -1
        }
        #expect(records == 1)
    }

    @Test("lists asked for at once (Home's sections) share one fetch")
    func concurrentListsShareOneFetch() async throws {
        let arrived = OneShotSignal()
        let release = OneShotSignal()
        let overpass = try await FakeOverpass { _ in
            arrived.fire()
            await release.wait()
        }
        defer { Task { await overpass.stub.stop() } }
        let (places, _) = try provider(overpass)
        let counts = try await withThrowingTaskGroup(of: Int.self) { group in
            for category in [Category.cafe, .atm, .cafe, .atm, .cafe] {
                group.addTask {
                    try await places.places(PlaceQuery(center: Self.center, radius: 2000, category: category),
                                            after: nil).hits.count
                }
            }
            // Held until one request has reached the server, so the lists overlap it.
            await arrived.wait()
            release.fire()
            var counts: [Int] = []
            for try await count in group { counts.append(count) }
            return counts.sorted()
        }
        #expect(counts == [1, 1, 3, 3, 3])
        #expect(overpass.requestCount == 1)
    }

    @Test("offline, an area fetched before is served from the store; an area never fetched fails")
    func offline() async throws {
        let overpass = try await FakeOverpass()
        defer { Task { await overpass.stub.stop() } }
        let clock = TestClock()
        let (places, _) = try provider(overpass, clock: clock)
        let query = PlaceQuery(center: Self.center, radius: 2000, category: .cafe)
        _ = try await places.places(query, after: nil)
        overpass.down.isOn = true
        clock.advance(hours: 48)
        #expect(try await places.places(query, after: nil).hits.count == 3)
        #expect(overpass.requestCount == 2)

        let elsewhere = PlaceQuery(center: Coordinate(latitude: 46.0, longitude: 8.0), radius: 2000)
        await #expect(throws: PlacesError.unavailable("Overpass has a problem (HTTP 503); try again later.")) {
            try await places.places(elsewhere, after: nil)
        }
    }

    @Test("a place by id comes from the store, else from Overpass and is kept")
    func placeByID() async throws {
        let overpass = try await FakeOverpass()
        defer { Task { await overpass.stub.stop() } }
        let (places, store) = try provider(overpass)
        _ = try await places.places(PlaceQuery(center: Self.center, radius: 2000), after: nil)
        let stored = try await places.place(id: PlaceID(source: .osm, sourceID: "n1"), from: Self.center)
        #expect(stored.place.name == "Café Amadeus")
        #expect(overpass.requestCount == 1)

        let far = PlaceID(source: .osm, sourceID: "n99")
        #expect(try await places.place(id: far, from: Self.center).place.name == "Far Café")
        #expect(overpass.requestCount == 2)
        #expect(try store.fetchPlace(id: far, from: Self.center).place.name == "Far Café")
    }

    @Test func areasCoverOnlyWhatTheyHold() {
        let all = FetchedArea(center: Self.center, radius: 2000, category: nil)
        let cafes = FetchedArea(center: Self.center, radius: 2000, category: .cafe)
        #expect(all.covers(cafes))
        #expect(!cafes.covers(all))
        #expect(!cafes.covers(FetchedArea(center: Self.center, radius: 1000, category: .atm)))
        #expect(all.covers(FetchedArea(center: PlaceSpots.offset(Self.center, 999, 45), radius: 1000, category: nil)))
        #expect(!all.covers(FetchedArea(center: PlaceSpots.offset(Self.center, 1001, 45), radius: 1000, category: nil)))
    }
}
