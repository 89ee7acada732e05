import Foundation
import NearbyCore
import NearbyData
import TestSupport
import Locking
import Testing
import NearbyHTTP
import NearbyRemote

@Suite("LegacyGooglePlacesProvider (google_api = \"legacy\")")
struct LegacyGooglePlacesProviderTests {
    static let center = Coordinate(latitude: -33.8670, longitude: 151.1957)
    static let key = "TEST-KEY-abc123"

    static let categorize: LegacyGooglePlacesProvider.Categorize = { types in
        if types.contains("cafe") { return .cafe }
        if types.contains("restaurant") { return .restaurant }
        if types.contains("atm") { return .atm }
        return nil
    }
    static let searchType: LegacyGooglePlacesProvider.SearchType = { category in
        switch category {
        case .cafe: "cafe"
        case .restaurant: "restaurant"
        default: nil
        }
    }

    private func provider(_ stub: StubServer, tokenDelay: Duration = .zero,
                          timeout: Duration = .seconds(5)) -> LegacyGooglePlacesProvider {
        LegacyGooglePlacesProvider(apiKey: Self.key, baseURL: stub.url, categorize: Self.categorize,
                             searchType: Self.searchType, tokenDelay: tokenDelay, timeout: timeout)
    }

    static func result(_ id: String, _ name: String, lat: Double, lng: Double, types: [String]) -> String {
        #"{"place_id": "\#(id)", "name": "\#(name)", "geometry": {"location": {"lat": \#(lat), "lng": \#(lng)}}, "#
            + #""types": [\#(types.map { "\"\($0)\"" }.joined(separator: ","))], "vicinity": "Pirrama Rd", "rating": 4.5, "#
            + #""user_ratings_total": 12, "price_level": 2}"#
    }

    static func search(_ results: [String], token: String? = nil, status: String = "OK") -> String {
        let next = token.map { #""next_page_token": "\#($0)", "# } ?? ""
        return #"{"html_attributions": ["Listings by <b>X</b>"], \#(next)"results": [\#(results.joined(separator: ","))], "status": "\#(status)"}"#
    }

    @Test("nearby search: location, radius, type, keyword and key; results nearest first with their details")
    func search() async throws {
        let stub = try await StubServer.answering(json: Self.search([
            Self.result("far", "Far Café", lat: -33.8570, lng: 151.1957, types: ["cafe", "food"]),
            Self.result("near", "Near Café", lat: -33.8675, lng: 151.1957, types: ["cafe"]),
            Self.result("bank", "Some Bank", lat: -33.8671, lng: 151.1957, types: ["bank"]),
        ]))
        let page = try await provider(stub).places(
            PlaceQuery(center: Self.center, radius: 1500, category: .cafe, searchText: "coffee"), after: nil)
        #expect(page.hits.map(\.place.id.description) == ["google:near", "google:far"])
        #expect(page.next == nil)
        #expect(page.attributions == ["Google Maps", "Listings by X"])
        let near = try #require(page.hits.first).place
        #expect(near.rating == 4.5)
        #expect(near.ratingCount == 12)
        #expect(near.priceLevel == 2)
        #expect(near.address.formatted == "Pirrama Rd")
        let request = try #require(stub.requests.first)
        #expect(request.path == "/nearbysearch/json")
        #expect(request.query["location"] == "-33.867,151.1957")
        #expect(request.query["radius"] == "1500")
        #expect(request.query["type"] == "cafe")
        #expect(request.query["keyword"] == "coffee")
        #expect(request.query["key"] == Self.key)
        await stub.stop()
    }

    @Test("a category Google has no type for costs no request and has no places")
    func categoryWithoutAGoogleType() async throws {
        let stub = try await StubServer.answering(json: #"{"html_attributions": [], "results": [], "status": "ZERO_RESULTS"}"#)
        let places = provider(stub)
        for category in [NearbyCore.Category.viewpoint, .drinkingWater, .sports] {
            #expect(try await places.places(PlaceQuery(center: Self.center, radius: 1_000, category: category),
                                            after: nil).hits.isEmpty)
            #expect(try await places.count(PlaceQuery(center: Self.center, radius: 1_000, category: category)).value == 0)
        }
        #expect(stub.requests.isEmpty)
        await stub.stop()
    }

    @Test("ZERO_RESULTS is an empty page")
    func zeroResults() async throws {
        let stub = try await StubServer.answering(json: #"{"html_attributions": [], "results": [], "status": "ZERO_RESULTS"}"#)
        let page = try await provider(stub).places(PlaceQuery(center: Self.center, radius: 100), after: nil)
        #expect(page.hits.isEmpty)
        #expect(page.next == nil)
        await stub.stop()
    }

    @Test("every other status is an error a user understands, without the key", arguments: [
        ("OVER_QUERY_LIMIT", PlacesError.refused("The Google Places quota is used up; try again later.")),
        ("REQUEST_DENIED", .refused("Google Places refused the request; check NEARBY_GOOGLE_API_KEY and that the Places API is enabled.")),
        ("INVALID_REQUEST", .badResponse("Google Places did not accept the request.")),
        ("UNKNOWN_ERROR", .unavailable("Google Places had a temporary problem; try again.")),
        ("NOT_FOUND", .notFound),
        ("\u{1B}[2JWEIRD", .badResponse("Google Places answered \u{FFFD}[2JWEIRD.")),
    ])
    func statuses(status: String, error: PlacesError) async throws {
        let body = JSONValue.object(["status": .string(status), "error_message": .string("key \(Self.key) bad"),
                                         "results": .array([])]).encoded()
        let stub = try await StubServer.answering(body: body)
        await #expect(throws: error) {
            try await provider(stub).places(PlaceQuery(center: Self.center, radius: 100), after: nil)
        }
        await stub.stop()
    }

    @Test("network failures never carry the key")
    func keyNotInFailures() async throws {
        let google = LegacyGooglePlacesProvider(apiKey: Self.key, baseURL: try await closedPortURL(),
                                          categorize: Self.categorize, searchType: Self.searchType)
        do {
            _ = try await google.places(PlaceQuery(center: Self.center, radius: 100), after: nil)
            Issue.record("expected a failure")
        } catch {
            #expect(!"\(error)".contains(Self.key))
            #expect(error == .network("Could not connect to Google Places; check the network connection."))
        }
    }

    @Test("pages follow next_page_token up to three, waiting out the token's delay and retrying once")
    func paging() async throws {
        let calls = Locked(0)
        let arrivals = Locked<[ContinuousClock.Instant]>([])
        let stub = try await StubServer.start { request in
            arrivals.withLock { $0.append(.now) }
            let call = calls.withLock { $0 += 1; return $0 }
            let token = request.query["pagetoken"]
            switch (call, token) {
            case (1, nil):
                return StubResponse(status: 200, body: Data(Self.search(
                    [Self.result("p1", "One", lat: -33.867, lng: 151.1957, types: ["cafe"])], token: "T2").utf8))
            case (2, "T2"?):
                // Too early: Google's answer for a token that is not ready yet.
                return StubResponse(status: 200, body: Data(Self.search([], status: "INVALID_REQUEST").utf8))
            case (3, "T2"?):
                return StubResponse(status: 200, body: Data(Self.search(
                    [Self.result("p2", "Two", lat: -33.867, lng: 151.1957, types: ["cafe"])], token: "T3").utf8))
            case (4, "T3"?):
                return StubResponse(status: 200, body: Data(Self.search(
                    [Self.result("p3", "Three", lat: -33.867, lng: 151.1957, types: ["cafe"])], token: "T4").utf8))
            default:
                return StubResponse(status: 500)
            }
        }
        let google = provider(stub, tokenDelay: .milliseconds(150))
        let query = PlaceQuery(center: Self.center, radius: 1000)
        let first = try await google.places(query, after: nil)
        let secondCursor: PageCursor = try #require(first.next)
        let second = try await google.places(query, after: secondCursor)
        // As the server saw it: the token was used no sooner than its delay after it was handed out, and the
        // retry waited the delay once more.
        let seen = arrivals.withLock { $0 }
        #expect(seen.count == 3)
        if seen.count == 3 {
            #expect(seen[1] - seen[0] >= .milliseconds(150))
            #expect(seen[2] - seen[1] >= .milliseconds(150))
        }
        let thirdCursor: PageCursor = try #require(second.next)
        let third = try await google.places(query, after: thirdCursor)
        #expect([first, second, third].flatMap { $0.hits.map(\.place.name) } == ["One", "Two", "Three"])
        #expect(third.next == nil) // 60 results at most: no fourth page
        let paged = stub.requests.dropFirst()
        #expect(paged.allSatisfy { $0.query["location"] == nil && $0.query["key"] == Self.key })
        await stub.stop()
    }

    @Test("a cursor that is not one of ours is refused")
    func badCursor() async throws {
        let stub = try await StubServer.answering(json: Self.search([]))
        await #expect(throws: PlacesError.self) {
            try await provider(stub).places(PlaceQuery(center: Self.center, radius: 100),
                                            after: PageCursor(token: "garbage"))
        }
        #expect(stub.requests.isEmpty)
        await stub.stop()
    }

    @Test("details: address parts, phone, website, weekly periods; a closed place is .notFound")
    func details() async throws {
        let stub = try await StubServer.start { request in
            if request.query["place_id"] == "closed" {
                return StubResponse(status: 200, body: Data(#"{"html_attributions": [], "result": {"business_status": "CLOSED_PERMANENTLY"}, "status": "OK"}"#.utf8))
            }
            return StubResponse(status: 200, body: Data(#"""
                {"html_attributions": [], "status": "OK", "result": {
                  "place_id": "abc", "name": "Google Sydney", "types": ["point_of_interest"],
                  "geometry": {"location": {"lat": -33.866, "lng": 151.196}},
                  "formatted_address": "48 Pirrama Rd, Pyrmont NSW 2009, Australia",
                  "address_components": [
                    {"long_name": "48", "short_name": "48", "types": ["street_number"]},
                    {"long_name": "Pirrama Road", "short_name": "Pirrama Rd", "types": ["route"]},
                    {"long_name": "Pyrmont", "short_name": "Pyrmont", "types": ["locality", "political"]},
                    {"long_name": "Australia", "short_name": "AU", "types": ["country", "political"]},
                    {"long_name": "2009", "short_name": "2009", "types": ["postal_code"]}],
                  "international_phone_number": "+61 2 9374 4000", "website": "https://example.com/",
                  "wheelchair_accessible_entrance": true,
                  "opening_hours": {"periods": [
                    {"open": {"day": 1, "time": "0830"}, "close": {"day": 1, "time": "1730"}},
                    {"open": {"day": 5, "time": "2200"}, "close": {"day": 6, "time": "0200"}},
                    {"open": {"day": 9, "time": "0830"}}, {"open": {"day": 2, "time": "99"}}]}}}
                """#.utf8))
        }
        let google = provider(stub)
        let hit = try await google.place(id: PlaceID(source: .google, sourceID: "abc"), from: Self.center)
        let place = hit.place
        #expect(place.name == "Google Sydney")
        #expect(place.category == .attraction) // no mapped type: details still show the place
        #expect(place.address.street == "Pirrama Road")
        #expect(place.address.houseNumber == "48")
        #expect(place.address.city == "Pyrmont")
        #expect(place.address.postcode == "2009")
        #expect(place.address.country == "AU")
        #expect(place.phone == "+61 2 9374 4000")
        #expect(place.website == "https://example.com/")
        #expect(place.wheelchair == "yes")
        #expect(place.openingHours == .periods([
            WeeklyPeriod(openDay: 1, openMinute: 510, closeDay: 1, closeMinute: 1050),
            WeeklyPeriod(openDay: 5, openMinute: 1320, closeDay: 6, closeMinute: 120),
        ]))
        #expect(stub.requests.first?.path == "/details/json")
        await #expect(throws: PlacesError.notFound) {
            try await google.place(id: PlaceID(source: .google, sourceID: "closed"), from: Self.center)
        }
        await #expect(throws: PlacesError.notFound) {
            try await google.place(id: PlaceID(source: .osm, sourceID: "n1"), from: Self.center)
        }
        await stub.stop()
    }

    @Test("hostile results: wrong types, missing fields, escape sequences, huge text")
    func hostile() async throws {
        let huge = String(repeating: "x", count: 2 << 20)
        let stub = try await StubServer.answering(json: #"""
            {"status": "OK", "html_attributions": [42], "results": [
              {"place_id": "ok", "name": "\u001b]0;owned\u0007Café", "types": ["cafe"],
               "geometry": {"location": {"lat": -33.867, "lng": 151.1957}}, "rating": 9, "price_level": "cheap"},
              {"place_id": "nogeo", "name": "No geometry", "types": ["cafe"]},
              {"place_id": 5, "name": "Numeric id", "types": ["cafe"], "geometry": {"location": {"lat": 1, "lng": 1}}},
              {"place_id": "huge", "name": "\#(huge)", "types": ["cafe"], "geometry": {"location": {"lat": 1, "lng": 1}}},
              {"place_id": "types", "name": "Bad types", "types": "cafe", "geometry": {"location": {"lat": 1, "lng": 1}}},
              [], "x", null]}
            """#)
        let page = try await provider(stub).places(PlaceQuery(center: Self.center, radius: 1000), after: nil)
        #expect(page.hits.map(\.place.id.sourceID) == ["ok"])
        let place = try #require(page.hits.first).place
        #expect(place.name == "\u{FFFD}]0;owned\u{FFFD}Café")
        #expect(place.rating == nil) // out of range
        #expect(place.priceLevel == nil)
        await stub.stop()
    }

    @Test("Home's sections and counts share each category's first page; results beyond the radius are dropped")
    func sessionBudget() async throws {
        let stub = try await StubServer.answering(json: Self.search([
            Self.result("near", "Near Café", lat: -33.8675, lng: 151.1957, types: ["cafe"]),
            Self.result("far", "Far Café", lat: -33.7000, lng: 151.1957, types: ["cafe"]),
        ], token: "MORE"))
        let google = provider(stub)
        for _ in 0..<2 {
            _ = try await google.count(PlaceQuery(center: Self.center, radius: 2_000, reach: .overview))
            for category in NearbyCore.Category.allCases {
                let count = try await google.count(PlaceQuery(center: Self.center, radius: 2_000, category: category,
                                                              reach: .overview))
                let page = try await google.places(PlaceQuery(center: Self.center, radius: 2_000, category: category,
                                                              limit: 20, reach: .overview), after: nil)
                // Home follows no page token: the count is "at least", the page says it is the nearest.
                #expect(page.next == nil)
                #expect(page.hits.allSatisfy { $0.distance <= 2_000 })
                if category == .cafe {
                    #expect(count == PlaceCount(1, isExact: false))
                    #expect(page.hits.map(\.place.name) == ["Near Café"] && page.isCapped)
                }
            }
        }
        // The whole area, then one first page per category: 25 requests, once.
        #expect(stub.requests.count == 25)
        await stub.stop()
    }

    @Test("the key comes from NEARBY_GOOGLE_API_KEY, blank counts as unset")
    func apiKeyFromEnvironment() {
        #expect(LegacyGooglePlacesProvider.apiKey(in: ["NEARBY_GOOGLE_API_KEY": " k1 \n"]) == "k1")
        #expect(LegacyGooglePlacesProvider.apiKey(in: ["NEARBY_GOOGLE_API_KEY": "  "]) == nil)
        #expect(LegacyGooglePlacesProvider.apiKey(in: [:]) == nil)
    }
}
