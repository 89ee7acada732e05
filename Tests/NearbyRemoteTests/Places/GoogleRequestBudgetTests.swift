import Foundation
import NearbyCore
import NearbyData
import PlacesStandIns
import Locking
import Testing
import NearbyHTTP
import NearbyRemote

/// What each screen costs on Google (docs/data-sources.md): Home at most 3 requests, a list at most 1 a
/// page, a detail 1, going back and forth nothing within the session's cache.
@Suite("Google request budget")
struct GoogleRequestBudgetTests {
    static let here = Coordinate(latitude: 47.141, longitude: 9.5209)
    static let key = "budget-key"

    /// A clock the test moves.
    final class Clock: Sendable {
        private let value = Locked(Date(timeIntervalSince1970: 1_800_000_000))
        var now: Date { value.withLock { $0 } }
        func advance(_ seconds: TimeInterval) { value.withLock { $0 = $0.addingTimeInterval(seconds) } }
    }

    /// Everything Home asks at once: the total, each category's count and each category's nearest places.
    static func loadHome(_ places: any PlacesProvider) async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { _ = try await places.count(PlaceQuery(center: here, radius: 2_000, reach: .overview)) }
            for category in NearbyCore.Category.allCases {
                group.addTask {
                    _ = try await places.count(PlaceQuery(center: here, radius: 2_000, category: category, reach: .overview))
                }
                group.addTask {
                    _ = try await places.places(PlaceQuery(center: here, radius: 2_000, category: category, limit: 20,
                                                           reach: .overview), after: nil)
                }
            }
            try await group.waitForAll()
        }
    }

    /// `count` restaurants in a row north of here, 20 m apart, and two cafés beyond them.
    static func denseTown(restaurants count: Int) -> [JSONValue] {
        var places = (0..<count).map { index -> JSONValue in
            .object(["id": .string("R\(index)"), "displayName": .object(["text": .string("Restaurant \(index)")]),
                     "types": .array([.string("restaurant")]), "primaryType": .string("restaurant"),
                     "location": .object(["latitude": .number(47.1412 + Double(index) * 0.00018),
                                          "longitude": .number(9.5209)])])
        }
        for index in 0..<2 {
            places.append(.object(["id": .string("C\(index)"), "displayName": .object(["text": .string("Café \(index)")]),
                                   "types": .array([.string("cafe")]), "primaryType": .string("cafe"),
                                   "location": .object(["latitude": .number(47.1500 + Double(index) * 0.001),
                                                        "longitude": .number(9.5209)])]))
        }
        return places
    }

    private func provider(_ google: GoogleStandIn, clock: Clock = Clock()) throws -> GooglePlacesProvider {
        GooglePlacesProvider(apiKey: Self.key, baseURL: try #require(URL(string: google.baseURL)), timeout: .seconds(30),
                             now: { clock.now })
    }

    @Test("Home asks for its area in three requests, one per group of categories, and splits the answers")
    func homeCostsThree() async throws {
        let google = try await GoogleStandIn.start(keys: .accepts(Self.key))
        let places = try provider(google)
        try await Self.loadHome(places)
        let nearby = google.requests(to: "/v1/places:searchNearby")
        #expect(google.requests.count == 3)
        #expect(nearby.count == 3)
        // The three groups name every category's types once between them.
        let named = try nearby.flatMap { request in
            try #require(JSONValue.parse(request.body)["includedTypes"]?.arrayValue).compactMap(\.stringValue)
        }
        #expect(named.count == Set(named).count)
        #expect(Set(named) == Set(NearbyCore.Category.allCases.flatMap {
            CategoryMapping.rule(for: $0).googleTypes.filter { $0 != "grocery_or_supermarket" }
        }))

        // Split by category, nearest first, exact where the answers held everything.
        let cafes = try await places.places(PlaceQuery(center: Self.here, radius: 2_000, category: .cafe,
                                                       reach: .overview), after: nil)
        #expect(cafes.hits.map(\.place.name).first == "Café Amadeus")
        let count = try await places.count(PlaceQuery(center: Self.here, radius: 2_000, category: .pharmacy,
                                                      reach: .overview))
        #expect(count == PlaceCount(1))
        // A category list and its detail's neighbours: Home's answers hold every café within 2 km.
        _ = try await places.places(PlaceQuery(center: Self.here, radius: 2_000, category: .cafe), after: nil)
        _ = try await places.places(PlaceQuery(center: Self.here, radius: 1_000, limit: 9, reach: .heldOnly), after: nil)
        #expect(google.requests.count == 3)
        await google.stop()
    }

    @Test("a list asks once when Home's group stopped at 20, and says its page is only the nearest")
    func listAfterAFullGroup() async throws {
        let google = try await GoogleStandIn.start(keys: .accepts(Self.key), places: Self.denseTown(restaurants: 25))
        let places = try provider(google)
        try await Self.loadHome(places)
        #expect(google.requests.count == 3)

        // Home's eat-and-drink answer stopped at the 20th restaurant, short of the cafés: Home says "at least".
        let overview = try await places.count(PlaceQuery(center: Self.here, radius: 2_000, category: .restaurant,
                                                         reach: .overview))
        #expect(overview == PlaceCount(20, isExact: false))
        let cafesOnHome = try await places.places(PlaceQuery(center: Self.here, radius: 2_000, category: .cafe,
                                                             reach: .overview), after: nil)
        #expect(cafesOnHome.hits.isEmpty && cafesOnHome.isCapped)

        // The cafés' list: one request of its own, then nothing for going back and forth.
        let cafes = try await places.places(PlaceQuery(center: Self.here, radius: 2_000, category: .cafe), after: nil)
        #expect(cafes.hits.map(\.place.name) == ["Café 0", "Café 1"])
        #expect(!cafes.isCapped)
        #expect(google.requests.count == 4)
        _ = try await places.places(PlaceQuery(center: Self.here, radius: 2_000, category: .cafe), after: nil)
        #expect(google.requests.count == 4)

        // The restaurants' list: its own answer stops at 20 too; the page is the nearest 20, and says so.
        let restaurants = try await places.places(PlaceQuery(center: Self.here, radius: 2_000, category: .restaurant,
                                                             limit: 100), after: nil)
        #expect(restaurants.hits.count == 20)
        #expect(restaurants.isCapped)
        #expect(restaurants.next == nil)
        #expect(google.requests.count == 5)
        await google.stop()
    }

    @Test("r asks again and replaces what is held; the session's cache ends; a failed refresh keeps what is held")
    func refreshAndLifetime() async throws {
        let google = try await GoogleStandIn.start(keys: .accepts(Self.key))
        let clock = Clock()
        let places = try provider(google, clock: clock)
        try await Self.loadHome(places)
        let first = try await places.places(PlaceQuery(center: Self.here, radius: 2_000, category: .cafe,
                                                       reach: .overview), after: nil)
        clock.advance(180)
        #expect(first.fetchedAt == Date(timeIntervalSince1970: 1_800_000_000))

        try await places.refresh(PlaceQuery(center: Self.here, radius: 2_000, reach: .overview))
        #expect(google.requests.count == 6)
        let refreshed = try await places.places(PlaceQuery(center: Self.here, radius: 2_000, category: .cafe,
                                                           reach: .overview), after: nil)
        #expect(refreshed.fetchedAt == Date(timeIntervalSince1970: 1_800_000_180))
        #expect(refreshed.hits.map(\.id) == first.hits.map(\.id))

        // Past the session's cache lifetime (15 minutes), Home asks again.
        clock.advance(16 * 60)
        try await Self.loadHome(places)
        #expect(google.requests.count == 9)

        google.fail(status: 503, body: GoogleStandIn.errorBody(code: 503, status: "UNAVAILABLE", message: "down"))
        await #expect(throws: PlacesError.self) {
            try await places.refresh(PlaceQuery(center: Self.here, radius: 2_000, reach: .overview))
        }
        let kept = try await places.places(PlaceQuery(center: Self.here, radius: 2_000, category: .cafe,
                                                      reach: .overview), after: nil)
        #expect(kept.hits.map(\.id) == first.hits.map(\.id))
        await google.stop()
    }
}
