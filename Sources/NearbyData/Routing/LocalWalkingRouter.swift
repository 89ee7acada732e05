import FoundationEssentials
import NearbyCore
import Locking
import SQLiteDriver

/// Walking distances on the network stored by the import, loading tiles as a search reaches them and
/// keeping the most recently used ones (at most `cachedTiles`) for the next search.
public final class LocalWalkingRouter: WalkingRouter, Sendable {
    /// Decoded tiles kept between searches: a Liechtenstein-sized network is about 60 tiles; a city's
    /// surroundings for a walk of an hour about 40.
    public static let cachedTiles = 256

    private let database: AppDatabase
    private let cache = Locked(TileCache())

    public init(database: AppDatabase) {
        self.database = database
    }

    public func walks(from start: Coordinate, to targets: [Coordinate]) async throws(RoutingError) -> [WalkEstimate?] {
        try walksNow(from: start, to: targets)
    }

    public func route(from start: Coordinate, to end: Coordinate) async throws(RoutingError) -> WalkRoute? {
        try routeNow(from: start, to: end)
    }

    public func streets(around center: Coordinate, within metres: Double) async throws(RoutingError) -> [MapStreet] {
        guard try hasNetwork() else { return [] }
        return try WalkStreets.around(center, metres: metres, source: source)
    }

    /// The synchronous core (the command line and benchmarks call it).
    public func walksNow(from start: Coordinate, to targets: [Coordinate]) throws(RoutingError) -> [WalkEstimate?] {
        try checkNetwork()
        // No targets: a list asking whether there are paths at all, before its places arrive.
        guard !targets.isEmpty else { return [] }
        let search = WalkSearch(source: source)
        let limit = WalkSearchLimit.metres(from: start, to: targets)
        return try search.distances(from: start, to: targets, limit: limit).map { leg in
            leg.map { WalkEstimate(metres: $0.length) }
        }
    }

    public func routeNow(from start: Coordinate, to end: Coordinate) throws(RoutingError) -> WalkRoute? {
        if case .walk(let route) = try routeOrReason(from: start, to: end) { return route }
        return nil
    }

    /// The walk, or why there is none (the command line says which).
    public func routeOrReason(from start: Coordinate, to end: Coordinate) throws(RoutingError) -> RouteOutcome {
        try checkNetwork()
        let search = WalkSearch(source: source)
        if let route = try search.route(from: start, to: end, limit: WalkSearchLimit.longest) { return .walk(route) }
        return .none(search.missedBecause ?? .notJoined)
    }

    /// Whether the store holds a network at all.
    public func hasNetwork() throws(RoutingError) -> Bool {
        try reading { db in try WalkNetworkStorage.hasNetwork(db) }
    }

    /// Tiles and bytes stored.
    public func storedSize() throws(RoutingError) -> (tiles: Int, bytes: Int) {
        try reading { db in try WalkNetworkStorage.size(db) }
    }

    /// Forgets the decoded tiles (benchmarks of a cold start).
    public func dropCache() {
        cache.withLock { $0 = TileCache() }
    }

    private func checkNetwork() throws(RoutingError) {
        let known = cache.withLock { $0.hasNetwork }
        if known == true { return }
        let has = try hasNetwork()
        cache.withLock { $0.hasNetwork = has }
        if !has { throw .noNetwork }
    }

    private var source: CachedTiles { CachedTiles(router: self) }

    fileprivate func tile(_ key: WalkTileKey) throws(RoutingError) -> WalkTile? {
        if let hit = cache.withLock({ $0.tile(key) }) { return hit.tile }
        let (stored, layered) = try reading { db in
            (try WalkNetworkStorage.tileData(key, in: db), try isLayered(db))
        }
        var parts: [WalkTileLayers.Part] = []
        for layer in stored {
            let result = layer.data.withUnsafeBytes { bytes in
                Result { () throws(WalkTileCodec.DecodingError) in try WalkTileCodec.decode(bytes, key: key) }
            }
            switch result {
            case .success(let tile): parts.append(WalkTileLayers.Part(layer: layer.extract, tile: tile))
            case .failure(let error):
                throw .storage("The walking network is damaged (\(error.reason)); import the extract again.")
            }
        }
        var decoded: WalkTile?
        if !layered {
            // One extract's network: its numbering is the tiles' own.
            decoded = parts.first?.tile
        } else if !parts.isEmpty {
            decoded = try WalkTileLayers.merge(key: key, parts: parts) { (other) throws(RoutingError) in
                try self.layerCounts(other)
            }
        }
        cache.withLock { $0.insert(key, decoded) }
        return decoded
    }

    /// Whether several extracts have networks, asked once per router (a router serves one store's state).
    private func isLayered(_ db: SQLiteConnection) throws -> Bool {
        if let known = cache.withLock({ $0.isLayered }) { return known }
        let layered = try WalkNetworkStorage.isLayered(db)
        cache.withLock { $0.isLayered = layered }
        return layered
    }

    private func layerCounts(_ key: WalkTileKey) throws(RoutingError) -> WalkTileLayers.Counts {
        if let known = cache.withLock({ $0.counts[key] }) { return known }
        let counts = try reading { db in try WalkNetworkStorage.layerCounts(key, in: db) }
        cache.withLock { $0.rememberCounts(counts, for: key) }
        return counts
    }

    private func reading<T>(_ body: (SQLiteConnection) throws -> T) throws(RoutingError) -> T {
        do {
            return try database.read(body)
        } catch {
            if let storeError = database.storeError(error) { throw .storage(storeError.description) }
            throw .storage("The local store failed: \(error).")
        }
    }
}

/// The router's tiles as a search sees them.
private struct CachedTiles: WalkTileSource {
    let router: LocalWalkingRouter

    func tile(_ key: WalkTileKey) throws(RoutingError) -> WalkTile? { try router.tile(key) }
}

/// Decoded tiles (and tiles known to be empty), least recently used dropped first.
private struct TileCache {
    struct Entry {
        var tile: WalkTile?
        var used: Int
    }

    var hasNetwork: Bool?
    var isLayered: Bool?
    /// The layers' vertex counts of tiles that merged tiles point into (a few dozen bytes each).
    private(set) var counts: [WalkTileKey: WalkTileLayers.Counts] = [:]
    private var entries: [WalkTileKey: Entry] = [:]
    private var clock = 0

    mutating func tile(_ key: WalkTileKey) -> Entry? {
        guard var entry = entries[key] else { return nil }
        clock += 1
        entry.used = clock
        entries[key] = entry
        return entry
    }

    mutating func rememberCounts(_ layers: WalkTileLayers.Counts, for key: WalkTileKey) {
        if counts.count >= LocalWalkingRouter.cachedTiles * 16 { counts.removeAll(keepingCapacity: true) }
        counts[key] = layers
    }

    mutating func insert(_ key: WalkTileKey, _ tile: WalkTile?) {
        clock += 1
        if entries.count >= LocalWalkingRouter.cachedTiles,
           let oldest = entries.min(by: { $0.value.used < $1.value.used })?.key {
            entries[oldest] = nil
        }
        entries[key] = Entry(tile: tile, used: clock)
    }
}
