import OSMFormats
import NearbyCore

/// Turns the walkable ways and their located node references into tiles: a vertex wherever ways meet or end,
/// an edge for each stretch of a way between two vertices, kept in the tile of each of its ends.
///
/// It reads the ways once, in file order, numbering each tile's vertices as they first appear, and sends
/// every vertex and edge to an external sort by tile; the tiles are then put together one at a time, so memory
/// holds one tile, and per vertex only its number in its tile and its piece of network (16 bytes).
///
/// Edges of a small piece that joins nothing else (less than `isolatedLength` metres of paths in all, and not
/// the extract's largest piece) are marked isolated, so a point beside one is joined to the real network
/// nearby instead (Monaco's Place du Palais lies beside such a fragment).
///
/// A stretch between two nodes more than 180° of longitude apart (a way across the antimeridian, or round a
/// pole) is left out and counted: the way is broken there, as at a node the file lacks.
struct WalkNetworkBuilder {
    /// Metres of paths below which a piece of network that joins nothing else counts as isolated.
    static let isolatedLength = 1_000.0
    /// Longitude (1e-7°) beyond which two consecutive nodes are taken as going round the world the other way.
    static let longestStretch: Int64 = 1_800_000_000

    /// What the network holds, for the import's summary.
    struct Counts {
        var ways = 0
        var vertices = 0
        var edges = 0
        var tiles = 0
        /// Stretches left out for spanning more than 180° of longitude.
        var stretchesAcrossAntimeridian = 0
        /// Metres of paths in the longest piece of network.
        var longestPiece = 0.0
    }

    private struct Node {
        var number: Int64
        var latitude: Int32
        var longitude: Int32
        var junction: Int32
    }

    private enum RecordKind: UInt8 {
        case vertex = 0
        case edge = 1
    }

    /// Calls `emit` with each tile, in key order, and returns the counts.
    static func build(files: WalkNetworkFiles, located: SortedRecords, names: [String], wayCount: Int,
                      progress: (Int) -> Void = { _ in },
                      emit: (WalkTile) throws -> Void) throws -> Counts {
        var counts = Counts()
        let junctionCount = files.junctionCount
        var vertexOf = [Int32](repeating: -1, count: junctionCount)
        var tileVertices: [Int64: Int32] = [:]
        var pieces = NetworkPieces(junctions: junctionCount)
        let tiles = ExternalSorter(folder: files.folder, name: "tiles", budget: files.budget)
        var sequence: Int64 = 0
        var record: [UInt8] = []

        func tileKey(_ node: Node) -> WalkTileKey {
            WalkTileKey(Coordinate(latitude: Double(node.latitude) * 1e-7, longitude: Double(node.longitude) * 1e-7))
        }

        func vertex(_ node: Node) throws -> (WalkVertexRef, Int32) {
            let key = tileKey(node)
            if node.junction >= 0, vertexOf[Int(node.junction)] >= 0 {
                return (WalkVertexRef(tile: key, index: vertexOf[Int(node.junction)]), node.junction)
            }
            let index = tileVertices[key.packed, default: 0]
            tileVertices[key.packed] = index + 1
            let slot: Int32
            if node.junction >= 0 {
                vertexOf[Int(node.junction)] = index
                slot = node.junction
            } else {
                slot = try pieces.addNode(number: node.number)
            }
            counts.vertices += 1
            record.removeAll(keepingCapacity: true)
            record.append(RecordKind.vertex.rawValue)
            append(node.latitude, to: &record)
            append(node.longitude, to: &record)
            try add(record, tile: key)
            return (WalkVertexRef(tile: key, index: index), slot)
        }

        func add(_ record: [UInt8], tile: WalkTileKey) throws {
            sequence += 1
            try record.withUnsafeBytes { bytes in try tiles.add(major: tile.packed, minor: sequence, payload: bytes) }
        }

        func addEdge(_ nodes: ArraySlice<Node>, forward: Bool, backward: Bool, name: Int32) throws {
            guard let first = nodes.first, let last = nodes.last, nodes.count >= 2 else { return }
            var length = 0.0
            var previous: Coordinate?
            for node in nodes {
                let point = Coordinate(latitude: Double(node.latitude) * 1e-7, longitude: Double(node.longitude) * 1e-7)
                if let previous { length += previous.distance(to: point) }
                previous = point
            }
            let (from, fromSlot) = try vertex(first)
            let (to, toSlot) = try vertex(last)
            counts.edges += 1
            pieces.join(fromSlot, toSlot, length: length)
            record.removeAll(keepingCapacity: true)
            record.append(RecordKind.edge.rawValue)
            append(from.tile.packed, to: &record)
            append(from.index, to: &record)
            append(to.tile.packed, to: &record)
            append(to.index, to: &record)
            append(Float(length), to: &record)
            record.append((forward ? 1 : 0) | (backward ? 2 : 0))
            append(name, to: &record)
            append(fromSlot, to: &record)
            append(Int32(nodes.count), to: &record)
            for node in nodes {
                append(node.latitude, to: &record)
                append(node.longitude, to: &record)
            }
            let edgeRecord = record
            try add(edgeRecord, tile: from.tile)
            if to.tile != from.tile { try add(edgeRecord, tile: to.tile) }
        }

        let ways = ScratchReader(files.waysFile)
        var piece: [Node] = []
        var expected: Int64 = 0
        for _ in 0..<wayCount {
            guard let refCount = try ways.read(Int32.self), let flags = try ways.read(UInt8.self),
                  let name = try ways.read(Int32.self) else {
                throw OSMImportError.scratch("the walking network's ways file ends early")
            }
            counts.ways += 1
            if counts.ways & 0x3FFF == 0 {
                try ImportInterruption.check()
                progress(counts.ways)
            }
            let forward = flags & 1 != 0, backward = flags & 2 != 0
            piece.removeAll(keepingCapacity: true)
            for _ in 0..<refCount {
                guard try located.next(), located.major == expected else {
                    throw OSMImportError.scratch("the walking network's located references are out of step")
                }
                expected += 1
                let reference = located.payload.withUnsafeBytes { $0.loadUnaligned(as: LocatedReference.self) }
                let node = Node(number: reference.node, latitude: reference.latitude,
                                longitude: reference.longitude, junction: reference.junction)
                // A node missing from the file (cut off at the extract's edge) breaks the way there.
                guard node.latitude != WalkNodeLocator.unknown else {
                    if piece.count >= 2 { try addEdge(piece[...], forward: forward, backward: backward, name: name) }
                    piece.removeAll(keepingCapacity: true)
                    continue
                }
                if let last = piece.last {
                    if last.number == node.number { continue }
                    if abs(Int64(node.longitude) - Int64(last.longitude)) > longestStretch {
                        counts.stretchesAcrossAntimeridian += 1
                        if piece.count >= 2 {
                            try addEdge(piece[...], forward: forward, backward: backward, name: name)
                        }
                        piece.removeAll(keepingCapacity: true)
                    }
                }
                piece.append(node)
                if piece.count >= 2, node.junction >= 0 {
                    try addEdge(piece[...], forward: forward, backward: backward, name: name)
                    piece.removeAll(keepingCapacity: true)
                    piece.append(node)
                }
            }
            // The piece's last node is the way's end, so a junction, or the node before a gap.
            if piece.count >= 2 { try addEdge(piece[...], forward: forward, backward: backward, name: name) }
        }
        counts.tiles = tileVertices.count
        let isolated = try pieces.isolated(below: isolatedLength, junctionNodes: files.junctionNodesFile)
        counts.longestPiece = pieces.longestMetres
        let sorted = try tiles.sorted()
        var tileCount = 0
        var draft = TileDraft(key: WalkTileKey(row: 0, column: 0))
        var hasDraft = false
        while try sorted.next() {
            if !hasDraft || sorted.major != draft.key.packed {
                if hasDraft {
                    try emit(draft.tile(isolated: isolated))
                    tileCount += 1
                }
                guard let key = WalkTileKey(packed: sorted.major) else {
                    throw OSMImportError.scratch("the walking network's tiles file is damaged")
                }
                draft = TileDraft(key: key)
                hasDraft = true
            }
            try draft.add(sorted.payload, names: names)
        }
        if hasDraft {
            try emit(draft.tile(isolated: isolated))
            tileCount += 1
        }
        counts.tiles = tileCount
        return counts
    }

    fileprivate static func append<T: BitwiseCopyable>(_ value: T, to record: inout [UInt8]) {
        withUnsafeBytes(of: value) { record.append(contentsOf: $0) }
    }
}

/// One tile while it is put together from its sorted vertices and edges.
private struct TileDraft {
    let key: WalkTileKey
    var vertexLatitudes: [Int32] = []
    var vertexLongitudes: [Int32] = []
    var edges: [WalkTile.Edge] = []
    var shapeLatitudes: [Int32] = []
    var shapeLongitudes: [Int32] = []
    var names: [String] = []
    var nameIndex: [Int32: Int32] = [:]
    /// The piece of network at each edge's start, to mark isolated edges once the tile is complete.
    var edgeSlots: [Int32] = []

    init(key: WalkTileKey) {
        self.key = key
    }

    mutating func add(_ record: [UInt8], names globalNames: [String]) throws {
        try record.withUnsafeBytes { bytes in
            var reader = RecordReader(bytes: bytes)
            switch try reader.read(UInt8.self) {
            case 0:
                vertexLatitudes.append(try reader.read(Int32.self))
                vertexLongitudes.append(try reader.read(Int32.self))
            case 1:
                let fromTile = try reader.read(Int64.self), fromIndex = try reader.read(Int32.self)
                let toTile = try reader.read(Int64.self), toIndex = try reader.read(Int32.self)
                let length = try reader.read(Float.self)
                let flags = try reader.read(UInt8.self)
                let globalName = try reader.read(Int32.self)
                let slot = try reader.read(Int32.self)
                let shapeCount = try reader.read(Int32.self)
                guard let from = WalkTileKey(packed: fromTile), let to = WalkTileKey(packed: toTile),
                      globalName < Int32(globalNames.count) else { throw RecordReader.Damaged() }
                var name: Int32 = -1
                if globalName >= 0 {
                    if let known = nameIndex[globalName] {
                        name = known
                    } else {
                        name = Int32(names.count)
                        nameIndex[globalName] = name
                        names.append(globalNames[Int(globalName)])
                    }
                }
                let start = Int32(shapeLatitudes.count)
                for _ in 0..<shapeCount {
                    shapeLatitudes.append(try reader.read(Int32.self))
                    shapeLongitudes.append(try reader.read(Int32.self))
                }
                edges.append(WalkTile.Edge(from: WalkVertexRef(tile: from, index: fromIndex),
                                           to: WalkVertexRef(tile: to, index: toIndex), length: length,
                                           forward: flags & 1 != 0, backward: flags & 2 != 0, name: name,
                                           shapeStart: start, shapeCount: shapeCount))
                edgeSlots.append(slot)
            default:
                throw RecordReader.Damaged()
            }
        }
    }

    mutating func tile(isolated: (Int32) -> Bool) -> WalkTile {
        for index in edges.indices where isolated(edgeSlots[index]) { edges[index].isolated = true }
        return WalkTile(key: key, vertexLatitudes: vertexLatitudes, vertexLongitudes: vertexLongitudes, edges: edges,
                        shapeLatitudes: shapeLatitudes, shapeLongitudes: shapeLongitudes, names: names)
    }
}

/// Reads the fields of one sorted record.
private struct RecordReader {
    struct Damaged: Error, CustomStringConvertible {
        var description: String { "a record of the walking network's tiles file is damaged" }
    }

    let bytes: UnsafeRawBufferPointer
    var offset = 0

    init(bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
    }

    mutating func read<T: BitwiseCopyable>(_ type: T.Type) throws -> T {
        let size = MemoryLayout<T>.size
        guard offset + size <= bytes.count else { throw Damaged() }
        defer { offset += size }
        return bytes.loadUnaligned(fromByteOffset: offset, as: T.self)
    }
}
