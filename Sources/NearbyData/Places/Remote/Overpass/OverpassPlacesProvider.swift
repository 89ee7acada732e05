import Foundation
import NearbyCore

/// Places from OpenStreetMap's live Overpass API: named points of interest around a point, nodes and
/// ways (by their centre). Pages are cut from the nearest-first list; a cursor is an offset.
public struct OverpassPlacesProvider: PlacesProvider {
    /// Maps an element's tags to a category; nil leaves the element out. The app passes `CategoryMapping`.
    public typealias Categorize = @Sendable ([String: String]) -> NearbyCore.Category?

    public static let defaultURL = URL(string: "https://overpass-api.de/api")
    public static let attribution = "© OpenStreetMap contributors"

    private let client: HTTPClient
    private let categorize: Categorize
    private let keys: [String]

    /// - Parameters:
    ///   - baseURL: the API root; requests go to `<baseURL>/interpreter`. The endpoint itself
    ///     (`…/api/interpreter`, as Overpass instances advertise it) is taken to mean its root.
    ///   - keys: the tag keys whose named elements are fetched (`amenity`, `shop`, …).
    public init(baseURL: URL, categorize: @escaping Categorize,
                keys: [String] = ["amenity", "shop", "tourism", "leisure"], timeout: Duration = .seconds(30)) {
        client = HTTPClient(baseURL: Self.apiRoot(of: baseURL), timeout: timeout, maxBodySize: 32 << 20,
                            headers: ["User-Agent": "nearby (terminal app)"])
        self.categorize = categorize
        self.keys = keys
    }

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
        let elements = try await run("[out:json][timeout:25];\(type)(\(number));out center tags;")
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
        let around = "(around:\(Int(min(radius, 50_000).rounded())),\(center.latitude),\(center.longitude))"
        let selectors = keys.map { "nwr[\"\($0)\"][\"name\"]\(around);" }.joined()
        let elements = try await run("[out:json][timeout:25];(\(selectors));out center tags;")
        var seen = Set<PlaceID>()
        var hits: [PlaceHit] = []
        for element in elements {
            guard let place = place(from: element), category == nil || place.category == category,
                  seen.insert(place.id).inserted else { continue }
            let hit = RemotePlaceGeometry.hit(place, from: center)
            if hit.distance <= radius * 1.05 { hits.append(hit) }
        }
        return hits.sorted { $0.distance < $1.distance }
    }

    private func run(_ query: String) async throws(PlacesError) -> [JSONValue] {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._*")
        let form = "data=" + (query.addingPercentEncoding(withAllowedCharacters: allowed) ?? "")
        let response: HTTPClient.Response
        do {
            response = try await client.sendExpectingSuccess(HTTPClient.Request(
                method: "POST", path: "/interpreter",
                headers: ["Content-Type": "application/x-www-form-urlencoded", "Accept": "application/json"],
                body: Data(form.utf8)))
        } catch {
            throw PlacesError.from(error, service: "Overpass")
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
        // A query that ran out of time or memory still answers 200, with a remark and partial elements.
        if let remark = value["remark"]?.stringValue, remark.lowercased().contains("error"), elements.isEmpty {
            throw .refused("Overpass could not finish the query; try a smaller radius.")
        }
        return elements
    }

    /// A place from one element, or nil when it has no name, no position or no known category.
    func place(from element: JSONValue) -> Place? {
        guard let type = element["type"]?.stringValue, let id = element["id"]?.integerValue,
              case .object(let rawTags)? = element["tags"] else { return nil }
        var tags: [String: String] = [:]
        for (key, value) in rawTags {
            if let text = value.stringValue, let clean = UntrustedText.clean(text, maxLength: 500) { tags[key] = clean }
        }
        guard let name = tags["name"], !name.isEmpty, let category = categorize(tags) else { return nil }
        let position = type == "node" ? element : element["center"]
        guard let lat = position?["lat"]?.doubleValue, let lon = position?["lon"]?.doubleValue else { return nil }
        let coordinate = Coordinate(latitude: lat, longitude: lon)
        guard coordinate.isValid, let prefix = type.first, "nwr".contains(prefix) else { return nil }
        let address = Address(street: tags["addr:street"], houseNumber: tags["addr:housenumber"],
                              postcode: tags["addr:postcode"], city: tags["addr:city"], country: tags["addr:country"])
        return Place(id: PlaceID(source: .osm, sourceID: "\(prefix)\(id)"), name: name, category: category,
                     coordinate: coordinate, address: address,
                     phone: tags["phone"] ?? tags["contact:phone"], website: tags["website"] ?? tags["contact:website"],
                     email: tags["email"] ?? tags["contact:email"],
                     openingHours: tags["opening_hours"].map(OpeningHoursSource.osm), cuisine: tags["cuisine"],
                     wheelchair: tags["wheelchair"], operatorName: tags["operator"], brand: tags["brand"],
                     attribution: Self.attribution)
    }
}
