import NearbyCore

/// Turns the collected ways and node positions into tiles: a vertex wherever ways meet or end, an edge for
/// each stretch of a way between two vertices, kept in the tile of each of its ends.
struct WalkNetworkBuilder {
    /// What the network holds, for the import's summary.
    struct Counts {
        var ways = 0
        var vertices = 0
        var edges = 0
        var tiles = 0
    }

    private struct Draft {
        var vertexLatitudes: [Int32] = []
        var vertexLongitudes: [Int32] = []
        var edges: [WalkTile.Edge] = []
        var shapeLatitudes: [Int32] = []
        var shapeLongitudes: [Int32] = []
        var names: [String] = []
        var nameIndex: [Int32: Int32] = [:]
    }

    /// Calls `emit` with each tile, in key order, and returns the counts.
    static func build(ways collector: WalkNetworkCollector, positions: WalkNodeLocator,
                      emit: (WalkTile) throws -> Void) rethrows -> Counts {
        let nodeCount = positions.ids.count
        // How many times each node is used; ends of ways count twice so they become vertices.
        var uses = [UInt8](repeating: 0, count: nodeCount)
        var refIndex = [Int32](repeating: -1, count: collector.refs.count)
        for way in collector.ways {
            for offset in 0..<Int(way.refCount) {
                let position = way.refStart + offset
                guard let index = positions.index(of: collector.refs[position]) else { continue }
                refIndex[position] = Int32(index)
                let bump: UInt8 = offset == 0 || offset == Int(way.refCount) - 1 ? 2 : 1
                uses[index] = uses[index] > 200 ? uses[index] : uses[index] + bump
            }
        }
        var drafts: [WalkTileKey: Draft] = [:]
        var vertexOf = [Int32](repeating: -1, count: nodeCount)
        var counts = Counts()

        func vertex(_ node: Int) -> WalkVertexRef {
            let lat = positions.latitudes[node], lon = positions.longitudes[node]
            let key = WalkTileKey(Coordinate(latitude: Double(lat) * 1e-7, longitude: Double(lon) * 1e-7))
            if vertexOf[node] >= 0 { return WalkVertexRef(tile: key, index: vertexOf[node]) }
            var draft = drafts.removeValue(forKey: key) ?? Draft()
            let index = Int32(draft.vertexLatitudes.count)
            draft.vertexLatitudes.append(lat)
            draft.vertexLongitudes.append(lon)
            drafts[key] = draft
            vertexOf[node] = index
            counts.vertices += 1
            return WalkVertexRef(tile: key, index: index)
        }

        func addEdge(_ nodes: ArraySlice<Int32>, way: WalkNetworkCollector.Way) {
            guard let first = nodes.first, let last = nodes.last, nodes.count >= 2 else { return }
            var length = 0.0
            var previous: Coordinate?
            for node in nodes {
                let point = Coordinate(latitude: Double(positions.latitudes[Int(node)]) * 1e-7,
                                       longitude: Double(positions.longitudes[Int(node)]) * 1e-7)
                if let previous { length += previous.distance(to: point) }
                previous = point
            }
            let from = vertex(Int(first)), to = vertex(Int(last))
            counts.edges += 1
            for key in from.tile == to.tile ? [from.tile] : [from.tile, to.tile] {
                // Taken out and put back, so the arrays are mutated in place rather than copied.
                var draft = drafts.removeValue(forKey: key) ?? Draft()
                var name: Int32 = -1
                if way.name >= 0 {
                    if let known = draft.nameIndex[way.name] {
                        name = known
                    } else {
                        name = Int32(draft.names.count)
                        draft.nameIndex[way.name] = name
                        draft.names.append(collector.names[Int(way.name)])
                    }
                }
                let start = Int32(draft.shapeLatitudes.count)
                for node in nodes {
                    draft.shapeLatitudes.append(positions.latitudes[Int(node)])
                    draft.shapeLongitudes.append(positions.longitudes[Int(node)])
                }
                draft.edges.append(WalkTile.Edge(from: from, to: to, length: Float(length), forward: way.forward,
                                                 backward: way.backward, name: name, shapeStart: start,
                                                 shapeCount: Int32(nodes.count)))
                drafts[key] = draft
            }
        }

        var piece: [Int32] = []
        for way in collector.ways {
            counts.ways += 1
            piece.removeAll(keepingCapacity: true)
            for offset in 0..<Int(way.refCount) {
                let node = refIndex[way.refStart + offset]
                // A node missing from the file (cut off at the extract's edge) breaks the way there.
                guard node >= 0, positions.latitudes[Int(node)] != WalkNodeLocator.unknown else {
                    if piece.count >= 2 { addEdge(piece[...], way: way) }
                    piece.removeAll(keepingCapacity: true)
                    continue
                }
                if piece.last == node { continue }
                piece.append(node)
                if piece.count >= 2, uses[Int(node)] >= 2 {
                    addEdge(piece[...], way: way)
                    piece = [node]
                }
            }
            // The piece's last node is a vertex: a way's end counts twice, a break makes it one below.
            if piece.count >= 2 {
                if let last = piece.last, uses[Int(last)] < 2 { uses[Int(last)] = 2 }
                addEdge(piece[...], way: way)
            }
        }
        counts.tiles = drafts.count
        for key in drafts.keys.sorted() {
            guard let draft = drafts[key] else { continue }
            try emit(WalkTile(key: key, vertexLatitudes: draft.vertexLatitudes,
                              vertexLongitudes: draft.vertexLongitudes, edges: draft.edges,
                              shapeLatitudes: draft.shapeLatitudes, shapeLongitudes: draft.shapeLongitudes,
                              names: draft.names))
        }
        return counts
    }
}
