import NearbyCore
import OSMFormats

/// One edge of the walking network as a patch sees it: the stretch of a way between two vertices, told apart
/// by what it is (its shape, directions and name), not by where a tile keeps it. The length follows from the
/// shape (tiles keep it in centimetres), so it does not take part in telling edges apart.
struct PatchedEdge: Hashable {
    var latitudes: [Int32]
    var longitudes: [Int32]
    var forward: Bool
    var backward: Bool
    var name: String?
    var length: Float

    static func == (a: PatchedEdge, b: PatchedEdge) -> Bool {
        a.latitudes == b.latitudes && a.longitudes == b.longitudes && a.forward == b.forward
            && a.backward == b.backward && a.name == b.name
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(latitudes)
        hasher.combine(longitudes)
        hasher.combine(forward)
        hasher.combine(backward)
        hasher.combine(name)
    }

    var fromTile: WalkTileKey { WalkTileKey(Self.coordinate(latitudes[0], longitudes[0])) }
    var toTile: WalkTileKey { WalkTileKey(Self.coordinate(latitudes[latitudes.count - 1], longitudes[longitudes.count - 1])) }

    static func coordinate(_ latitude: Int32, _ longitude: Int32) -> Coordinate {
        Coordinate(latitude: Double(latitude) * 1e-7, longitude: Double(longitude) * 1e-7)
    }

    /// The edges a way makes in a view, as `WalkNetworkBuilder` cuts them: at every vertex (a node two
    /// references use, or a way's end), at a node the view lacks, and at a stretch of more than 180° of
    /// longitude.
    static func edges(of way: ExtractChangeView.WalkWay, in view: ExtractChangeView) throws(OSMImportError) -> [PatchedEdge] {
        var edges: [PatchedEdge] = []
        var piece: [(id: Int64, latitude: Int32, longitude: Int32)] = []
        func cut() {
            guard piece.count >= 2 else { return }
            var length = 0.0
            var previous: Coordinate?
            for node in piece {
                let point = coordinate(node.latitude, node.longitude)
                if let previous { length += previous.distance(to: point) }
                previous = point
            }
            edges.append(PatchedEdge(latitudes: piece.map(\.latitude), longitudes: piece.map(\.longitude),
                                     forward: way.forward, backward: way.backward, name: way.name,
                                     length: Float(length)))
        }
        for ref in way.refs {
            guard let position = try view.node(ref) else {
                cut()
                piece.removeAll()
                continue
            }
            if let last = piece.last {
                if last.id == ref { continue }
                if abs(Int64(position.longitude) - Int64(last.longitude)) > WalkNetworkBuilder.longestStretch {
                    cut()
                    piece.removeAll()
                }
            }
            piece.append((ref, position.latitude, position.longitude))
            if piece.count >= 2, position.uses >= 2 {
                cut()
                piece = [piece[piece.count - 1]]
            }
        }
        cut()
        return edges
    }
}
