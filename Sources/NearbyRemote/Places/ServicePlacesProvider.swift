import FoundationEssentials
import NearbyCore
import Locking
import NearbyHTTP
import NearbyData

/// Places from another Nearby's service (`nearby serve`, on PostgreSQL/PostGIS or a local store):
/// `GET /api/places`, `/api/places/count` and `/api/places/{id}`. Its pages, order and cursors are the
/// service's own; the rows are read back with `PlaceJSON`, cleaned of control characters.
///
/// A live source in the request budget's sense: every list page, count and detail is one request, and
/// decoration (`reach: .heldOnly`, the detail map's neighbours) is answered from the places this provider
/// received lately, never from the network. The service counts exactly and answers every page in full, so
/// counts are exact and pages never capped; it keeps no cache, so `refresh` has nothing to do.
public struct ServicePlacesProvider: PlacesProvider {
    private let client: HTTPClient
    private let held = HeldPlaces()

    /// - Parameters:
    ///   - baseURL: the service's root (`http://host:port`).
    ///   - token: the service's bearer token, when it wants one.
    public init(baseURL: URL, token: String? = nil, timeout: Duration = .seconds(15)) {
        var headers = ["Accept": "application/json", "User-Agent": "nearby (terminal app)"]
        if let token { headers["Authorization"] = "Bearer \(token)" }
        client = HTTPClient(baseURL: baseURL, timeout: timeout, maxBodySize: 16 << 20, headers: headers)
    }

    public var isLive: Bool { true }

    public func places(_ query: PlaceQuery, after cursor: PageCursor?) async throws(PlacesError) -> PlacesPage {
        guard query.center.isValid, query.radius.isFinite, query.radius > 0 else { return PlacesPage(hits: [], next: nil) }
        if query.reach == .heldOnly {
            return PlacesPage(hits: cursor == nil ? held.hits(for: query) : [], next: nil)
        }
        var items = Self.area(query.center, radius: query.radius, category: query.category)
        if let search = query.searchText, !search.isEmpty { items.append(URLQueryItem(name: "search", value: search)) }
        items.append(URLQueryItem(name: "limit", value: String(min(max(query.limit, 1), 200))))
        if let cursor { items.append(URLQueryItem(name: "after", value: cursor.token)) }
        let body = try await get("/api/places", items)
        guard let list = body["places"]?.arrayValue else { throw .badResponse("The places service's answer holds no places.") }
        let hits = list.compactMap(PlaceJSON.hit(from:))
        held.keep(hits.map(\.place))
        let next = body["next"]?.stringValue.flatMap { $0.isEmpty || $0.utf8.count > 200 ? nil : PageCursor(token: $0) }
        let attributions = (body["attributions"]?.arrayValue ?? []).compactMap { $0.stringValue }
            .compactMap { UntrustedText.clean($0, maxLength: 300) }
        return PlacesPage(hits: hits, next: next, attributions: attributions)
    }

    public func place(id: PlaceID, from center: Coordinate) async throws(PlacesError) -> PlaceHit {
        let body = try await get("/api/places/\(Self.pathSegment(id.description))",
                                 [URLQueryItem(name: "near", value: "\(center.latitude),\(center.longitude)")])
        guard let hit = PlaceJSON.hit(from: body) else { throw .badResponse("The places service sent a place it cannot show.") }
        held.keep([hit.place])
        return hit
    }

    public func count(near center: Coordinate, radius: Double, category: NearbyCore.Category?) async throws(PlacesError) -> Int {
        guard center.isValid, radius.isFinite, radius > 0 else { return 0 }
        let body = try await get("/api/places/count", Self.area(center, radius: radius, category: category))
        guard let count = body["count"]?.integerValue, count >= 0 else {
            throw .badResponse("The places service's count could not be read.")
        }
        return Int(clamping: count)
    }

    private static func area(_ center: Coordinate, radius: Double, category: NearbyCore.Category?) -> [URLQueryItem] {
        var items = [URLQueryItem(name: "near", value: "\(center.latitude),\(center.longitude)"),
                     URLQueryItem(name: "radius", value: String(min(radius, 50_000)))]
        if let category { items.append(URLQueryItem(name: "category", value: category.rawValue)) }
        return items
    }

    /// `text` as one path segment: unreserved ASCII and ":" as they are, every other byte as %XX.
    static func pathSegment(_ text: String) -> String {
        var result = ""
        for byte in text.utf8 {
            let scalar = Unicode.Scalar(byte)
            if byte < 0x80, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "-._~:".unicodeScalars.contains(scalar) {
                result.unicodeScalars.append(scalar)
            } else {
                let hex = String(byte, radix: 16, uppercase: true)
                result += byte < 0x10 ? "%0\(hex)" : "%\(hex)"
            }
        }
        return result
    }

    private func get(_ path: String, _ query: [URLQueryItem]) async throws(PlacesError) -> JSONValue {
        let response: HTTPClient.Response
        do {
            response = try await client.send(HTTPClient.Request(method: "GET", path: path, query: query))
        } catch {
            throw PlacesError.from(error, service: "The places service")
        }
        if response.status == 404, path.hasPrefix("/api/places/"), !path.hasSuffix("/count") { throw .notFound }
        guard response.isSuccess else {
            throw PlacesError.from(.status(response.status, body: response.body), service: "The places service")
        }
        do {
            return try JSONValue.parse(response.body)
        } catch {
            throw .badResponse("The places service's answer could not be read.")
        }
    }
}

/// The places a `ServicePlacesProvider` received lately (the last 1,000), for queries that may not reach the
/// network.
private final class HeldPlaces: Sendable {
    private static let capacity = 1_000

    private struct State {
        var places: [PlaceID: Place] = [:]
        /// Oldest first; an id appears once.
        var order: [PlaceID] = []
    }

    private let state = Locked(State())

    func keep(_ places: [Place]) {
        state.withLock { state in
            for place in places {
                if state.places.updateValue(place, forKey: place.id) != nil {
                    state.order.removeAll { $0 == place.id }
                }
                state.order.append(place.id)
            }
            let excess = state.order.count - Self.capacity
            if excess > 0 {
                for id in state.order.prefix(excess) { state.places[id] = nil }
                state.order.removeFirst(excess)
            }
        }
    }

    /// The held places `query` matches, nearest first, at most its limit.
    func hits(for query: PlaceQuery) -> [PlaceHit] {
        let places = state.withLock { Array($0.places.values) }
        let hits = places.filter { query.category == nil || $0.category == query.category }
            .filter { RemotePlaceGeometry.matches($0, searchText: query.searchText) }
            .map { RemotePlaceGeometry.hit($0, from: query.center) }
            .filter { $0.distance <= query.radius }
            .sorted { ($0.distance, $0.place.id.description) < ($1.distance, $1.place.id.description) }
        return Array(hits.prefix(max(query.limit, 0)))
    }
}
