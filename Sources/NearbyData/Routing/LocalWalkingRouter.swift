import FoundationEssentials
import NearbyCore
import Locking

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
        try checkNetwork()
        let search = WalkSearch(source: source)
        return try search.route(from: start, to: end, limit: WalkSearchLimit.longest)
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
        let data = try reading { db in try WalkNetworkStorage.tileData(key, in: db) }
        var decoded: WalkTile?
        if let data {
            let result = data.withUnsafeBytes { bytes in
                Result { () throws(WalkTileCodec.DecodingError) in try WalkTileCodec.decode(bytes, key: key) }
            }
            switch result {
            case .success(let tile): decoded = tile
            case .failure(let error):
                throw .storage("The walking network is damaged (\(error.reason)); import the extract again.")
            }
        }
        cache.withLock { $0.insert(key, decoded) }
        return decoded
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
    private var entries: [WalkTileKey: Entry] = [:]
    private var clock = 0

    mutating func tile(_ key: WalkTileKey) -> Entry? {
        guard var entry = entries[key] else { return nil }
        clock += 1
        entry.used = clock
        entries[key] = entry
        return entry
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
