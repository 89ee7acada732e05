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

/// Which edges one look through the snapping grid has measured already: a stamp per edge of each tile,
/// so a search's many snaps share the arrays and hash only once per cell.
struct WalkSnapMarks {
    private var stamps: [WalkTileKey: [UInt32]] = [:]
    private var current: UInt32 = 0

    /// Starts a look: every edge counts as unmeasured again.
    mutating func begin() {
        if current == .max {
            stamps.removeAll()
            current = 0
        }
        current += 1
    }

    /// Calls `body` with each edge of `listed` not yet measured in this look, and marks it.
    mutating func fresh(in key: WalkTileKey, edgeCount: Int, _ listed: ArraySlice<Int32>, _ body: (Int32) -> Void) {
        let stamp = current
        stamps[key, default: [UInt32](repeating: 0, count: edgeCount)].withUnsafeMutableBufferPointer { marks in
            for edge in listed where edge >= 0 && Int(edge) < marks.count && marks[Int(edge)] != stamp {
                marks[Int(edge)] = stamp
                body(edge)
            }
        }
    }
}

/// Finds the nearest edge to a point through the tiles' snapping grids.
enum WalkSnapper {
    /// Metres per degree of latitude (spherical earth, the radius `Coordinate.distance` uses).
    static let metresPerDegree = Geodesy.earthRadius * .pi / 180

    /// The nearest edge joined to the network within `radius`; only when there is none, the nearest edge of
    /// an isolated piece (a point beside a path fragment that joins nothing would otherwise reach nothing).
    static func snap(_ point: Coordinate, within radius: Double, marks: inout WalkSnapMarks,
                     tile: (WalkTileKey) throws(RoutingError) -> WalkTile?) throws(RoutingError) -> WalkSnap? {
        var passedIsolated = false
        if let joined = try snap(point, within: radius, includingIsolated: false, passedIsolated: &passedIsolated,
                                 marks: &marks, tile: tile) {
            return joined
        }
        guard passedIsolated else { return nil }
        return try snap(point, within: radius, includingIsolated: true, passedIsolated: &passedIsolated,
                        marks: &marks, tile: tile)
    }

    private static func snap(_ point: Coordinate, within radius: Double, includingIsolated: Bool,
                             passedIsolated: inout Bool, marks: inout WalkSnapMarks,
                             tile: (WalkTileKey) throws(RoutingError) -> WalkTile?) throws(RoutingError) -> WalkSnap? {
        let cosLat = max(cos(point.latitude * .pi / 180), 0.01)
        let span = 1 / WalkTileKey.perDegree / Double(WalkTile.gridSize)
        let dLat = radius / metresPerDegree
        let dLon = radius / (metresPerDegree * cosLat)
        let rowLow = Int(((point.latitude - dLat + 90) / span).rounded(.down))
        let rowHigh = max(rowLow, Int(((point.latitude + dLat + 90) / span).rounded(.down)))
        let columnLow = Int(((point.longitude - dLon + 180) / span).rounded(.down))
        let columnHigh = max(columnLow, Int(((point.longitude + dLon + 180) / span).rounded(.down)))
        let grid = WalkTile.gridSize
        let pointE7 = (latitude: point.latitude * 1e7, longitude: point.longitude * 1e7)

        /// Calls `measure` once per edge listed in the cells (an edge listed in several is measured once
        /// per tile), in the cells' row-major order.
        func visit(rows: ClosedRange<Int>, columns: ClosedRange<Int>,
                   measure: (WalkTile, Int32) -> Void) throws(RoutingError) {
            marks.begin()
            for row in rows {
                for column in columns {
                    let key = WalkTileKey(row: Int32(row / grid), column: Int32(column / grid))
                    guard let tile = try tile(key) else { continue }
                    let listed = tile.edges(inCellRow: row % grid, column: column % grid)
                    guard !listed.isEmpty else { continue }
                    marks.fresh(in: key, edgeCount: tile.edges.count, listed) { edgeIndex in
                        if includingIsolated || !tile.edges[Int(edgeIndex)].isolated {
                            measure(tile, edgeIndex)
                        } else {
                            passedIsolated = true
                        }
                    }
                }
            }
        }

        // The cells around the point give a first nearest distance; the whole window then skips every edge
        // whose box lies farther than that, and finds exactly what measuring every edge would.
        var bound = radius
        let centreRow = Int(((point.latitude + 90) / span).rounded(.down))
        let centreColumn = Int(((point.longitude + 180) / span).rounded(.down))
        let nearRows = max(rowLow, centreRow - 1)...max(max(rowLow, centreRow - 1), min(rowHigh, centreRow + 1))
        let nearColumns = max(columnLow, centreColumn - 1)...max(max(columnLow, centreColumn - 1),
                                                                   min(columnHigh, centreColumn + 1))
        try visit(rows: nearRows, columns: nearColumns) { tile, edgeIndex in
            let edge = tile.edges[Int(edgeIndex)]
            let start = Int(edge.shapeStart)
            for segment in 0..<Int(edge.shapeCount) - 1 {
                let (distance, _) = project(point, cosLat: cosLat, tile.shapePoint(start + segment),
                                            tile.shapePoint(start + segment + 1))
                bound = min(bound, distance)
            }
        }
        // A margin for rounding: the box test must never skip the nearest edge or one as near.
        let reach = bound + 0.01

        var best: (distance: Double, tile: WalkTile, edge: Int32, segment: Int, t: Double)?
        try visit(rows: rowLow...rowHigh, columns: columnLow...columnHigh) { tile, edgeIndex in
            let box = Int(edgeIndex) * 4
            let south = Double(tile.edgeBoxes[box]), north = Double(tile.edgeBoxes[box + 1])
            let west = Double(tile.edgeBoxes[box + 2]), east = Double(tile.edgeBoxes[box + 3])
            let dy = max(0, south - pointE7.latitude, pointE7.latitude - north) * 1e-7
            let dx = max(0, west - pointE7.longitude, pointE7.longitude - east) * 1e-7 * cosLat
            guard (dx * dx + dy * dy).squareRoot() * metresPerDegree <= reach else { return }
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
