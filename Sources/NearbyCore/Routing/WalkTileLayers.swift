/// Several extracts' networks in one tile, seen as one tile: each extract (a layer) keeps its own vertices and
/// edges, numbered by its own import, and they are laid one after another in layer order when a tile is read.
///
/// Numbering stays consistent across tiles without rewriting anything stored: a layer's vertex `i` in tile T is
/// vertex `offset + i` of the merged T, where `offset` is the vertex count of the layers before it in T. So an
/// edge pointing into another tile needs only that tile's layer counts, not its data.
///
/// Two extracts that touch share the OpenStreetMap nodes where their ways meet; wherever a vertex of one layer
/// lies exactly on a vertex of another, a zero-length edge joins them, so walks cross from one extract into
/// the next.
public enum WalkTileLayers {
    /// One layer's stored tile.
    public struct Part {
        public var layer: Int64
        public var tile: WalkTile

        public init(layer: Int64, tile: WalkTile) {
            self.layer = layer
            self.tile = tile
        }
    }

    /// The vertex count of each layer present in a tile, in layer order.
    public typealias Counts = [(layer: Int64, vertices: Int32)]

    /// Where a layer's vertices start in the merged tile, or nil when the layer has nothing there.
    public static func offset(of layer: Int64, in counts: Counts) -> Int32? {
        var offset: Int32 = 0
        for entry in counts {
            if entry.layer == layer { return offset }
            offset += entry.vertices
        }
        return nil
    }

    /// The merged tile of `parts` (any order), with `counts(T)` giving the layers of every other tile an edge
    /// reaches. An edge whose far end names a layer that tile does not have (damage) is left out.
    public static func merge(key: WalkTileKey, parts: [Part],
                             counts: (WalkTileKey) throws(RoutingError) -> Counts) throws(RoutingError) -> WalkTile {
        let parts = parts.sorted { $0.layer < $1.layer }
        let here: Counts = parts.map { ($0.layer, Int32($0.tile.vertexCount)) }
        var otherCounts: [WalkTileKey: Counts] = [:]
        func resolve(_ ref: WalkVertexRef, layer: Int64) throws(RoutingError) -> WalkVertexRef? {
            let known: Counts
            if ref.tile == key {
                known = here
            } else if let cached = otherCounts[ref.tile] {
                known = cached
            } else {
                known = try counts(ref.tile)
                otherCounts[ref.tile] = known
            }
            guard let offset = offset(of: layer, in: known) else { return nil }
            return WalkVertexRef(tile: ref.tile, index: offset + ref.index)
        }

        var vertexLatitudes: [Int32] = [], vertexLongitudes: [Int32] = []
        var edges: [WalkTile.Edge] = []
        var shapeLatitudes: [Int32] = [], shapeLongitudes: [Int32] = []
        var names: [String] = []
        var nameIndex: [String: Int32] = [:]
        // The first merged vertex at each exact position, and the layer it came from.
        var firstAt: [Int64: (index: Int32, layer: Int64)] = [:]
        var joins: [(Int32, Int32)] = []
        for part in parts {
            let tile = part.tile
            let base = Int32(vertexLatitudes.count)
            for vertex in 0..<tile.vertexCount {
                let latitude = tile.vertexLatitudes[vertex], longitude = tile.vertexLongitudes[vertex]
                let index = base + Int32(vertex)
                let position = Int64(latitude) << 32 | Int64(UInt32(bitPattern: longitude))
                if let first = firstAt[position] {
                    if first.layer != part.layer { joins.append((first.index, index)) }
                } else {
                    firstAt[position] = (index, part.layer)
                }
            }
            vertexLatitudes += tile.vertexLatitudes
            vertexLongitudes += tile.vertexLongitudes
            let shapeBase = Int32(shapeLatitudes.count)
            shapeLatitudes += tile.shapeLatitudes
            shapeLongitudes += tile.shapeLongitudes
            for var edge in tile.edges {
                guard let from = try resolve(edge.from, layer: part.layer),
                      let to = try resolve(edge.to, layer: part.layer) else { continue }
                edge.from = from
                edge.to = to
                edge.shapeStart += shapeBase
                if edge.name >= 0, Int(edge.name) < tile.names.count {
                    let name = tile.names[Int(edge.name)]
                    if let known = nameIndex[name] {
                        edge.name = known
                    } else {
                        edge.name = Int32(names.count)
                        nameIndex[name] = edge.name
                        names.append(name)
                    }
                } else {
                    edge.name = -1
                }
                edges.append(edge)
            }
        }
        for (first, second) in joins {
            let start = Int32(shapeLatitudes.count)
            for _ in 0..<2 {
                shapeLatitudes.append(vertexLatitudes[Int(first)])
                shapeLongitudes.append(vertexLongitudes[Int(first)])
            }
            edges.append(WalkTile.Edge(from: WalkVertexRef(tile: key, index: first),
                                       to: WalkVertexRef(tile: key, index: second), length: 0, forward: true,
                                       backward: true, name: -1, shapeStart: start, shapeCount: 2))
        }
        return WalkTile(key: key, vertexLatitudes: vertexLatitudes, vertexLongitudes: vertexLongitudes, edges: edges,
                        shapeLatitudes: shapeLatitudes, shapeLongitudes: shapeLongitudes, names: names)
    }
}
