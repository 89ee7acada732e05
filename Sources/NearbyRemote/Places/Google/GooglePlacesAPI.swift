import FoundationEssentials
import Glibc
import NearbyCore
import NearbyHTTP
import NearbyData

/// The three Places API (New) requests Nearby makes, each one HTTP request: Nearby Search, Text Search and
/// Place Details. The key goes in the `X-Goog-Api-Key` header only, never in a URL; every request names its
/// field mask. No caching here: `GoogleSessionCache` decides what is asked.
struct GooglePlacesAPI: Sendable {
    /// Most results one Nearby Search or one Text Search page returns.
    static let maxResults = 20
    /// The widest circle the API accepts.
    static let maxRadius = 50_000.0

    /// What one Nearby Search answered around a point.
    struct NearbyAnswer: Sendable {
        var places: [Place]
        /// How many places the API returned, before any was left out: 20 means there may be more.
        var returned: Int
        /// The farthest distance among the returned places.
        var farthest: Double
    }

    private let client: HTTPClient
    private let apiKey: String
    let keySource: String
    private let now: @Sendable () -> Date

    init(apiKey: String, keySource: String, baseURL: URL, timeout: Duration, now: @escaping @Sendable () -> Date) {
        client = HTTPClient(baseURL: baseURL, timeout: timeout, maxBodySize: 8 << 20,
                            headers: ["User-Agent": NearbyRelease.userAgent])
        self.apiKey = apiKey
        self.keySource = keySource
        self.now = now
    }

    /// `POST /v1/places:searchNearby`: the nearest places of `types` within the circle, nearest first.
    func searchNearby(center: Coordinate, radius: Double, types: [String]) async throws(PlacesError) -> NearbyAnswer {
        let body: JSONValue = .object([
            "includedTypes": .array(types.map(JSONValue.string)),
            "maxResultCount": .integer(Int64(Self.maxResults)),
            "rankPreference": .string("DISTANCE"),
            "locationRestriction": .object(["circle": .object([
                "center": Self.latLng(center),
                "radius": .number(min(radius, Self.maxRadius)),
            ])]),
        ])
        let value = try await send(method: "POST", path: "/v1/places:searchNearby", mask: GoogleFieldMask.nearby,
                                   body: body)
        let reportedAt = now()
        let entries = value["places"]?.arrayValue ?? []
        var farthest = 0.0
        for entry in entries {
            if let latitude = entry["location"]?["latitude"]?.doubleValue,
               let longitude = entry["location"]?["longitude"]?.doubleValue {
                let point = Coordinate(latitude: latitude, longitude: longitude)
                if point.isValid { farthest = max(farthest, center.distance(to: point)) }
            }
        }
        return NearbyAnswer(places: entries.compactMap { GooglePlaceMapping.place(from: $0, reportedAt: reportedAt) },
                            returned: entries.count, farthest: farthest)
    }

    /// `POST /v1/places:searchText`: places matching `text` in the circle's bounding box (the API takes
    /// only a rectangle as a hard limit), nearest first, one page of 20; the caller drops what lies outside
    /// the circle.
    func searchText(_ text: String, type: String?, center: Coordinate, radius: Double,
                    pageToken: String?) async throws(PlacesError) -> (places: [Place], next: String?) {
        var fields: [String: JSONValue] = [
            "textQuery": .string(text),
            "pageSize": .integer(Int64(Self.maxResults)),
            "rankPreference": .string("DISTANCE"),
            "locationRestriction": .object(["rectangle": Self.rectangle(around: center, radius: radius)]),
        ]
        if let type {
            fields["includedType"] = .string(type)
            fields["strictTypeFiltering"] = .bool(true)
        }
        if let pageToken { fields["pageToken"] = .string(pageToken) }
        let value = try await send(method: "POST", path: "/v1/places:searchText", mask: GoogleFieldMask.text,
                                   body: .object(fields))
        let reportedAt = now()
        let places = (value["places"]?.arrayValue ?? []).compactMap {
            GooglePlaceMapping.place(from: $0, reportedAt: reportedAt)
        }
        let next = value["nextPageToken"]?.stringValue.flatMap { UntrustedText.clean($0, maxLength: 4_096) }
        return (places, next.flatMap { $0.isEmpty ? nil : $0 })
    }

    /// `GET /v1/places/{id}`: one place with the detail screen's fields. A place that closed for good, or an
    /// id Google no longer knows, is `.notFound`.
    func details(id: String) async throws(PlacesError) -> Place {
        guard GooglePlaceMapping.isPlaceID(id) else { throw .notFound }
        let value = try await send(method: "GET", path: "/v1/places/" + id, mask: GoogleFieldMask.detail, body: nil)
        if GooglePlaceMapping.isClosedForGood(value) { throw .notFound }
        // Details of a place a search found must not vanish for want of a mapped type.
        guard let place = GooglePlaceMapping.place(from: value, reportedAt: now(), fallback: .attraction) else {
            throw .badResponse("Google Places sent a place without a name or position.")
        }
        return place
    }

    // MARK: -

    private func send(method: String, path: String, mask: String, body: JSONValue?) async throws(PlacesError)
        -> JSONValue {
        var headers = ["X-Goog-Api-Key": apiKey, "X-Goog-FieldMask": mask, "Accept": "application/json"]
        if body != nil { headers["Content-Type"] = "application/json" }
        let response: HTTPClient.Response
        do {
            response = try await client.send(HTTPClient.Request(method: method, path: path, headers: headers,
                                                                body: body?.encoded()))
        } catch {
            throw PlacesError.from(error, service: "Google Places")
        }
        guard response.isSuccess else {
            throw GoogleAPIError(response: response, now: now()).placesError(keySource: keySource, now: now())
        }
        do {
            return try JSONValue.parse(response.body)
        } catch {
            throw .badResponse("Google Places' answer could not be read.")
        }
    }

    private static func latLng(_ point: Coordinate) -> JSONValue {
        .object(["latitude": .number(point.latitude), "longitude": .number(point.longitude)])
    }

    /// The box around a circle: `low` south-west, `high` north-east. A box crossing the antimeridian has
    /// `low.longitude > high.longitude`, as the API expects; near a pole it spans every longitude.
    static func rectangle(around center: Coordinate, radius: Double) -> JSONValue {
        let metresPerDegree = 111_320.0
        let latitudeSpan = radius / metresPerDegree
        let south = max(-90, center.latitude - latitudeSpan), north = min(90, center.latitude + latitudeSpan)
        let widest = max(abs(south), abs(north))
        var west = -180.0, east = 180.0
        if widest < 89.9 {
            let longitudeSpan = radius / (metresPerDegree * cos(widest * .pi / 180))
            if longitudeSpan < 180 {
                west = wrapped(center.longitude - longitudeSpan)
                east = wrapped(center.longitude + longitudeSpan)
            }
        }
        return .object(["low": latLng(Coordinate(latitude: south, longitude: west)),
                        "high": latLng(Coordinate(latitude: north, longitude: east))])
    }

    private static func wrapped(_ longitude: Double) -> Double {
        var value = longitude
        while value > 180 { value -= 360 }
        while value < -180 { value += 360 }
        return value
    }
}
