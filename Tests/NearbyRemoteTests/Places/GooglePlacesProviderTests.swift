import Foundation
import NearbyCore
import NearbyData
import TestSupport
import PlacesStandIns
import Synchronization
import Testing
import NearbyHTTP
import NearbyRemote

/// Places API (New) against a stand-in that checks the key header and the field mask and answers in the
/// API's shapes (`GoogleStandIn`, `GooglePlacesFixture`).
@Suite("GooglePlacesProvider (Places API (New))")
struct GooglePlacesProviderTests {
    static let here = Coordinate(latitude: 47.141, longitude: 9.5209)
    static let key = "AIza-test-key-0123456789"

    private func provider(_ google: GoogleStandIn, key: String = key, keySource: String = "NEARBY_GOOGLE_API_KEY",
                          now: @escaping @Sendable () -> Date = { Date() }) throws -> GooglePlacesProvider {
        GooglePlacesProvider(apiKey: key, keySource: keySource, baseURL: try #require(URL(string: google.baseURL)),
                             timeout: .seconds(30), now: now)
    }

    private static func body(_ request: StubRequest) throws -> JSONValue { try JSONValue.parse(request.body) }

    @Test("a category list: one Nearby Search, the key in its header only, a list-tier field mask, the New API's body")
    func nearbySearchRequest() async throws {
        let google = try await GoogleStandIn.start(keys: .accepts(Self.key))
        let page = try await provider(google).places(PlaceQuery(center: Self.here, radius: 2_000, category: .cafe),
                                                     after: nil)
        let request = try #require(google.requests.first)
        #expect(google.requests.count == 1)
        #expect(request.method == "POST")
        #expect(request.path == "/v1/places:searchNearby")
        #expect(request.query.isEmpty)
        #expect(request.headers["x-goog-api-key"] == Self.key)
        #expect(request.headers["content-type"] == "application/json")
        let mask = Set(try #require(request.headers["x-goog-fieldmask"]).split(separator: ",").map(String.init))
        #expect(mask == ["places.id", "places.displayName", "places.location", "places.types", "places.primaryType",
                         "places.shortFormattedAddress", "places.businessStatus", "places.rating",
                         "places.userRatingCount", "places.regularOpeningHours", "places.currentOpeningHours"])
        #expect(mask.allSatisfy { !GooglePlacesFixture.atmosphereFields.contains(String($0.dropFirst(7))) })
        let body = try Self.body(request)
        #expect(body["includedTypes"] == .array([.string("cafe"), .string("coffee_shop")]))
        #expect(body["maxResultCount"]?.integerValue == 20)
        #expect(body["rankPreference"] == .string("DISTANCE"))
        #expect(body["locationRestriction"]?["circle"]?["radius"]?.doubleValue == 2_000)
        #expect(body["locationRestriction"]?["circle"]?["center"]?["latitude"]?.doubleValue == 47.141)
        #expect(body["locationRestriction"]?["circle"]?["center"]?["longitude"]?.doubleValue == 9.5209)

        // Nearest first; the café closed for good and the one Google sent from 13 km away are not listed.
        #expect(page.hits.map(\.place.id.sourceID) == [GooglePlacesFixture.amadeusID, "ChIJ-Evil-Cafe-0006",
                                                       GooglePlacesFixture.kaffeeBarID])
        #expect(page.hits.allSatisfy { $0.distance <= 2_000 })
        #expect(page.next == nil)
        #expect(page.attributions == ["Google Maps"])
        #expect(page.fetchedAt != nil)
        #expect(!page.isCapped)
        await google.stop()
    }

    @Test("the New API's fields: name, position, types, address, rating, hours; open now without periods")
    func mapping() async throws {
        let google = try await GoogleStandIn.start(keys: .accepts(Self.key))
        let page = try await provider(google).places(PlaceQuery(center: Self.here, radius: 2_000, category: .cafe),
                                                     after: nil)
        let amadeus = try #require(page.hits.first).place
        #expect(amadeus.name == "Café Amadeus")
        #expect(amadeus.category == .cafe)
        #expect(amadeus.coordinate == Coordinate(latitude: 47.1420, longitude: 9.5209))
        #expect(amadeus.address.formatted == "Städtle 5, Vaduz")
        #expect(amadeus.rating == 4.6)
        #expect(amadeus.ratingCount == 212)
        #expect(amadeus.attribution == "Google Maps")
        guard case .periods(let periods)? = amadeus.openingHours else {
            Issue.record("no periods")
            return await google.stop()
        }
        #expect(periods.count == 7)
        #expect(periods.first == WeeklyPeriod(openDay: 0, openMinute: 420, closeDay: 0, closeMinute: 1_140))

        let bar = try #require(page.hits.first { $0.place.id.sourceID == GooglePlacesFixture.kaffeeBarID }).place
        #expect(bar.openingHours == nil)
        #expect(bar.openNowReport?.isOpen == true)
        let status = bar.openingStatus(hours: nil, at: Date(), timeZone: .utc)
        #expect(status.state == .open)
        #expect(status.rowText(timeZone: .utc) == "open now")
        // Half an hour on, the report no longer speaks for the place.
        #expect(bar.openingStatus(hours: nil, at: Date().addingTimeInterval(3_600), timeZone: .utc).state == .unknown)

        let evil = try #require(page.hits.first { $0.place.id.sourceID == "ChIJ-Evil-Cafe-0006" }).place
        #expect(!evil.name.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x202E })
        #expect(!(evil.address.formatted ?? "").unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 })
        await google.stop()
    }

    @Test("details: GET places/{id} with the detail fields; gone places are .notFound; asked once a session")
    func details() async throws {
        let google = try await GoogleStandIn.start(keys: .accepts(Self.key))
        let places = try provider(google)
        let hit = try await places.place(id: PlaceID(source: .google, sourceID: GooglePlacesFixture.amadeusID),
                                         from: Self.here)
        let request = try #require(google.requests.first)
        #expect(request.method == "GET")
        #expect(request.path == "/v1/places/" + GooglePlacesFixture.amadeusID)
        #expect(request.headers["x-goog-api-key"] == Self.key)
        let mask = Set(try #require(request.headers["x-goog-fieldmask"]).split(separator: ",").map(String.init))
        #expect(mask.isSuperset(of: ["id", "displayName", "formattedAddress", "addressComponents",
                                     "internationalPhoneNumber", "nationalPhoneNumber", "websiteUri", "priceLevel",
                                     "regularOpeningHours", "currentOpeningHours", "accessibilityOptions",
                                     "attributions"]))
        #expect(mask.allSatisfy { !$0.hasPrefix("places.") && !GooglePlacesFixture.atmosphereFields.contains($0) })

        let place = hit.place
        #expect(place.address.formatted == "Städtle 5, 9490 Vaduz, Liechtenstein")
        #expect(place.address.street == "Städtle")
        #expect(place.address.houseNumber == "5")
        #expect(place.address.city == "Vaduz")
        #expect(place.address.postcode == "9490")
        #expect(place.address.country == "LI")
        #expect(place.phone == "+423 232 00 00")
        #expect(place.website == "https://amadeus.example/")
        #expect(place.priceLevel == 1)
        #expect(place.wheelchair == "yes")
        #expect(place.attribution == "Google Maps · Liechtenstein Tourismus")
        #expect(abs(hit.distance - 111.2) < 1)

        // Asked again in the same session: from memory.
        _ = try await places.place(id: PlaceID(source: .google, sourceID: GooglePlacesFixture.amadeusID), from: Self.here)
        #expect(google.requests.count == 1)

        for gone in ["ChIJ-Closed-Cafe-0007", "ChIJ-Unknown"] {
            await #expect(throws: PlacesError.notFound) {
                try await places.place(id: PlaceID(source: .google, sourceID: gone), from: Self.here)
            }
        }
        // An id that is not Google's shape never reaches a URL.
        let before = google.requests.count
        for bad in ["../v1/x", "a b", "x?key=1", ""] {
            await #expect(throws: PlacesError.notFound) {
                try await places.place(id: PlaceID(source: .google, sourceID: bad), from: Self.here)
            }
        }
        #expect(google.requests.count == before)
        await google.stop()
    }

    @Test("a search: one Text Search a page, inside the radius's box, places outside the circle left out")
    func textSearch() async throws {
        let google = try await GoogleStandIn.start(keys: .accepts(Self.key))
        let places = try provider(google)
        let page = try await places.places(PlaceQuery(center: Self.here, radius: 2_000, searchText: "  café "), after: nil)
        let request = try #require(google.requests.first)
        #expect(request.path == "/v1/places:searchText")
        #expect(request.headers["x-goog-fieldmask"]?.hasSuffix(",nextPageToken") == true)
        let body = try Self.body(request)
        #expect(body["textQuery"] == .string("café"))
        #expect(body["pageSize"]?.integerValue == 20)
        let box = try #require(body["locationRestriction"]?["rectangle"])
        let south = try #require(box["low"]?["latitude"]?.doubleValue)
        let west = try #require(box["low"]?["longitude"]?.doubleValue)
        let north = try #require(box["high"]?["latitude"]?.doubleValue)
        let east = try #require(box["high"]?["longitude"]?.doubleValue)
        #expect(south < 47.141 && north > 47.141 && west < 9.5209 && east > 9.5209)
        // The box just holds the circle: 2 km is about 0.018° of latitude.
        #expect(abs((north - south) - 0.0359) < 0.001)
        #expect(body["includedType"] == nil)
        #expect(page.hits.map(\.place.name) == ["Café Amadeus", "\u{FFFD}[31mEvil\u{FFFD} Café"])

        // In a category: its type, strictly; and the same search again costs nothing.
        _ = try await places.places(PlaceQuery(center: Self.here, radius: 2_000, category: .pharmacy,
                                               searchText: "apotheke"), after: nil)
        let typed = try Self.body(try #require(google.requests.last))
        #expect(typed["includedType"] == .string("pharmacy"))
        #expect(typed["strictTypeFiltering"] == .bool(true))
        _ = try await places.places(PlaceQuery(center: Self.here, radius: 2_000, searchText: "café"), after: nil)
        #expect(google.requests.count == 2)
        await google.stop()
    }

    @Test("errors in words a user can act on, naming where the key is set, never the key", arguments: [
        (GoogleStandIn.KeyCheck.accepts("another key"), nil as Int?, "",
         PlacesError.refused("Google does not accept the API key set in config.toml line 3 (google_api_key) "
                             + "(400 INVALID_ARGUMENT); check that it was copied whole.")),
        (.serviceDisabled(key), nil, "",
         .refused("Google refused the API key set in config.toml line 3 (google_api_key) (403 PERMISSION_DENIED): "
                  + "enable Places API (New) for the key's project in the Google Cloud console.")),
        (.accepts(key), 429,
         GoogleStandIn.errorBody(code: 429, status: "RESOURCE_EXHAUSTED", message: "Quota exceeded for quota metric "
                                 + "'SearchNearbyRequest' and limit 'per minute'.", retryDelay: "30s"),
         .refused("The Google Places quota is used up (429 RESOURCE_EXHAUSTED); try again in 30 s.")),
        (.accepts(key), 503, GoogleStandIn.errorBody(code: 503, status: "UNAVAILABLE", message: "The service is unavailable."),
         .unavailable("Google Places has a problem (503 UNAVAILABLE); try again in a few minutes.")),
        (.accepts(key), 400, GoogleStandIn.errorBody(code: 400, status: "INVALID_ARGUMENT", message: "\u{1B}[2JBad radius."),
         .refused("Google Places did not accept the request (400 INVALID_ARGUMENT): \u{FFFD}[2JBad radius.")),
        (.accepts(key), 502, "<html>bad gateway</html>",
         .unavailable("Google Places has a problem (HTTP 502); try again in a few minutes.")),
    ])
    func errors(keys: GoogleStandIn.KeyCheck, status: Int?, body: String, expected: PlacesError) async throws {
        let google = try await GoogleStandIn.start(keys: keys)
        google.fail(status: status, body: body)
        let places = try provider(google, keySource: "config.toml line 3 (google_api_key)")
        do {
            _ = try await places.places(PlaceQuery(center: Self.here, radius: 500, category: .cafe), after: nil)
            Issue.record("expected \(expected)")
        } catch {
            #expect(error == expected)
            #expect(!"\(error)".contains(Self.key))
        }
        await google.stop()
    }

    @Test("without the key header or the field mask, the stand-in refuses as Google does")
    func standInChecks() async throws {
        let google = try await GoogleStandIn.start(keys: .accepts(Self.key))
        let client = HTTPClient(baseURL: try #require(URL(string: google.baseURL)))
        let body = Data(#"{"includedTypes": ["cafe"], "locationRestriction": {"circle": {"center": {"latitude": 47.141, "longitude": 9.5209}, "radius": 500}}}"#.utf8)
        let noKey = try await client.send(HTTPClient.Request(method: "POST", path: "/v1/places:searchNearby",
                                                             headers: ["X-Goog-FieldMask": "places.id"], body: body))
        #expect(noKey.status == 403)
        let noMask = try await client.send(HTTPClient.Request(method: "POST", path: "/v1/places:searchNearby",
                                                              headers: ["X-Goog-Api-Key": Self.key], body: body))
        #expect(noMask.status == 400)
        #expect(String(decoding: noMask.body, as: UTF8.self).contains("FieldMask is a required parameter"))
        let legacyType = try await client.send(HTTPClient.Request(
            method: "POST", path: "/v1/places:searchNearby",
            headers: ["X-Goog-Api-Key": Self.key, "X-Goog-FieldMask": "places.id"],
            body: Data(#"{"includedTypes": ["grocery_or_supermarket"], "locationRestriction": {"circle": {"center": {"latitude": 47.141, "longitude": 9.5209}, "radius": 500}}}"#.utf8)))
        #expect(legacyType.status == 400)
        await google.stop()
    }

    @Test("every type Nearby searches by is one the New API accepts")
    func typesAreTableA() {
        for category in NearbyCore.Category.allCases {
            let types = CategoryMapping.rule(for: category).googleTypes.filter { $0 != "grocery_or_supermarket" }
            // A category without types is not asked of Google at all (see the legacy provider's tests).
            guard !CategoryMapping.rule(for: category).googleTypes.isEmpty else { continue }
            #expect(!types.isEmpty, "\(category)")
            #expect(types.allSatisfy(GooglePlacesFixture.tableATypes.contains), "\(category): \(types)")
        }
    }
}
