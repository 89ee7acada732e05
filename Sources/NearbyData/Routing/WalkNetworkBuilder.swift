import NearbyCore

/// Turns the collected ways and node positions into tiles: a vertex wherever ways meet or end, an edge for
/// each stretch of a way between two vertices, kept in the tile of each of its ends.
///
/// Edges of a small piece that joins nothing else (less than `isolatedLength` metres of paths in all, and not
/// the extract's largest piece) are marked isolated, so a point beside one is joined to the real network
/// nearby instead (Monaco's Place du Palais lies beside such a fragment).
struct WalkNetworkBuilder {
    /// Metres of paths below which a piece of network that joins nothing else counts as isolated.
    static let isolatedLength = 1_000.0

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
        /// The node at each edge's start, to find the edge's piece of network once all edges are known.
        var edgeNodes: [Int32] = []
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
        var pieces = NetworkPieces(nodeCount: nodeCount)

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
            pieces.join(first, last, length: length)
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
                draft.edgeNodes.append(first)
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
        let isolated = pieces.isolated(below: isolatedLength)
        for key in drafts.keys.sorted() {
            guard var draft = drafts[key] else { continue }
            for index in draft.edges.indices where isolated(draft.edgeNodes[index]) {
                draft.edges[index].isolated = true
            }
            try emit(WalkTile(key: key, vertexLatitudes: draft.vertexLatitudes,
                              vertexLongitudes: draft.vertexLongitudes, edges: draft.edges,
                              shapeLatitudes: draft.shapeLatitudes, shapeLongitudes: draft.shapeLongitudes,
                              names: draft.names))
        }
        return counts
    }
}

/// The connected pieces of a network as it is built (union–find over the nodes), with their metres of paths.
struct NetworkPieces {
    private var parent: [Int32]
    private var metres: [Double]

    init(nodeCount: Int) {
        parent = Array(0..<Int32(nodeCount))
        metres = Array(repeating: 0, count: nodeCount)
    }

    mutating func root(_ node: Int32) -> Int32 {
        var node = node
        while parent[Int(node)] != node {
            // Halving the path keeps the trees flat without recursion.
            parent[Int(node)] = parent[Int(parent[Int(node)])]
            node = parent[Int(node)]
        }
        return node
    }

    mutating func join(_ a: Int32, _ b: Int32, length: Double) {
        let rootA = root(a), rootB = root(b)
        if rootA != rootB {
            parent[Int(rootB)] = rootA
            metres[Int(rootA)] += metres[Int(rootB)]
        }
        metres[Int(rootA)] += length
    }

    /// Whether a node's piece is isolated: shorter than `length` metres and not the longest piece.
    mutating func isolated(below length: Double) -> (Int32) -> Bool {
        var longest: Int32 = -1
        var longestMetres = -1.0
        for node in parent.indices where parent[node] == Int32(node) && metres[node] > longestMetres {
            longest = Int32(node)
            longestMetres = metres[node]
        }
        var roots = [Int32](repeating: -1, count: parent.count)
        for node in parent.indices { roots[node] = root(Int32(node)) }
        let metres = self.metres
        return { node in
            let root = roots[Int(node)]
            return root != longest && metres[Int(root)] < length
        }
    }
}
