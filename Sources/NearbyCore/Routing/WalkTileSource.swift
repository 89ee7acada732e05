/// Where the walking search gets tiles: the store (with a cache), or tiles held in memory in tests.
public protocol WalkTileSource {
    /// The tile, or nil when the network has nothing there.
    func tile(_ key: WalkTileKey) throws(RoutingError) -> WalkTile?
}

/// Why a walk could not be worked out, in terms a screen or command can put into words.
public enum RoutingError: Error, Hashable, Sendable {
    /// The store holds no walking network (imported before it was kept, or a live source).
    case noNetwork
    /// The stored network could not be read.
    case storage(String)
}

/// Tiles held in memory (tests, and the import's own checks).
public struct InMemoryWalkTiles: WalkTileSource {
    public var tiles: [WalkTileKey: WalkTile]

    public init(_ tiles: [WalkTile]) {
        self.tiles = Dictionary(tiles.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
    }

    public func tile(_ key: WalkTileKey) throws(RoutingError) -> WalkTile? { tiles[key] }
}
