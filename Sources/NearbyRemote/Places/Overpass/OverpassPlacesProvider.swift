import FoundationEssentials
import NearbyCore
import NearbyHTTP
import NearbyData

/// Places from OpenStreetMap's live Overpass API, as a good citizen of a shared, free service: every query
/// is bounded (a circle of at most 50 km, at most 10,000 elements) and carries a server time limit below the
/// client's; requests name Nearby in their `User-Agent`; a refusal's `Retry-After` is honoured, and after a
/// 429 the status page is asked when the next slot is free before another query goes. Objects are mapped
/// as the importer maps them (`OSMPlaceMapping`), unnamed ATMs, fuel stations and car parks included.
/// Pages are cut from the nearest-first list; a cursor is an offset.
public struct OverpassPlacesProvider: PlacesProvider {
    /// Maps an element's tags to a category; nil leaves the element out. The app passes `CategoryMapping`.
    public typealias Categorize = @Sendable ([String: String]) -> NearbyCore.Category?

    public static let defaultURL = URL(string: "https://overpass-api.de/api")
    public static let attribution = "© OpenStreetMap contributors"

    private let client: HTTPClient
    private let categorize: Categorize
    private let serverTimeout: Int
    private let gate = OverpassRateGate()
    private let now: @Sendable () -> Date

    /// - Parameters:
    ///   - baseURL: the API root; queries go to `<baseURL>/interpreter`, the status page is `<baseURL>/status`.
    ///     The endpoint itself (`…/api/interpreter`, as Overpass instances advertise it) means its root.
    ///   - timeout: the client's limit for one answer; the query asks the server to stop a few seconds sooner.
    public init(baseURL: URL, categorize: @escaping Categorize, timeout: Duration = .seconds(30),
                now: @escaping @Sendable () -> Date = { Date() }) {
        client = HTTPClient(baseURL: Self.apiRoot(of: baseURL), timeout: timeout, maxBodySize: 32 << 20,
                            headers: ["User-Agent": NearbyRelease.userAgent])
        self.categorize = categorize
        serverTimeout = OverpassQuery.serverTimeout(clientTimeout: HTTPClient.seconds(timeout))
        self.now = now
    }

    public var isLive: Bool { true }

    public func places(_ query: PlaceQuery, after cursor: PageCursor?) async throws(PlacesError) -> PlacesPage {
        let all = try await hits(near: query.center, radius: query.radius, category: query.category)
            .filter { RemotePlaceGeometry.matches($0.place, searchText: query.searchText) }
        let offset = cursor.flatMap { Int($0.token) }.map { max(0, $0) } ?? 0
        let limit = max(1, query.limit)
        let end = min(all.count, offset + limit)
        let page = offset < end ? Array(all[offset..<end]) : []
        return PlacesPage(hits: page, next: end < all.count ? PageCursor(token: String(end)) : nil,
                          attributions: [Self.attribution])
    }

    public func place(id: PlaceID, from center: Coordinate) async throws(PlacesError) -> PlaceHit {
        guard id.source == .osm, let kind = id.sourceID.first, let number = Int64(id.sourceID.dropFirst()),
              number > 0 else { throw .notFound }
        let type: String
        switch kind {
        case "n": type = "node"
        case "w": type = "way"
        case "r": type = "relation"
        default: throw .notFound
        }
        let elements = try await run(OverpassQuery.element(type: type, number: number, timeout: serverTimeout))
        guard let place = elements.compactMap({ place(from: $0) }).first else { throw .notFound }
        return RemotePlaceGeometry.hit(place, from: center)
    }

    public func count(near center: Coordinate, radius: Double, category: NearbyCore.Category?)
        async throws(PlacesError) -> Int {
        try await hits(near: center, radius: radius, category: category).count
    }

    /// `url` without a final `interpreter` component, so either form of the address posts to one endpoint.
    static func apiRoot(of url: URL) -> URL {
        url.lastPathComponent == "interpreter" ? url.deletingLastPathComponent() : url
    }

    // MARK: -

    private func hits(near center: Coordinate, radius: Double, category: NearbyCore.Category?)
        async throws(PlacesError) -> [PlaceHit] {
        guard center.isValid, radius.isFinite, radius > 0 else { return [] }
        let elements = try await run(OverpassQuery.area(center: center, radius: radius, timeout: serverTimeout))
        var seen = Set<PlaceID>()
        var hits: [PlaceHit] = []
        for element in elements {
            guard let place = place(from: element), category == nil || place.category == category,
                  seen.insert(place.id).inserted else { continue }
            let hit = RemotePlaceGeometry.hit(place, from: center)
            // A way's centre may lie a little outside the circle its outline touches; nothing is listed
            // "within" a radius it is not within.
            if hit.distance <= radius { hits.append(hit) }
        }
        return hits.sorted { $0.distance < $1.distance }
    }

    /// Posts `query` when Overpass lets this client, and returns the answer's elements.
    private func run(_ query: String) async throws(PlacesError) -> [JSONValue] {
        try await admit()
        let form = "data=" + Self.formEncoded(query)
        let response: HTTPClient.Response
        do {
            response = try await client.send(HTTPClient.Request(
                method: "POST", path: "/interpreter",
                headers: ["Content-Type": "application/x-www-form-urlencoded", "Accept": "application/json"],
                body: Data(form.utf8)))
        } catch {
            throw PlacesError.from(error, service: "Overpass")
        }
        switch response.status {
        case 200...299:
            gate.admitted()
        case 429:
            throw await busy(retryAfter: response.headers["retry-after"])
        case 504:
            let retryAt = RetryAfter.instant(response.headers["retry-after"], now: now())
            gate.refused(notBefore: retryAt, asksStatus: false)
            let when = retryAt.map { "in \(WaitText.text($0.timeIntervalSince(now())))" } ?? "in a minute"
            throw .unavailable("Overpass is overloaded (HTTP 504); try again \(when).")
        default:
            throw PlacesError.from(.status(response.status, body: response.body.prefix(4_096)), service: "Overpass")
        }
        let value: JSONValue
        do {
            value = try JSONValue.parse(response.body)
        } catch {
            throw .badResponse("Overpass's answer could not be read.")
        }
        guard let elements = value["elements"]?.arrayValue else {
            throw .badResponse("Overpass's answer holds no elements.")
        }
        // A query that ran out of time or memory still answers 200, with a remark and what it had so far:
        // a part of an area must not pass for all of it.
        if let remark = value["remark"]?.stringValue, let failure = Self.runtimeError(remark) { throw failure }
        return elements
    }

    /// Waits for nothing: a query before the time Overpass named is refused here, without a request, and
    /// after a 429 the status page decides whether one may go now.
    private func admit() async throws(PlacesError) {
        let admission = gate.admission(at: now())
        if let wait = admission.wait { throw Self.busyError(wait: wait) }
        guard admission.asksStatus else { return }
        // An unreadable status page is no reason to stay silent for ever: the query goes, and a 429 says more.
        guard let wait = await slotWait() else { return gate.slotFree(at: now(), now: now()) }
        gate.slotFree(at: now().addingTimeInterval(TimeInterval(wait)), now: now())
        if wait > 0 { throw Self.busyError(wait: TimeInterval(wait)) }
    }

    /// After a 429: when the next slot is free. The status page knows this client's slots, so it decides; a
    /// `Retry-After` beside it counts for at most `longestPauseBesideStatus` (a broken or hostile header of
    /// years must not lock the source while the page says a slot is free). Without the page, `Retry-After`
    /// alone, capped at an hour (`RetryAfter.longest`).
    private func busy(retryAfter: String?) async -> PlacesError {
        let start = now()
        let asked = RetryAfter.instant(retryAfter, now: start).map { $0.timeIntervalSince(start) } ?? 0
        let wait: TimeInterval
        if let slot = await slotWait() {
            wait = max(TimeInterval(slot), min(asked, Self.longestPauseBesideStatus))
        } else {
            wait = asked
        }
        gate.slotFree(at: start.addingTimeInterval(wait), now: start)
        gate.refused(notBefore: nil, asksStatus: true)
        if wait > 0 { return Self.busyError(wait: wait) }
        return .unavailable("Overpass is busy; try again in a minute.")
    }

    /// The longest a `Retry-After` holds queries back when the status page says when the next slot is free.
    static let longestPauseBesideStatus: TimeInterval = 60

    /// Seconds until a slot is free, from the status page; nil when it cannot be read.
    private func slotWait() async -> Int? {
        guard let response = try? await client.send(HTTPClient.Request(path: "/status", headers: ["Accept": "text/plain"],
                                                                       timeout: .seconds(10))),
              response.isSuccess else { return nil }
        return OverpassStatus.secondsUntilSlot(String(decoding: response.body.prefix(64 * 1024), as: UTF8.self))
    }

    static func busyError(wait: TimeInterval) -> PlacesError {
        .unavailable("Overpass is busy; next slot in \(WaitText.text(wait)).")
    }

    /// The error a runtime-error remark stands for, or nil for a remark that is no error.
    static func runtimeError(_ remark: String) -> PlacesError? {
        let text = remark.lowercased()
        guard text.contains("runtime error") else { return nil }
        if text.contains("timed out") || text.contains("timeout") {
            return .unavailable("Overpass ran out of time for this area; try a smaller radius, or again later.")
        }
        if text.contains("out of memory") {
            return .unavailable("Overpass ran out of memory for this area; try a smaller radius.")
        }
        let detail = UntrustedText.clean(String(remark.prefix(120)), maxLength: 120) ?? "runtime error"
        return .unavailable("Overpass could not finish the query (\(detail)).")
    }

    /// `application/x-www-form-urlencoded`: letters, digits and `-._*` as they are, everything else as %XX.
    static func formEncoded(_ text: String) -> String {
        var encoded = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                 UInt8(ascii: "*"):
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = Array("0123456789ABCDEF".unicodeScalars)
                encoded.unicodeScalars.append("%")
                encoded.unicodeScalars.append(hex[Int(byte >> 4)])
                encoded.unicodeScalars.append(hex[Int(byte & 0x0F)])
            }
        }
        return encoded
    }

    /// A place from one element, mapped as the importer maps it, or nil when it is none of ours.
    func place(from element: JSONValue) -> Place? {
        guard let type = element["type"]?.stringValue, let id = element["id"]?.integerValue, id > 0,
              case .object(let rawTags)? = element["tags"] else { return nil }
        var tags: [String: String] = [:]
        for (key, value) in rawTags {
            if let text = value.stringValue, let clean = UntrustedText.clean(text, maxLength: 500) { tags[key] = clean }
        }
        guard let category = categorize(tags) else { return nil }
        let position = type == "node" ? element : element["center"]
        guard let lat = position?["lat"]?.doubleValue, let lon = position?["lon"]?.doubleValue else { return nil }
        let coordinate = Coordinate(latitude: lat, longitude: lon)
        guard coordinate.isValid, let prefix = type.first, "nwr".contains(prefix) else { return nil }
        return OSMPlaceMapping.place(id: PlaceID(source: .osm, sourceID: "\(prefix)\(id)"), tags: tags,
                                     coordinate: coordinate, category: category)
    }
}
