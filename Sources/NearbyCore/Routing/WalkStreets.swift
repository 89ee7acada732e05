import Glibc

/// A street or path as a map draws it: its line, and its name where it has one.
public struct MapStreet: Hashable, Sendable {
    public var name: String?
    public var points: [Coordinate]

    public init(name: String?, points: [Coordinate]) {
        self.name = name
        self.points = points
    }
}

/// The walking network's edges around a point, as lines for a map: every edge whose shape box meets the square
/// `metres` around `center`, each once (an edge between two tiles is stored in both), at most `limit` of them.
public enum WalkStreets {
    /// A dense old town's square kilometre holds about 3,000 edges; more than this is a map of dots.
    public static let limit = 6_000

    public static func around(_ center: Coordinate, metres: Double, source: some WalkTileSource,
                              limit: Int = WalkStreets.limit) throws(RoutingError) -> [MapStreet] {
        guard metres > 0, center.latitude.isFinite, center.longitude.isFinite else { return [] }
        let degreesNorth = metres / 111_195
        let degreesEast = metres / max(1_000, 111_195 * cos(center.latitude * .pi / 180))
        let south = center.latitude - degreesNorth, north = center.latitude + degreesNorth
        let west = center.longitude - degreesEast, east = center.longitude + degreesEast
        let box = (south: Int32(clamping: Int64((south * 1e7).rounded(.down))),
                   north: Int32(clamping: Int64((north * 1e7).rounded(.up))),
                   west: Int32(clamping: Int64((west * 1e7).rounded(.down))),
                   east: Int32(clamping: Int64((east * 1e7).rounded(.up))))
        let low = WalkTileKey(Coordinate(latitude: south, longitude: west))
        let high = WalkTileKey(Coordinate(latitude: north, longitude: east))
        var streets: [MapStreet] = []
        var seen = Set<[Int32]>()
        for row in low.row...high.row {
            for column in low.column...high.column {
                guard let tile = try source.tile(WalkTileKey(row: row, column: column)) else { continue }
                for (index, edge) in tile.edges.enumerated() {
                    let b = tile.edgeBoxes[index * 4..<index * 4 + 4]
                    let (s, n, w, e) = (b[b.startIndex], b[b.startIndex + 1], b[b.startIndex + 2], b[b.startIndex + 3])
                    guard s <= box.north, n >= box.south, w <= box.east, e >= box.west else { continue }
                    let first = Int(edge.shapeStart), last = first + Int(edge.shapeCount) - 1
                    guard edge.shapeCount >= 2, first >= 0, last < tile.shapeLatitudes.count,
                          last < tile.shapeLongitudes.count else { continue }
                    // The same edge from the next tile has the same ends, one way or the other.
                    let ends = [tile.shapeLatitudes[first], tile.shapeLongitudes[first],
                                tile.shapeLatitudes[last], tile.shapeLongitudes[last]]
                    let key = ends[0] < ends[2] || (ends[0] == ends[2] && ends[1] <= ends[3])
                        ? ends : [ends[2], ends[3], ends[0], ends[1]]
                    guard seen.insert(key + [Int32(clamping: Int(edge.length))]).inserted else { continue }
                    let name = edge.name >= 0 && Int(edge.name) < tile.names.count ? tile.names[Int(edge.name)] : nil
                    streets.append(MapStreet(name: name, points: (first...last).map(tile.shapePoint)))
                    if streets.count >= limit { return streets }
                }
            }
        }
        return streets
    }
}
