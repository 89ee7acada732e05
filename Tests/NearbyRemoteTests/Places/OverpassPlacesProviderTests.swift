import Foundation
import NearbyCore
import NearbyData
import TestSupport
import Testing
import NearbyRemote

@Suite("OverpassPlacesProvider")
struct OverpassPlacesProviderTests {
    static let center = Coordinate(latitude: 47.1410, longitude: 9.5209)

    /// A stand-in for the category table: enough tags to tell the cases apart.
    static let categorize: OverpassPlacesProvider.Categorize = { tags in
        switch (tags["amenity"], tags["shop"]) {
        case ("cafe"?, _): .cafe
        case ("atm"?, _): .atm
        case (_, "supermarket"?): .supermarket
        default: nil
        }
    }

    static let sample = #"""
    {"version": 0.6, "elements": [
      {"type": "node", "id": 1, "lat": 47.1420, "lon": 9.5209,
       "tags": {"amenity": "cafe", "name": "Café Amadeus", "opening_hours": "Mo-Fr 07:30-18:00",
                "addr:street": "Städtle", "addr:housenumber": "5", "cuisine": "coffee_shop", "wheelchair": "yes",
                "contact:phone": "+423 232 00 00", "website": "https://example.org"}},
      {"type": "way", "id": 2, "center": {"lat": 47.1440, "lon": 9.5209},
       "tags": {"shop": "supermarket", "name": "Denner", "brand": "Denner"}},
      {"type": "node", "id": 3, "lat": 47.1411, "lon": 9.5210, "tags": {"amenity": "atm", "name": "\u001b[2JBank ATM"}},
      {"type": "node", "id": 4, "lat": 47.1412, "lon": 9.5210, "tags": {"amenity": "bench", "name": "Bench"}},
      {"type": "node", "id": 5, "lat": 47.1413, "lon": 9.5210, "tags": {"amenity": "cafe"}},
      {"type": "relation", "id": 6, "tags": {"amenity": "cafe", "name": "No centre"}},
      {"type": "node", "id": 7, "lat": "north", "lon": 9.5, "tags": {"amenity": "cafe", "name": "Bad lat"}},
      {"type": "node", "id": 8, "lat": 95.0, "lon": 9.5, "tags": {"amenity": "cafe", "name": "Off the map"}},
      {"type": "node", "id": 9, "lat": 47.1500, "lon": 9.5209, "tags": {"amenity": ["cafe"], "name": 12}},
      "junk", 42, null,
      {"type": "node", "id": 1, "lat": 47.1420, "lon": 9.5209, "tags": {"amenity": "cafe", "name": "Café Amadeus"}}
    ]}
    """#

    private func provider(_ stub: StubServer, timeout: Duration = .seconds(5)) -> OverpassPlacesProvider {
        OverpassPlacesProvider(baseURL: stub.url, categorize: Self.categorize, timeout: timeout)
    }

    @Test("nodes and way centres, nearest first; unnamed, unmapped, unplaced and duplicate elements left out")
    func decodes() async throws {
        let stub = try await StubServer.answering(json: Self.sample)
        let page = try await provider(stub).places(PlaceQuery(center: Self.center, radius: 2000), after: nil)
        #expect(page.hits.map(\.place.id.description) == ["osm:n3", "osm:n1", "osm:w2"])
        #expect(page.next == nil)
        #expect(page.attributions == ["© OpenStreetMap contributors"])
        let cafe = try #require(page.hits.first { $0.place.category == .cafe }).place
        #expect(cafe.name == "Café Amadeus")
        #expect(cafe.openingHours == .osm("Mo-Fr 07:30-18:00"))
        #expect(cafe.address.street == "Städtle")
        #expect(cafe.address.houseNumber == "5")
        #expect(cafe.phone == "+423 232 00 00")
        #expect(cafe.cuisine == "coffee_shop")
        #expect(cafe.wheelchair == "yes")
        let hit = try #require(page.hits.first { $0.place.category == .cafe })
        #expect(abs(hit.distance - 111.2) < 1)
        #expect(hit.bearing < 1 || hit.bearing > 359)
        #expect(page.hits.first?.place.name == "\u{FFFD}[2JBank ATM")
        await stub.stop()
    }

    @Test("sends a bounded around: query for every category key over POST /interpreter")
    func requestShape() async throws {
        let stub = try await StubServer.answering(json: Self.sample)
        _ = try await provider(stub).places(PlaceQuery(center: Self.center, radius: 1500), after: nil)
        let request = try #require(stub.requests.first)
        #expect(request.method == "POST")
        #expect(request.path == "/interpreter")
        let form = String(decoding: request.body, as: UTF8.self)
        let query = try #require(form.hasPrefix("data=") ? String(form.dropFirst(5)).removingPercentEncoding : nil)
        #expect(query.hasPrefix("[out:json][timeout:4];")) // a 5-second client
        #expect(query.contains(#"$"]["name"](around:1500,47.141,9.5209);"#))
        #expect(query.contains(#"nwr["shop"~"^(supermarket|convenience|bakery|clothes|books|sports|outdoor)$"]["name"](around:1500,47.141,9.5209);"#))
        #expect(query.hasSuffix("out tags center 10000;"))
        await stub.stop()
    }

    @Test("the API root and its interpreter endpoint both post to <root>/interpreter",
          arguments: ["/api", "/api/", "/api/interpreter", "/api/interpreter/"])
    func interpreterEndpointAsBaseURL(path: String) async throws {
        let stub = try await StubServer.answering(json: Self.sample)
        let base = try #require(URL(string: stub.url.absoluteString + path))
        let overpass = OverpassPlacesProvider(baseURL: base, categorize: Self.categorize, timeout: .seconds(5))
        let page = try await overpass.places(PlaceQuery(center: Self.center, radius: 2000), after: nil)
        #expect(page.hits.count == 3)
        #expect(stub.requests.map(\.path) == ["/api/interpreter"])
        await stub.stop()
    }

    @Test("category and search text filter; pages are cut with a cursor")
    func filtersAndPages() async throws {
        let stub = try await StubServer.answering(json: Self.sample)
        let overpass = provider(stub)
        let cafes = try await overpass.places(PlaceQuery(center: Self.center, radius: 2000, category: .cafe), after: nil)
        #expect(cafes.hits.map(\.place.name) == ["Café Amadeus"])
        let search = try await overpass.places(PlaceQuery(center: Self.center, radius: 2000, searchText: "cafe amad"),
                                               after: nil)
        #expect(search.hits.map(\.place.name) == ["Café Amadeus"])
        let first = try await overpass.places(PlaceQuery(center: Self.center, radius: 2000, limit: 2), after: nil)
        #expect(first.hits.count == 2)
        let next = try #require(first.next)
        let second = try await overpass.places(PlaceQuery(center: Self.center, radius: 2000, limit: 2), after: next)
        #expect(second.hits.map(\.place.id.description) == ["osm:w2"])
        #expect(second.next == nil)
        #expect(try await overpass.count(near: Self.center, radius: 2000, category: nil) == 3)
        await stub.stop()
    }

    @Test("one place by id asks for that element; unknown ids are .notFound")
    func placeByID() async throws {
        let stub = try await StubServer.answering(json: Self.sample)
        let overpass = provider(stub)
        let hit = try await overpass.place(id: PlaceID(source: .osm, sourceID: "w2"), from: Self.center)
        #expect(hit.place.name == "Café Amadeus") // the stub answers every query with the sample; first usable wins
        let form = String(decoding: try #require(stub.requests.last).body, as: UTF8.self).removingPercentEncoding ?? ""
        #expect(form.contains("way(2);out tags center 1;"))
        for bad in ["x2", "n", "n-4", "nabc"] {
            await #expect(throws: PlacesError.notFound) {
                try await overpass.place(id: PlaceID(source: .osm, sourceID: bad), from: Self.center)
            }
        }
        await #expect(throws: PlacesError.notFound) {
            try await overpass.place(id: PlaceID(source: .google, sourceID: "n1"), from: Self.center)
        }
        await stub.stop()
    }

    @Test("failures become places errors a user understands", arguments: [
        // The stub answers the status page with the same 429: unreadable, so no slot can be named.
        (429, #"{"elements": []}"#, PlacesError.unavailable("Overpass is busy; try again in a minute.")),
        (504, "<html>Gateway Timeout</html>", .unavailable("Overpass is overloaded (HTTP 504); try again in a minute.")),
        (502, "<html>Bad Gateway</html>", .unavailable("Overpass has a problem (HTTP 502); try again later.")),
        (200, "<html>not json</html>", .badResponse("Overpass's answer could not be read.")),
        (200, #"{"version": 0.6}"#, .badResponse("Overpass's answer holds no elements.")),
        (200, #"{"elements": [], "remark": "runtime error: Query timed out"}"#,
         .unavailable("Overpass ran out of time for this area; try a smaller radius, or again later.")),
    ])
    func failures(status: Int, body: String, error: PlacesError) async throws {
        let stub = try await StubServer.answering(status, json: body)
        await #expect(throws: error) {
            try await provider(stub).places(PlaceQuery(center: Self.center, radius: 500), after: nil)
        }
        await stub.stop()
    }

    @Test("a server that never answers is a .network failure")
    func timeout() async throws {
        let stub = try await StubServer.start { _ in
            await suspendUntilCancelled()
            return StubResponse(status: 200)
        }
        await #expect(throws: PlacesError.network("Overpass took too long to answer.")) {
            try await provider(stub, timeout: .milliseconds(300)).places(PlaceQuery(center: Self.center, radius: 500),
                                                                          after: nil)
        }
        await stub.stop()
    }

    @Test("an invalid centre or radius asks nothing and finds nothing")
    func invalidQuery() async throws {
        let stub = try await StubServer.answering(json: Self.sample)
        let page = try await provider(stub).places(
            PlaceQuery(center: Coordinate(latitude: .nan, longitude: 0), radius: 500), after: nil)
        #expect(page.hits.isEmpty)
        #expect(stub.requests.isEmpty)
        await stub.stop()
    }
}
