/// A tile's edges as a search walks them: for each vertex, the steps a walker may take from it (an edge in
/// a direction it allows, never a loop back to the vertex), in the order of the tile's edges.
///
/// Built once when a tile is decoded, so a search reads flat arrays instead of comparing edge ends at every
/// step. A class with constant arrays: a search holds one reference per tile and copies nothing.
final class WalkArcs: Sendable {
    /// Steps from vertex `v`: `start[v]..<start[v + 1]`.
    let start: [Int32]
    /// The vertex a step reaches, as its index in its own tile.
    let target: [Int32]
    /// The tile of that vertex: -1 for this tile, or an index into `neighbours`.
    let targetTile: [Int32]
    /// Metres of the step (the edge's length).
    let length: [Double]
    /// The edge taken, as its index in this tile (routes are read back from it).
    let edge: [Int32]
    /// The other tiles that steps reach.
    let neighbours: [WalkTileKey]

    init(key: WalkTileKey, vertexCount: Int, edges: [WalkTile.Edge], incidentStart: [Int32], incident: [Int32]) {
        var start = [Int32](repeating: 0, count: vertexCount + 1)
        var target: [Int32] = [], targetTile: [Int32] = [], length: [Double] = [], edge: [Int32] = []
        var neighbours: [WalkTileKey] = []
        target.reserveCapacity(incident.count)
        targetTile.reserveCapacity(incident.count)
        length.reserveCapacity(incident.count)
        edge.reserveCapacity(incident.count)
        for vertex in 0..<vertexCount {
            let here = WalkVertexRef(tile: key, index: Int32(vertex))
            for edgeIndex in incident[Int(incidentStart[vertex])..<Int(incidentStart[vertex + 1])] {
                let candidate = edges[Int(edgeIndex)]
                let next: WalkVertexRef
                if candidate.from == here, candidate.forward, candidate.to != here {
                    next = candidate.to
                } else if candidate.to == here, candidate.backward, candidate.from != here {
                    next = candidate.from
                } else {
                    continue
                }
                target.append(next.index)
                if next.tile == key {
                    targetTile.append(-1)
                } else if let known = neighbours.firstIndex(of: next.tile) {
                    targetTile.append(Int32(known))
                } else {
                    targetTile.append(Int32(neighbours.count))
                    neighbours.append(next.tile)
                }
                length.append(Double(candidate.length))
                edge.append(edgeIndex)
            }
            start[vertex + 1] = Int32(target.count)
        }
        self.start = start
        self.target = target
        self.targetTile = targetTile
        self.length = length
        self.edge = edge
        self.neighbours = neighbours
    }
}
