/// One square of the walking network's grid (1/50 degree on each side, about 2.2 km north–south):
/// the store keeps and loads the network a tile at a time.
public struct WalkTileKey: Hashable, Sendable, Comparable {
    /// Tiles per degree on each axis.
    public static let perDegree = 50.0
    static let columns: Int32 = 360 * 50

    public let row: Int32
    public let column: Int32

    public init(row: Int32, column: Int32) {
        self.row = row
        self.column = column
    }

    /// The tile a coordinate lies in.
    public init(_ coordinate: Coordinate) {
        let row = ((coordinate.latitude + 90) * Self.perDegree).rounded(.down)
        let column = ((coordinate.longitude + 180) * Self.perDegree).rounded(.down)
        self.row = Int32(min(max(row, 0), 180 * Self.perDegree - 1))
        self.column = Int32(min(max(column, 0), Double(Self.columns) - 1))
    }

    /// One integer for storage: rows times columns plus column.
    public var packed: Int64 { Int64(row) * Int64(Self.columns) + Int64(column) }

    public init?(packed: Int64) {
        guard packed >= 0, packed < Int64(180 * 50) * Int64(Self.columns) else { return nil }
        row = Int32(packed / Int64(Self.columns))
        column = Int32(packed % Int64(Self.columns))
    }

    /// The south-west corner in 1e-7 degrees, the origin of the tile's coordinates.
    var originE7: (latitude: Int32, longitude: Int32) {
        (Int32(Double(row) / Self.perDegree * 1e7 - 90e7), Int32(Double(column) / Self.perDegree * 1e7 - 180e7))
    }

    public static func < (a: WalkTileKey, b: WalkTileKey) -> Bool { a.packed < b.packed }
}

/// A vertex of the walking network: its tile and its index there.
public struct WalkVertexRef: Hashable, Sendable {
    public let tile: WalkTileKey
    public let index: Int32

    public init(tile: WalkTileKey, index: Int32) {
        self.tile = tile
        self.index = index
    }
}
