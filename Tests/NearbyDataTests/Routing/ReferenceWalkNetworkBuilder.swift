import NearbyCore
@testable import NearbyData

/// The walking network built the straightforward way, everything in memory, as the import did before it went
/// through temporary files (per-node arrays over the sorted node ids, a draft per tile in a dictionary): what
/// the bounded-memory builder must give, tile for tile.
enum ReferenceWalkNetworkBuilder {
    struct Way {
        var refs: [Int64]
        var forward: Bool
        var backward: Bool
        var name: String?
    }

    private struct Draft {
        var vertexLatitudes: [Int32] = []
        var vertexLongitudes: [Int32] = []
        var edges: [WalkTile.Edge] = []
        var shapeLatitudes: [Int32] = []
        var shapeLongitudes: [Int32] = []
        var names: [String] = []
        var nameIndex: [String: Int32] = [:]
        var edgeNodes: [Int32] = []
    }

    static let unknown = Int32.min

    /// The tiles, in key order, of `ways` over the nodes at `positions` (1e-7°).
    static func build(ways: [Way], positions: [Int64: (Int32, Int32)]) -> [WalkTile] {
        let ids = Array(Set(ways.flatMap(\.refs))).sorted()
        var index: [Int64: Int] = [:]
        for (number, id) in ids.enumerated() { index[id] = number }
        let latitudes = ids.map { positions[$0]?.0 ?? unknown }
        let longitudes = ids.map { positions[$0]?.1 ?? unknown }
        var uses = [UInt8](repeating: 0, count: ids.count)
        for way in ways {
            for (offset, ref) in way.refs.enumerated() {
                guard let node = index[ref] else { continue }
                let bump: UInt8 = offset == 0 || offset == way.refs.count - 1 ? 2 : 1
                uses[node] = uses[node] > 200 ? uses[node] : uses[node] + bump
            }
        }
        var drafts: [WalkTileKey: Draft] = [:]
        var vertexOf = [Int32](repeating: -1, count: ids.count)
        var parent = Array(0..<Int32(ids.count))
        var metres = [Double](repeating: 0, count: ids.count)

        func root(_ node: Int32) -> Int32 {
            var node = node
            while parent[Int(node)] != node {
                parent[Int(node)] = parent[Int(parent[Int(node)])]
                node = parent[Int(node)]
            }
            return node
        }

        func vertex(_ node: Int) -> WalkVertexRef {
            let key = WalkTileKey(Coordinate(latitude: Double(latitudes[node]) * 1e-7,
                                             longitude: Double(longitudes[node]) * 1e-7))
            if vertexOf[node] >= 0 { return WalkVertexRef(tile: key, index: vertexOf[node]) }
            let number = Int32(drafts[key, default: Draft()].vertexLatitudes.count)
            drafts[key, default: Draft()].vertexLatitudes.append(latitudes[node])
            drafts[key, default: Draft()].vertexLongitudes.append(longitudes[node])
            vertexOf[node] = number
            return WalkVertexRef(tile: key, index: number)
        }

        func addEdge(_ nodes: [Int32], way: Way) {
            guard let first = nodes.first, let last = nodes.last, nodes.count >= 2 else { return }
            var length = 0.0
            var previous: Coordinate?
            for node in nodes {
                let point = Coordinate(latitude: Double(latitudes[Int(node)]) * 1e-7,
                                       longitude: Double(longitudes[Int(node)]) * 1e-7)
                if let previous { length += previous.distance(to: point) }
                previous = point
            }
            let from = vertex(Int(first)), to = vertex(Int(last))
            let rootA = root(first), rootB = root(last)
            if rootA != rootB {
                parent[Int(rootB)] = rootA
                metres[Int(rootA)] += metres[Int(rootB)]
            }
            metres[Int(rootA)] += length
            for key in from.tile == to.tile ? [from.tile] : [from.tile, to.tile] {
                var draft = drafts[key, default: Draft()]
                var name: Int32 = -1
                if let text = way.name {
                    if let known = draft.nameIndex[text] {
                        name = known
                    } else {
                        name = Int32(draft.names.count)
                        draft.nameIndex[text] = name
                        draft.names.append(text)
                    }
                }
                let start = Int32(draft.shapeLatitudes.count)
                for node in nodes {
                    draft.shapeLatitudes.append(latitudes[Int(node)])
                    draft.shapeLongitudes.append(longitudes[Int(node)])
                }
                draft.edges.append(WalkTile.Edge(from: from, to: to, length: Float(length), forward: way.forward,
                                                 backward: way.backward, name: name, shapeStart: start,
                                                 shapeCount: Int32(nodes.count)))
                draft.edgeNodes.append(first)
                drafts[key] = draft
            }
        }

        for way in ways {
            var piece: [Int32] = []
            for ref in way.refs {
                guard let node = index[ref].map(Int32.init), latitudes[Int(node)] != unknown else {
                    if piece.count >= 2 { addEdge(piece, way: way) }
                    piece.removeAll()
                    continue
                }
                if piece.last == node { continue }
                piece.append(node)
                if piece.count >= 2, uses[Int(node)] >= 2 {
                    addEdge(piece, way: way)
                    piece = [node]
                }
            }
            if piece.count >= 2 { addEdge(piece, way: way) }
        }
        var longest: Int32 = -1
        var longestMetres = -1.0
        for node in parent.indices where parent[node] == Int32(node) && metres[node] > longestMetres {
            longest = Int32(node)
            longestMetres = metres[node]
        }
        return drafts.keys.sorted().compactMap { key in
            guard var draft = drafts[key] else { return nil }
            for edge in draft.edges.indices {
                let piece = root(draft.edgeNodes[edge])
                draft.edges[edge].isolated = piece != longest && metres[Int(piece)] < 1_000
            }
            return WalkTile(key: key, vertexLatitudes: draft.vertexLatitudes, vertexLongitudes: draft.vertexLongitudes,
                            edges: draft.edges, shapeLatitudes: draft.shapeLatitudes,
                            shapeLongitudes: draft.shapeLongitudes, names: draft.names)
        }
    }

    /// The reference build of a region made in the test.
    static func build(_ region: RegionModel) -> [WalkTile] {
        var positions: [Int64: (Int32, Int32)] = [:]
        for node in region.nodes {
            positions[node.id] = (Int32((node.latitude * 1e7).rounded()), Int32((node.longitude * 1e7).rounded()))
        }
        let ways = region.walkableWays.compactMap { way -> Way? in
            guard let directions = WalkableWay.directions(way.tags) else { return nil }
            return Way(refs: way.refs, forward: directions.forward, backward: directions.backward,
                       name: OSMPlaceMapping.text(way.tags["name"]))
        }
        return build(ways: ways, positions: positions)
    }
}
