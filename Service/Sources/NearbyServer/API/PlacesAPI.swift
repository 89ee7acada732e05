import Foundation
import NearbyCore
import NearbyData
import NearbyHTTP

/// The places routes over any `PlacesProvider` (the local store, or PostGIS):
/// - `GET /api/places?near=LAT,LON&radius=M&category=C&search=T&limit=N&after=CURSOR`: one page, nearest first,
///   as `{"places": […], "next": CURSOR or null, "attributions": […]}`; each place has the fields of
///   `nearby places --json` (`PlaceJSON`).
/// - `GET /api/places/count?near=LAT,LON&radius=M&category=C`: `{"count": N}`.
/// - `GET /api/places/{id}?near=LAT,LON`: one place with every detail, distance from `near` when given.
public struct PlacesAPI: Sendable {
    public static let defaultRadius = 2_000.0
    public static let maximumRadius = 50_000.0
    public static let defaultLimit = 20
    public static let maximumLimit = 200

    private let provider: any PlacesProvider
    /// Whether a cursor is one the provider hands out; a bad one is a 400, not a store failure.
    private let acceptsCursor: @Sendable (PageCursor) -> Bool
    private let now: @Sendable () -> Date
    /// Each place's clock, its hours are read on; where no zone is known, the server's own (`TZ`, else
    /// /etc/localtime).
    private let zones: PlaceZones
    private let log: (@Sendable (String) -> Void)?
    private let hours = ParsedHoursCache()

    public init(provider: any PlacesProvider, acceptsCursor: @escaping @Sendable (PageCursor) -> Bool,
                now: @escaping @Sendable () -> Date = { Date() },
                zones: PlaceZones = .world(fallback: ZoneRules.local(tz: ProcessInfo.processInfo.environment["TZ"])),
                log: (@Sendable (String) -> Void)? = nil) {
        self.provider = provider
        self.acceptsCursor = acceptsCursor
        self.now = now
        self.zones = zones
        self.log = log
    }

    enum Route: Equatable {
        case page
        case count
        case one(PlaceID)
        case unknownID
        case wrongMethod
    }

    static func route(method: String, path: String) -> Route? {
        let segments = path.split(separator: "/", omittingEmptySubsequences: true)
        guard segments.count >= 2, segments[0] == "api", segments[1] == "places", segments.count <= 3 else {
            return nil
        }
        guard method.uppercased() == "GET" || method.uppercased() == "HEAD" else { return .wrongMethod }
        if segments.count == 2 { return .page }
        if segments[2] == "count" { return .count }
        guard let id = PlaceID(String(segments[2])) else { return .unknownID }
        return .one(id)
    }

    func respond(to request: ServerRequest, route: Route) async -> ServerResponse {
        do throws(PlacesRequestError) {
            switch route {
            case .wrongMethod:
                return .error(405, "Use GET here.", headers: ["Allow": "GET"])
            case .unknownID:
                return .error(404, "No place with that id.")
            case .page:
                return try await page(request.query)
            case .count:
                let query = try Self.query(request.query, needsLimit: false)
                let count = try await perform { () async throws(PlacesError) in
                    try await provider.count(near: query.center, radius: query.radius, category: query.category)
                }
                return .json(200, .object(["count": .integer(Int64(count))]))
            case .one(let id):
                let center = try request.query["near"].map(Self.coordinate)
                let hit = try await perform { () async throws(PlacesError) in
                    try await provider.place(id: id, from: center ?? Coordinate(latitude: 0, longitude: 0))
                }
                var shown = hit
                if center == nil { shown.distance = 0; shown.bearing = 0 }
                var writer = JSONWriter(capacity: 1024)
                let state = PlaceJSON.openState(hit.place, at: now(), zones: zones, parsed: hours.hours)
                PlaceJSON.write(shown, openState: state, into: &writer)
                return .json(200, data: writer.data)
            }
        } catch {
            return error.response
        }
    }

    private func page(_ parameters: [String: String]) async throws(PlacesRequestError) -> ServerResponse {
        let query = try Self.query(parameters, needsLimit: true)
        var cursor: PageCursor?
        if let after = parameters["after"], !after.isEmpty {
            let candidate = PageCursor(token: after)
            guard after.utf8.count <= 200, acceptsCursor(candidate) else {
                throw .invalid("after", "Not a cursor this service handed out; start again without it.")
            }
            cursor = candidate
        }
        let page = try await perform { () async throws(PlacesError) in try await provider.places(query, after: cursor) }
        let time = now()
        var writer = JSONWriter(capacity: 600 * page.hits.count + 64)
        writer.raw("{\"places\":[")
        for (index, hit) in page.hits.enumerated() {
            if index > 0 { writer.raw(",") }
            let state = PlaceJSON.openState(hit.place, at: time, zones: zones, parsed: hours.hours)
            PlaceJSON.write(hit, openState: state, into: &writer)
        }
        writer.raw("],\"next\":")
        writer.optionalString(page.next?.token)
        writer.raw(",\"attributions\":[")
        for (index, attribution) in page.attributions.enumerated() {
            if index > 0 { writer.raw(",") }
            writer.string(attribution)
        }
        writer.raw("]}")
        return .json(200, data: writer.data)
    }

    private func perform<T>(_ work: () async throws(PlacesError) -> T) async throws(PlacesRequestError) -> T {
        do {
            return try await work()
        } catch {
            switch error {
            case .notFound: throw .notFound
            case .unavailable(let reason):
                log?("places store unavailable: \(reason)")
                throw .unavailable
            default:
                log?("places store failure: \(error)")
                throw .failed
            }
        }
    }

    /// The query a request's parameters describe, each checked with a message naming the parameter.
    static func query(_ parameters: [String: String], needsLimit: Bool) throws(PlacesRequestError) -> PlaceQuery {
        guard let nearText = parameters["near"] else { throw .invalid("near", "Required: near=LAT,LON.") }
        let center = try coordinate(nearText)
        var radius = defaultRadius
        if let text = parameters["radius"] {
            guard let value = Double(text), value > 0, value <= maximumRadius else {
                throw .invalid("radius", "Metres, more than 0 and at most \(Int(maximumRadius)).")
            }
            radius = value
        }
        var category: NearbyCore.Category?
        if let name = parameters["category"], !name.isEmpty {
            guard let known = NearbyCore.Category(name: name) else {
                throw .invalid("category", "Unknown category; known ones: "
                               + NearbyCore.Category.allCases.map(\.rawValue).joined(separator: ", ") + ".")
            }
            category = known
        }
        var search: String?
        if let text = parameters["search"], !text.isEmpty {
            guard text.count <= 200 else { throw .invalid("search", "At most 200 characters.") }
            search = text
        }
        var limit = defaultLimit
        if needsLimit, let text = parameters["limit"] {
            guard let value = Int(text), (1...maximumLimit).contains(value) else {
                throw .invalid("limit", "A whole number from 1 to \(maximumLimit).")
            }
            limit = value
        }
        return PlaceQuery(center: center, radius: radius, category: category, searchText: search, limit: limit)
    }

    static func coordinate(_ text: String) throws(PlacesRequestError) -> Coordinate {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2, let lat = Double(parts[0].trimmingSpaces()),
              let lon = Double(parts[1].trimmingSpaces()) else {
            throw .invalid("near", "LAT,LON in degrees, such as 47.141,9.521.")
        }
        let coordinate = Coordinate(latitude: lat, longitude: lon)
        guard coordinate.isValid else { throw .invalid("near", "Latitude -90…90 and longitude -180…180.") }
        return coordinate
    }
}

/// Why a places request was not answered with places.
enum PlacesRequestError: Error {
    case invalid(String, String)
    case notFound
    /// The database could not be reached or did not answer in time.
    case unavailable
    case failed

    var response: ServerResponse {
        switch self {
        case .invalid(let parameter, let reason):
            .error(400, "\(parameter): \(reason)", extra: ["field": .string(parameter), "reason": .string(reason)])
        case .notFound:
            .error(404, "No place with that id.")
        case .unavailable:
            DatabaseUnavailable.response(writing: false)
        case .failed:
            .error(500, "The places store failed; the request was not completed.")
        }
    }
}
