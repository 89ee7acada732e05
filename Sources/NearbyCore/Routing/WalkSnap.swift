import Glibc

/// Where a point meets the walking network: the nearest point of the nearest edge.
struct WalkSnap {
    /// The tile whose copy of the edge was found, and the edge's index there.
    var tile: WalkTileKey
    var edge: Int32
    /// The edge's ends and length (the same in every tile that keeps it).
    var from: WalkVertexRef
    var to: WalkVertexRef
    var length: Double
    var forward: Bool
    var backward: Bool
    /// Metres along the edge from `from` to the snapped point.
    var offset: Double
    /// The segment of the shape the point is on (its first point's index within the edge).
    var segment: Int
    /// The snapped point, and metres from the asked point to it.
    var point: Coordinate
    var distance: Double

    /// Whether two snaps lie on one edge (kept in two tiles when it crosses a border).
    func isOnSameEdge(as other: WalkSnap) -> Bool {
        from == other.from && to == other.to && abs(length - other.length) < 0.01
    }
}

/// Finds the nearest edge to a point through the tiles' snapping grids.
enum WalkSnapper {
    /// Metres per degree of latitude (spherical earth, the radius `Coordinate.distance` uses).
    static let metresPerDegree = Geodesy.earthRadius * .pi / 180

    static func snap(_ point: Coordinate, within radius: Double,
                     tile: (WalkTileKey) throws(RoutingError) -> WalkTile?) throws(RoutingError) -> WalkSnap? {
        let cosLat = max(cos(point.latitude * .pi / 180), 0.01)
        let span = 1 / WalkTileKey.perDegree / Double(WalkTile.gridSize)
        let dLat = radius / metresPerDegree
        let dLon = radius / (metresPerDegree * cosLat)
        let rowLow = Int(((point.latitude - dLat + 90) / span).rounded(.down))
        let rowHigh = Int(((point.latitude + dLat + 90) / span).rounded(.down))
        let columnLow = Int(((point.longitude - dLon + 180) / span).rounded(.down))
        let columnHigh = Int(((point.longitude + dLon + 180) / span).rounded(.down))
        var best: (distance: Double, tile: WalkTile, edge: Int32, segment: Int, t: Double)?
        var tried = Set<Int64>()
        let grid = WalkTile.gridSize
        for row in rowLow...max(rowLow, rowHigh) {
            for column in columnLow...max(columnLow, columnHigh) {
                let key = WalkTileKey(row: Int32(row / grid), column: Int32(column / grid))
                guard let tile = try tile(key) else { continue }
                for edgeIndex in tile.edges(inCellRow: row % grid, column: column % grid) {
                    // An edge listed in several cells is measured once per tile.
                    guard tried.insert(key.packed << 24 | Int64(edgeIndex)).inserted else { continue }
                    let edge = tile.edges[Int(edgeIndex)]
                    let start = Int(edge.shapeStart)
                    for segment in 0..<Int(edge.shapeCount) - 1 {
                        let (distance, t) = project(point, cosLat: cosLat,
                                                    tile.shapePoint(start + segment),
                                                    tile.shapePoint(start + segment + 1))
                        if distance <= radius, distance < best?.distance ?? .infinity {
                            best = (distance, tile, edgeIndex, segment, t)
                        }
                    }
                }
            }
        }
        guard let best else { return nil }
        let edge = best.tile.edges[Int(best.edge)]
        let start = Int(edge.shapeStart)
        var offset = 0.0
        for segment in 0..<best.segment {
            offset += best.tile.shapePoint(start + segment).distance(to: best.tile.shapePoint(start + segment + 1))
        }
        let a = best.tile.shapePoint(start + best.segment)
        let b = best.tile.shapePoint(start + best.segment + 1)
        offset += a.distance(to: b) * best.t
        let snapped = Coordinate(latitude: a.latitude + (b.latitude - a.latitude) * best.t,
                                 longitude: a.longitude + (b.longitude - a.longitude) * best.t)
        let length = Double(edge.length)
        return WalkSnap(tile: best.tile.key, edge: best.edge, from: edge.from, to: edge.to, length: length,
                        forward: edge.forward, backward: edge.backward, offset: min(max(offset, 0), length),
                        segment: best.segment, point: snapped, distance: point.distance(to: snapped))
    }

    /// Metres from `p` to the segment `a`–`b` on a local flat projection, and where along it (0…1).
    static func project(_ p: Coordinate, cosLat: Double, _ a: Coordinate, _ b: Coordinate) -> (Double, Double) {
        let ax = (a.longitude - p.longitude) * cosLat, ay = a.latitude - p.latitude
        let bx = (b.longitude - p.longitude) * cosLat, by = b.latitude - p.latitude
        let dx = bx - ax, dy = by - ay
        let lengthSquared = dx * dx + dy * dy
        var t = 0.0
        if lengthSquared > 0 { t = min(max(-(ax * dx + ay * dy) / lengthSquared, 0), 1) }
        let x = ax + t * dx, y = ay + t * dy
        return ((x * x + y * y).squareRoot() * metresPerDegree, t)
    }
}
