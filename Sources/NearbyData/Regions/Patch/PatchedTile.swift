import NearbyCore
import SQLiteDriver

/// One extract's layer of one tile while a patch edits it. The stored bytes stay as they are: a tile is a
/// header (vertices, names) and one self-contained record per edge (`WalkTileCodec.Layout`), so an edge the
/// patch keeps is copied byte for byte (its isolated mark set in its flags byte), an edge it removes is left
/// out, and a new edge's record is appended; vertices and names are only ever appended, so every index that
/// points into the tile stays valid.
///
/// A vertex no edge uses any more stays (unnumbering it would mean rewriting every edge that points into the
/// tile from its neighbours); a later edge at the same position takes it again. Routes never reach such a
/// vertex.
final class PatchedTile {
    typealias Record = WalkTileCodec.Layout.Record

    let key: WalkTileKey
    private let stored: [UInt8]
    private var layout: WalkTileCodec.Layout
    /// Records of new edges, in `added`'s bytes.
    private var added: [UInt8] = []
    private var isNew: [Bool]
    private var isRemoved: [Bool]
    private var nameIndex: [String: Int32]?
    /// The live records at each vertex: `incident[incidentStart[v]..<incidentStart[v + 1]]`.
    private var incidentStart: [Int32] = []
    private var incident: [Int32] = []
    private var hasIncidence = false
    private(set) var isChanged = false

    /// The layer as stored (`data` nil: the extract has nothing in this tile yet).
    init(key: WalkTileKey, data: [UInt8]?) throws(PatchFailure) {
        self.key = key
        stored = data ?? []
        if let data {
            do {
                layout = try data.withUnsafeBytes { bytes in
                    Result { () throws(WalkTileCodec.DecodingError) in try WalkTileCodec.layout(bytes, key: key) }
                }.get()
            } catch {
                throw .damaged("tile \(key.packed): \(error.reason)")
            }
        } else {
            layout = WalkTileCodec.Layout()
        }
        isNew = Array(repeating: false, count: layout.records.count)
        isRemoved = isNew
    }

    var vertexCount: Int { layout.vertexLatitudes.count }
    var recordCount: Int { layout.records.count }
    func record(_ index: Int32) -> Record { layout.records[Int(index)] }
    func isAdded(_ index: Int32) -> Bool { isNew[Int(index)] }
    func isIsolated(_ index: Int32) -> Bool { layout.records[Int(index)].flags & 4 != 0 }
    /// Metres, as the tile keeps them.
    func length(_ index: Int32) -> Double { Double(layout.records[Int(index)].centimetres) / 100 }

    /// A record's shape.
    func shape(_ index: Int32) throws(PatchFailure) -> (latitudes: [Int32], longitudes: [Int32]) {
        let record = layout.records[Int(index)]
        let bytes = isNew[Int(index)] ? added : stored
        do {
            return try bytes.withUnsafeBytes { raw in
                Result { () throws(WalkTileCodec.DecodingError) in try WalkTileCodec.shape(of: record, in: raw, key: key) }
            }.get()
        } catch {
            throw .damaged("tile \(key.packed): \(error.reason)")
        }
    }

    /// The vertex at a position (the first, when two share it), added when there is none. A scan: a tile has
    /// a few hundred vertices, and a dictionary for each of a region's tiles would cost more than the scans.
    func vertex(_ latitude: Int32, _ longitude: Int32) -> WalkVertexRef {
        for index in layout.vertexLatitudes.indices
        where layout.vertexLatitudes[index] == latitude && layout.vertexLongitudes[index] == longitude {
            return WalkVertexRef(tile: key, index: Int32(index))
        }
        let index = Int32(vertexCount)
        layout.vertexLatitudes.append(latitude)
        layout.vertexLongitudes.append(longitude)
        isChanged = true
        hasIncidence = false
        return WalkVertexRef(tile: key, index: index)
    }

    /// Removes one edge of that shape, directions and name; returns its ends, nil when the tile has none.
    func remove(_ edge: PatchedEdge) throws(PatchFailure) -> (WalkVertexRef, WalkVertexRef)? {
        let centimetres = UInt32(clamping: WalkTileCodec.centimetres(edge.length))
        let flags: UInt8 = (edge.forward ? 1 : 0) | (edge.backward ? 2 : 0)
        for index in layout.records.indices where !isRemoved[index] {
            let record = layout.records[index]
            guard record.shapeCount == Int32(edge.latitudes.count), record.centimetres == centimetres,
                  record.flags & 3 == flags, name(record.name) == edge.name else { continue }
            let shape = try self.shape(Int32(index))
            guard shape.latitudes == edge.latitudes, shape.longitudes == edge.longitudes else { continue }
            isRemoved[index] = true
            isChanged = true
            hasIncidence = false
            return (record.from, record.to)
        }
        return nil
    }

    private func name(_ index: Int32) -> String? {
        index >= 0 && Int(index) < layout.names.count ? layout.names[Int(index)] : nil
    }

    /// Adds a new edge between two vertices (ends in other tiles numbered there).
    func add(_ edge: PatchedEdge, from: WalkVertexRef, to: WalkVertexRef) {
        var name: Int32 = -1
        if let text = edge.name {
            if nameIndex == nil {
                nameIndex = Dictionary(layout.names.enumerated().map { ($1, Int32($0)) }, uniquingKeysWith: { a, _ in a })
            }
            if let known = nameIndex?[text] {
                name = known
            } else {
                name = Int32(layout.names.count)
                layout.names.append(text)
                nameIndex?[text] = name
            }
        }
        let flags: UInt8 = (edge.forward ? 1 : 0) | (edge.backward ? 2 : 0)
        let centimetres = WalkTileCodec.centimetres(edge.length)
        let start = added.count
        WalkTileCodec.appendEdge(from: from, to: to, flags: flags, name: name, centimetres: centimetres,
                                 latitudes: edge.latitudes[...], longitudes: edge.longitudes[...], key: key, to: &added)
        // Where the flags byte and the shape begin: after the two ends, and after the flags, name, length and
        // point count (varints).
        var head: [UInt8] = [], nameBytes: [UInt8] = [], lengthBytes: [UInt8] = [], countBytes: [UInt8] = []
        WalkTileCodec.appendEdge(from: from, to: to, flags: flags, name: name, centimetres: centimetres,
                                 latitudes: [], longitudes: [], key: key, to: &head)
        WalkTileCodec.appendCount(Int(name + 1), to: &nameBytes)
        WalkTileCodec.appendCount(Int(centimetres), to: &lengthBytes)
        WalkTileCodec.appendCount(edge.latitudes.count, to: &countBytes)
        let ends = head.count - 1 - nameBytes.count - lengthBytes.count - 1
        let flagsOffset = start + ends
        let shapeOffset = flagsOffset + 1 + nameBytes.count + lengthBytes.count + countBytes.count
        layout.records.append(Record(
            start: Int32(start), end: Int32(added.count), flagsOffset: Int32(flagsOffset),
            shapeOffset: Int32(shapeOffset), from: from, to: to, name: name,
            centimetres: UInt32(clamping: centimetres), shapeCount: Int32(edge.latitudes.count), flags: flags))
        isNew.append(true)
        isRemoved.append(false)
        isChanged = true
        hasIncidence = false
    }

    func setIsolated(_ isolated: Bool, at index: Int32) {
        let flags = layout.records[Int(index)].flags
        let marked = isolated ? flags | 4 : flags & ~4
        guard marked != flags else { return }
        layout.records[Int(index)].flags = marked
        isChanged = true
    }

    /// The live records at one of the tile's vertices.
    func edges(at vertex: Int32) -> ArraySlice<Int32> {
        if !hasIncidence {
            var counts = [Int32](repeating: 0, count: vertexCount + 1)
            for index in layout.records.indices where !isRemoved[index] {
                let record = layout.records[index]
                if record.from.tile == key { counts[Int(record.from.index) + 1] += 1 }
                if record.to.tile == key, record.to != record.from { counts[Int(record.to.index) + 1] += 1 }
            }
            for index in 0..<vertexCount { counts[index + 1] += counts[index] }
            var fill = counts
            incident = Array(repeating: 0, count: Int(counts[vertexCount]))
            for index in layout.records.indices where !isRemoved[index] {
                let record = layout.records[index]
                if record.from.tile == key {
                    incident[Int(fill[Int(record.from.index)])] = Int32(index)
                    fill[Int(record.from.index)] += 1
                }
                if record.to.tile == key, record.to != record.from {
                    incident[Int(fill[Int(record.to.index)])] = Int32(index)
                    fill[Int(record.to.index)] += 1
                }
            }
            incidentStart = counts
            hasIncidence = true
        }
        guard vertex >= 0, Int(vertex) < vertexCount else { return [] }
        return incident[Int(incidentStart[Int(vertex)])..<Int(incidentStart[Int(vertex) + 1])]
    }

    /// The stored form, nil when no edge is left (the full import stores no such tile).
    func encoded() -> [UInt8]? {
        let live = layout.records.indices.filter { !isRemoved[$0] }
        guard !live.isEmpty else { return nil }
        var out: [UInt8] = []
        out.reserveCapacity(stored.count + added.count + 64)
        WalkTileCodec.appendHeader(key: key, latitudes: layout.vertexLatitudes, longitudes: layout.vertexLongitudes,
                                   names: layout.names, to: &out)
        WalkTileCodec.appendCount(live.count, to: &out)
        // Copied through pointers: slices of two arrays picked per record cost a retain and a release each.
        stored.withUnsafeBufferPointer { stored in
            added.withUnsafeBufferPointer { added in
                for index in live {
                    let record = layout.records[index]
                    let source = isNew[index] ? added : stored
                    let flagsAt = out.count + Int(record.flagsOffset - record.start)
                    out.append(contentsOf: UnsafeBufferPointer(rebasing: source[Int(record.start)..<Int(record.end)]))
                    out[flagsAt] = record.flags
                }
            }
        }
        return out
    }
}

/// Why a patch could not be applied: the update then reads the extract again instead.
enum PatchFailure: Error, CustomStringConvertible {
    /// The store or the base does not hold what the patch expects (an older store, a store changed meanwhile).
    case mismatch(String)
    case damaged(String)
    /// The changes are of a kind the patch leaves to a full reading.
    case unsupported(String)

    var description: String {
        switch self {
        case .mismatch(let what): "the store does not match its base: \(what)"
        case .damaged(let what): "damaged: \(what)"
        case .unsupported(let what): what
        }
    }
}
