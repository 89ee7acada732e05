import Foundation
import NearbyCore
import PlacesStandIns
import Locking
import Testing
@testable import NearbyData
@testable import NearbyRemote
@testable import NearbyHTTP

/// Overpass as its public instances ask of apps: bounded JSON queries with a server time limit below the
/// client's, a `User-Agent` naming the app, runtime-error remarks taken as errors, `Retry-After` honoured,
/// and the status page asked before retrying after a 429. Against `OverpassStandIn`, which refuses
/// unbounded queries and queries without a time limit as a real instance would.
@Suite("Overpass fair use")
struct OverpassFairUseTests {
    static let here = Coordinate(latitude: 47.141, longitude: 9.5209)

    /// A clock the test moves, or (`following`) the system's.
    final class Clock: Sendable {
        private let value = Locked(Date(timeIntervalSince1970: 1_800_000_000))
        private let isFollowing: Bool

        init(following: Bool = false) { isFollowing = following }

        var now: Date { isFollowing ? Date() : value.withLock { $0 } }
        func advance(_ seconds: TimeInterval) { value.withLock { $0 = $0.addingTimeInterval(seconds) } }
    }

    static let fixture = #"""
    {"version": 0.6, "elements": [
      {"type": "node", "id": 1, "lat": 47.1420, "lon": 9.5209, "tags": {"amenity": "cafe", "name": "Café Amadeus"}},
      {"type": "node", "id": 2, "lat": 47.1411, "lon": 9.5215, "tags": {"amenity": "atm", "operator": "LLB"}},
      {"type": "node", "id": 3, "lat": 47.1413, "lon": 9.5230, "tags": {"amenity": "fuel", "brand": "Shell"}},
      {"type": "way", "id": 4, "center": {"lat": 47.1430, "lon": 9.5200},
       "tags": {"amenity": "parking", "parking": "underground", "fee": "yes", "capacity": "40"}},
      {"type": "way", "id": 5, "center": {"lat": 47.1432, "lon": 9.5190},
       "tags": {"amenity": "parking", "access": "customers", "addr:street": "Städtle"}},
      {"type": "node", "id": 6, "lat": 47.1416, "lon": 9.5210, "tags": {"amenity": "restaurant"}},
      {"type": "node", "id": 7, "lat": 47.1600, "lon": 9.5209, "tags": {"amenity": "cafe", "name": "Beyond the radius"}}
    ]}
    """#

    private func overpass(_ standIn: OverpassStandIn, timeout: Duration = .seconds(30),
                          clock: Clock? = nil) throws -> OverpassPlacesProvider {
        let clock = clock ?? Clock(following: true)
        let now: @Sendable () -> Date = { clock.now }
        return OverpassPlacesProvider(baseURL: try #require(URL(string: standIn.placesURL)),
                                      categorize: { CategoryMapping.category(osmTags: $0) }, timeout: timeout, now: now)
    }

    @Test("every query is bounded JSON with a server time limit below the client's, and names Nearby",
          arguments: [(30, 25), (12, 7), (5, 4)])
    func queryShape(clientSeconds: Int, serverSeconds: Int) async throws {
        let standIn = try await OverpassStandIn.start(fixture: Self.fixture)
        let places = try overpass(standIn, timeout: .seconds(clientSeconds))
        let page = try await places.places(PlaceQuery(center: Self.here, radius: 2_000), after: nil)
        #expect(!page.hits.isEmpty)
        let query = try #require(standIn.queries.first)
        #expect(query.hasPrefix("[out:json][timeout:\(serverSeconds)];"))
        #expect(query.contains("(around:2000,47.141,9.5209)"))
        #expect(query.hasSuffix("out tags center 10000;"))
        // Named objects of the usually named kinds, every object of the kinds usually left unnamed.
        #expect(query.contains(#"nwr["amenity"~"^(bank|cafe|"#) && query.contains(#")$"]["name"](around:"#))
        #expect(query.contains(
            #"nwr["amenity"~"^(atm|fuel|parking|toilets|drinking_water|bicycle_rental|charging_station)$"](around:2000,47.141,9.5209);"#))
        #expect(query.contains(#"nwr["healthcare"~"#) && query.contains(#"nwr["leisure"~"^(park)$"]"#))
        let agent = try #require(standIn.requests.first?.headers["user-agent"])
        #expect(agent == NearbyRelease.userAgent)
        #expect(agent.hasPrefix("Nearby/\(NearbyRelease.version) (+https://"))
        await standIn.stop()
    }

    @Test("a wide radius is asked for 50 km at most")
    func boundedRadius() async throws {
        let standIn = try await OverpassStandIn.start(fixture: Self.fixture)
        _ = try await overpass(standIn).places(PlaceQuery(center: Self.here, radius: 400_000), after: nil)
        #expect(try #require(standIn.queries.first).contains("(around:50000,"))
        await standIn.stop()
    }

    @Test("unnamed ATMs, fuel stations and car parks are kept and named as the importer names them")
    func unnamedKinds() async throws {
        let standIn = try await OverpassStandIn.start(fixture: Self.fixture)
        let page = try await overpass(standIn).places(PlaceQuery(center: Self.here, radius: 2_000), after: nil)
        let names = Dictionary(uniqueKeysWithValues: page.hits.map { ($0.place.id.sourceID, $0.place.name) })
        #expect(names == ["n1": "Café Amadeus", "n2": "LLB", "n3": "Shell", "w4": "Underground parking (paid, 40 spaces)",
                          "w5": "Parking (Städtle, customers)"])
        // The same tags through the importer's mapping give the same places.
        for hit in page.hits {
            let element = try #require(try JSONValue.parse(Data(Self.fixture.utf8))["elements"]?.arrayValue?.first {
                "\($0["type"]?.stringValue?.first ?? "x")\($0["id"]?.integerValue ?? 0)" == hit.place.id.sourceID
            })
            guard case .object(let raw)? = element["tags"] else { continue }
            let tags = raw.compactMapValues(\.stringValue)
            let imported = OSMPlaceMapping.place(id: hit.place.id, tags: tags, coordinate: hit.place.coordinate)
            #expect(imported == hit.place)
        }
        await standIn.stop()
    }

    @Test("a 200 whose remark reports a runtime error is an error, not a list", arguments: [
        ("runtime error: Query timed out in \"query\" at line 1 after 25 seconds.",
         PlacesError.unavailable("Overpass ran out of time for this area; try a smaller radius, or again later.")),
        ("runtime error: Query run out of memory using about 2048 MB of RAM.",
         .unavailable("Overpass ran out of memory for this area; try a smaller radius.")),
        ("runtime error: open64: 2 No such file or directory /osm3s_v0.7.61_osm_base Dispatcher_Client::1",
         .unavailable("Overpass could not finish the query (runtime error: open64: 2 No such file or directory "
                      + "/osm3s_v0.7.61_osm_base Dispatcher_Client::1).")),
    ])
    func runtimeErrorRemark(remark: String, expected: PlacesError) async throws {
        let standIn = try await OverpassStandIn.start(fixture: Self.fixture)
        // The fixture's elements come with the remark: a part of an area must not pass for all of it.
        standIn.answer(.remark(remark))
        await #expect(throws: expected) {
            try await overpass(standIn).places(PlaceQuery(center: Self.here, radius: 2_000), after: nil)
        }
        // A remark that reports no error is no error.
        standIn.answer(.remark("runtime remark: Timeout is 25 seconds."))
        #expect(try await overpass(standIn).places(PlaceQuery(center: Self.here, radius: 2_000), after: nil).hits.count == 5)
        await standIn.stop()
    }

    @Test("after a 429 the status page says when the next slot is free; nothing is sent before it")
    func tooManyRequests() async throws {
        let standIn = try await OverpassStandIn.start(fixture: Self.fixture)
        let clock = Clock()
        let places = try overpass(standIn, clock: clock)
        let query = PlaceQuery(center: Self.here, radius: 2_000)
        standIn.answer(.status(429, body: "<html>Too Many Requests</html>", headers: ["Retry-After": "5"]))
        standIn.setNextSlot(in: 12)
        await #expect(throws: PlacesError.unavailable("Overpass is busy; next slot in 12 s.")) {
            try await places.places(query, after: nil)
        }
        #expect(standIn.requests.map(\.path) == [OverpassStandIn.interpreterPath, OverpassStandIn.statusPath])

        // Three seconds on: still busy, and Overpass is not asked.
        standIn.answer(.fixture)
        standIn.setNextSlot(in: nil)
        clock.advance(3)
        await #expect(throws: PlacesError.unavailable("Overpass is busy; next slot in 9 s.")) {
            try await places.places(query, after: nil)
        }
        #expect(standIn.requests.count == 2)

        // Once the slot is due: the status page first, then the query.
        clock.advance(10)
        #expect(try await places.places(query, after: nil).hits.count == 5)
        #expect(standIn.requests.map(\.path) == [OverpassStandIn.interpreterPath, OverpassStandIn.statusPath,
                                                 OverpassStandIn.statusPath, OverpassStandIn.interpreterPath])
        // Then queries go straight away again.
        _ = try await places.places(query, after: nil)
        #expect(standIn.requests.last?.path == OverpassStandIn.interpreterPath && standIn.requests.count == 5)
        await standIn.stop()
    }

    @Test("the status page decides a retry after a 429 even when its wait is over")
    func statusBeforeRetry() async throws {
        let standIn = try await OverpassStandIn.start(fixture: Self.fixture)
        let clock = Clock()
        let places = try overpass(standIn, clock: clock)
        let query = PlaceQuery(center: Self.here, radius: 2_000)
        standIn.answer(.status(429, body: "", headers: ["Retry-After": "2"]))
        standIn.setNextSlot(in: 2)
        await #expect(throws: PlacesError.self) { try await places.places(query, after: nil) }
        // Retry-After has passed, but the status page still names a slot 30 s away: nothing is posted.
        clock.advance(3)
        standIn.setNextSlot(in: 30)
        await #expect(throws: PlacesError.unavailable("Overpass is busy; next slot in 30 s.")) {
            try await places.places(query, after: nil)
        }
        #expect(standIn.requests.map(\.path) == [OverpassStandIn.interpreterPath, OverpassStandIn.statusPath,
                                                 OverpassStandIn.statusPath])
        await standIn.stop()
    }

    @Test("an absurd Retry-After holds queries back a minute at most while the status page says a slot is free")
    func absurdRetryAfterBesideAFreeSlot() async throws {
        let standIn = try await OverpassStandIn.start(fixture: Self.fixture)
        let clock = Clock()
        let places = try overpass(standIn, clock: clock)
        let query = PlaceQuery(center: Self.here, radius: 2_000)
        standIn.answer(.status(429, body: "", headers: ["Retry-After": "99999999999999999999"]))
        standIn.setNextSlot(in: nil)
        await #expect(throws: PlacesError.unavailable("Overpass is busy; next slot in 60 s.")) {
            try await places.places(query, after: nil)
        }
        standIn.answer(.fixture)
        clock.advance(61)
        #expect(try await places.places(query, after: nil).hits.count == 5)
        await standIn.stop()
    }

    @Test("a 504 with Retry-After is honoured; without it, the next try may go at once")
    func gatewayTimeout() async throws {
        let standIn = try await OverpassStandIn.start(fixture: Self.fixture)
        let clock = Clock()
        let places = try overpass(standIn, clock: clock)
        let query = PlaceQuery(center: Self.here, radius: 2_000)
        standIn.answer(.status(504, body: "<html>Gateway Timeout</html>", headers: ["Retry-After": "30"]))
        await #expect(throws: PlacesError.unavailable("Overpass is overloaded (HTTP 504); try again in 30 s.")) {
            try await places.places(query, after: nil)
        }
        clock.advance(10)
        await #expect(throws: PlacesError.unavailable("Overpass is busy; next slot in 20 s.")) {
            try await places.places(query, after: nil)
        }
        #expect(standIn.requests.count == 1)
        clock.advance(21)
        standIn.answer(.status(504, body: "<html>Gateway Timeout</html>"))
        await #expect(throws: PlacesError.unavailable("Overpass is overloaded (HTTP 504); try again in a minute.")) {
            try await places.places(query, after: nil)
        }
        standIn.answer(.fixture)
        #expect(try await places.places(query, after: nil).hits.count == 5)
        // No status page after a 504: only the three queries.
        #expect(standIn.requests.map(\.path) == Array(repeating: OverpassStandIn.interpreterPath, count: 3))
        await standIn.stop()
    }

    @Test("Retry-After in seconds or as an HTTP date; nonsense is ignored, absurd waits are capped")
    func retryAfterValues() {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        #expect(RetryAfter.instant("12", now: now) == now.addingTimeInterval(12))
        #expect(RetryAfter.instant(" 0 ", now: now) == now)
        #expect(RetryAfter.instant("999999999999", now: now) == now.addingTimeInterval(3_600))
        // 1_800_000_000 is Fri, 15 Jan 2027 08:00:00 GMT.
        #expect(RetryAfter.instant("Fri, 15 Jan 2027 08:00:30 GMT", now: now) == now.addingTimeInterval(30))
        #expect(RetryAfter.instant("Sat, 16 Jan 2027 08:00:00 GMT", now: now) == now.addingTimeInterval(3_600))
        #expect(RetryAfter.instant("Thu, 14 Jan 2027 08:00:00 GMT", now: now) == now)
        let date = RetryAfter.httpDate("Sun, 06 Nov 1994 08:49:37 GMT")
        #expect(date == Date(timeIntervalSince1970: 784_111_777))
        #expect(RetryAfter.instant("soon", now: now) == nil)
        #expect(RetryAfter.instant("-5", now: now) == nil)
        #expect(RetryAfter.instant(nil, now: now) == nil)
    }

    @Test("the status page: slots free now, or the soonest slot")
    func statusPage() {
        #expect(OverpassStatus.secondsUntilSlot("Rate limit: 2\n2 slots available now.\n") == 0)
        #expect(OverpassStatus.secondsUntilSlot("""
            Rate limit: 2
            Slot available after: 2026-11-23T10:00:40Z, in 40 seconds.
            Slot available after: 2026-11-23T10:00:12Z, in 12 seconds.
            Currently running queries (pid, space limit, time limit, start time):
            """) == 12)
        #expect(OverpassStatus.secondsUntilSlot("Rate limit: 0\n") == 0)
        #expect(OverpassStatus.secondsUntilSlot("<html>nope</html>") == nil)
    }
}
