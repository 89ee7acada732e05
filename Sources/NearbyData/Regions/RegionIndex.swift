import FoundationEssentials
import NearbyCore
import NearbyHTTP

/// One region a download index offers: Geofabrik's `index-v1.json` shape (a GeoJSON feature collection whose
/// features' properties name `id`, `parent`, `name` and `urls` with `pbf` and `updates`).
public struct RegionEntry: Sendable, Hashable {
    public var id: String
    public var parent: String?
    public var name: String
    /// The extract, when the index offers one.
    public var pbfURL: String?
    /// The extract's replication feed, when there is one.
    public var updatesURL: String?

    public init(id: String, parent: String? = nil, name: String, pbfURL: String? = nil, updatesURL: String? = nil) {
        self.id = id
        self.parent = parent
        self.name = name
        self.pbfURL = pbfURL
        self.updatesURL = updatesURL
    }
}

/// A download index: every region by id, searched by name with its parents.
public struct RegionIndex: Sendable {
    public let regions: [RegionEntry]
    private let byID: [String: RegionEntry]

    /// Regions of an index a client keeps: Geofabrik's holds about 500.
    public static let maximumRegions = 100_000

    public init(regions: [RegionEntry]) {
        self.regions = regions
        var byID: [String: RegionEntry] = [:]
        for region in regions where byID[region.id] == nil { byID[region.id] = region }
        self.byID = byID
    }

    /// Reads an index. Features without an id or a name, or with addresses that are not http(s), are passed
    /// over (an index is data from outside); an answer with no usable region at all is refused.
    public init(json data: Data) throws(RegionIndexError) {
        let root: JSONValue
        do {
            root = try JSONValue.parse(data)
        } catch {
            throw .unreadable("it is not JSON")
        }
        guard let features = root["features"]?.arrayValue else {
            throw .unreadable("it has no list of features (a GeoJSON feature collection was expected)")
        }
        var regions: [RegionEntry] = []
        for feature in features.prefix(Self.maximumRegions) {
            guard let properties = feature["properties"],
                  let id = Self.text(properties["id"]), let name = Self.text(properties["name"]) else { continue }
            let urls = properties["urls"]
            regions.append(RegionEntry(id: id, parent: Self.text(properties["parent"]), name: name,
                                       pbfURL: Self.address(urls?["pbf"]), updatesURL: Self.address(urls?["updates"])))
        }
        guard !regions.isEmpty else { throw .unreadable("it names no region") }
        self.init(regions: regions)
    }

    private static func text(_ value: JSONValue?) -> String? {
        guard let text = value?.stringValue?.trimmingSpaces(), !text.isEmpty, text.count <= 200,
              !text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else { return nil }
        return text
    }

    private static func address(_ value: JSONValue?) -> String? {
        guard let text = text(value), let url = URL(string: text), let scheme = url.scheme?.lowercased(),
              scheme == "http" || scheme == "https", url.host?.isEmpty == false else { return nil }
        return text
    }

    public func region(id: String) -> RegionEntry? { byID[id] }

    /// The names from the top of the tree down to `region`: ["Europe", "Switzerland"]. A loop in the parents
    /// (an index is data from outside) ends the walk.
    public func path(of region: RegionEntry) -> [String] {
        var names = [region.name]
        var seen: Set<String> = [region.id]
        var parent = region.parent
        while let id = parent, !seen.contains(id), let up = byID[id] {
            names.insert(up.name, at: 0)
            seen.insert(id)
            parent = up.parent
        }
        return names
    }

    /// Regions whose name (or id) holds every word of `text`, accents and case folded as every search of the
    /// app folds them; an exact name first, then the shorter paths (a country before its states), then by
    /// name. Empty text: every region, in the index's tree order.
    public func search(_ text: String) -> [RegionEntry] {
        let words = SearchFolding.fold(text).split(whereSeparator: { $0 == " " || $0 == "-" }).map(String.init)
        guard !words.isEmpty else {
            return regions.sorted { path(of: $0).joined(separator: "\u{1}") < path(of: $1).joined(separator: "\u{1}") }
        }
        let whole = words.joined(separator: " ")
        let found = regions.compactMap { region -> (RegionEntry, exact: Bool, depth: Int, name: String)? in
            let name = SearchFolding.fold(region.name)
            let id = SearchFolding.fold(region.id)
            guard words.allSatisfy({ name.contains($0) || id.contains($0) }) else { return nil }
            return (region, name == whole || id == whole, path(of: region).count, name)
        }
        return found.sorted { a, b in
            if a.exact != b.exact { return a.exact }
            if a.depth != b.depth { return a.depth < b.depth }
            return a.name < b.name
        }.map(\.0)
    }
}

/// Why the index could not be had, in words for the command line.
public enum RegionIndexError: Error, Equatable, Sendable {
    /// The answer is not an index.
    case unreadable(String)
    /// The index could not be fetched, and no copy of it is kept.
    case unavailable(String)

    public var message: String {
        switch self {
        case .unreadable(let why): "The regions index could not be read: \(why)."
        case .unavailable(let why): "The regions index could not be fetched: \(why)"
        }
    }
}
