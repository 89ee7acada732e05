import NearbyCore
import SQLiteDriver

/// Patches one extract's walking network in the store: the edges of the ways an update changed come out of
/// their tiles and the new ones go in, then the pieces of network around them are measured again for the
/// isolated mark (`WalkNetworkBuilder.isolatedLength`), walking out from every vertex the patch touched.
///
/// A piece is measured until it reaches the length that makes it joined: beyond that only edges that were
/// isolated or are new are followed (those may have to lose the mark), so the work stays near the changes.
/// The tiles are patched a row at a time, south to north, with the rows beside: memory holds a few rows of
/// tiles whatever the size of the region. A walk that reaches a tile further on first applies the edits up to
/// its row; one that reaches back past the rows held reads the tile again as already patched.
final class WalkNetworkPatch {
    private enum Edit {
        case remove(PatchedEdge)
        case add(PatchedEdge)
    }

    private let extract: Int64
    private var tiles: [WalkTileKey: PatchedTile] = [:]
    private var edits: [(row: Int32, edit: Edit)] = []
    private var applied = 0
    /// Rows whose edits are all applied (every edit that touches them).
    private var frontier = Int32.min
    private var starts: [Int32: [WalkVertexRef]] = [:]
    private var settled = IDSet()
    /// Every vertex a walk starts from: a walk that reaches one settles it.
    private var pendingStarts = IDSet()
    private let read: SQLiteStatement
    private let write: SQLiteStatement
    private let delete: SQLiteStatement
    private(set) var edgesRemoved = 0
    private(set) var edgesAdded = 0
    /// Tiles written (some twice, when a walk came back to them).
    private(set) var tilesWritten = 0

    init(db: SQLiteConnection, extract: Int64) throws {
        self.extract = extract
        read = try db.statement("SELECT data FROM walk_tile_layer WHERE tile = ? AND extract = ?")
        write = try db.statement("""
            INSERT INTO walk_tile_layer (tile, extract, vertices, data) VALUES (?, ?, ?, ?)
            ON CONFLICT (tile, extract) DO UPDATE SET vertices = excluded.vertices, data = excluded.data
            """)
        delete = try db.statement("DELETE FROM walk_tile_layer WHERE tile = ? AND extract = ?")
    }

    /// The tile looked up last: a walk asks for one tile many times in a row.
    private var lastTile: PatchedTile?

    private func tile(_ key: WalkTileKey) throws -> PatchedTile {
        if key.row > frontier { try advance(to: key.row) }
        if let lastTile, lastTile.key == key { return lastTile }
        if let known = tiles[key] {
            lastTile = known
            return known
        }
        let row = try read.bind(key.packed, extract)
        defer { row.reset() }
        let data: [UInt8]? = try row.step() ? try row.column(0) : nil
        let tile = try PatchedTile(key: key, data: data)
        tiles[key] = tile
        lastTile = tile
        return tile
    }

    /// Takes out one edge a way made before the changes (at `finish`).
    func remove(_ edge: PatchedEdge) {
        edits.append((min(edge.fromTile.row, edge.toTile.row), .remove(edge)))
    }

    /// Puts in one edge a way makes after the changes (at `finish`).
    func add(_ edge: PatchedEdge) {
        edits.append((min(edge.fromTile.row, edge.toTile.row), .add(edge)))
    }

    /// Applies the edits that touch rows up to `row`, in row order, removals before additions.
    private func advance(to row: Int32) throws {
        frontier = max(frontier, row)
        while applied < edits.count, edits[applied].row <= row {
            let edit = edits[applied].edit
            applied += 1
            switch edit {
            case .remove(let edge):
                let from = edge.fromTile, to = edge.toTile
                for key in from == to ? [from] : [from, to] {
                    guard let ends = try tile(key).remove(edge) else {
                        throw PatchFailure.mismatch("an edge of a changed way is not in tile \(key.packed)")
                    }
                    starts[ends.0.tile.row, default: []].append(ends.0)
                    starts[ends.1.tile.row, default: []].append(ends.1)
                }
                edgesRemoved += 1
            case .add(let edge):
                let last = edge.latitudes.count - 1
                let from = try tile(edge.fromTile).vertex(edge.latitudes[0], edge.longitudes[0])
                let to = try tile(edge.toTile).vertex(edge.latitudes[last], edge.longitudes[last])
                try tile(from.tile).add(edge, from: from, to: to)
                if to.tile != from.tile { try tile(to.tile).add(edge, from: from, to: to) }
                starts[from.tile.row, default: []].append(from)
                starts[to.tile.row, default: []].append(to)
                edgesAdded += 1
            }
        }
    }

    /// Applies every edit, marks the pieces around them, and writes every tile changed, a row at a time.
    func finish() throws {
        edits.sort { a, b in
            if a.row != b.row { return a.row < b.row }
            if case .remove = a.edit, case .add = b.edit { return true }
            return false
        }
        var rows = Set(edits.map(\.row))
        for (_, edit) in edits {
            if case .remove(let edge) = edit { rows.insert(max(edge.fromTile.row, edge.toTile.row)) }
            if case .add(let edge) = edit { rows.insert(max(edge.fromTile.row, edge.toTile.row)) }
        }
        // Every start is known once every edit is applied; the rows are walked in order, so a start is added
        // as its row comes.
        for row in rows.sorted() {
            try advance(to: row + 1)
            // Each vertex once: the two ends of many edits are one vertex.
            var unique = IDSet()
            let rowStarts = (starts.removeValue(forKey: row) ?? []).filter { unique.insert(Self.packed($0)) }
            for start in rowStarts { pendingStarts.insert(Self.packed(start)) }
            for (other, more) in starts where other > row && other <= row + 1 {
                for start in more { pendingStarts.insert(Self.packed(start)) }
            }
            for start in rowStarts where !settled.contains(Self.packed(start)) {
                try markPiece(from: start)
            }
            try evict { $0.row < row }
        }
        try evict { _ in true }
    }

    /// Writes the tiles `leaving` picks that changed, and lets go of them.
    private func evict(_ leaving: (WalkTileKey) -> Bool) throws {
        lastTile = nil
        // In key order: the table's pages are then written once each, not spilled and written again.
        for key in tiles.keys.filter(leaving).sorted() {
            guard let tile = tiles.removeValue(forKey: key), tile.isChanged else { continue }
            if let data = tile.encoded() {
                try write.bind(key.packed, extract, tile.vertexCount, data).run()
            } else {
                try delete.bind(key.packed, extract).run()
            }
            tilesWritten += 1
        }
    }

    /// One edge of the network: its copy in the tile of its first end (an edge between two tiles is kept in
    /// both).
    private struct EdgeID {
        var tile: WalkTileKey
        var record: Int32
    }

    /// A vertex (or a record: a tile and a number) in 64 bits, for the walks' sets: rows (0..<9,000) in 14 bits,
    /// columns (0..<18,000) in 15, the number in 32.
    private static func packed(_ tile: WalkTileKey, _ number: Int32) -> Int64 {
        Int64(tile.row) << 47 | Int64(tile.column) << 32 | Int64(UInt32(bitPattern: number))
    }

    private static func packed(_ vertex: WalkVertexRef) -> Int64 { packed(vertex.tile, vertex.index) }

    /// The other copy of a record whose ends lie in two tiles: the record at its other end with the same ends,
    /// length and points (and, when several match, the same shape).
    private func twin(of index: Int32, in tile: PatchedTile, across other: WalkVertexRef) throws -> (WalkTileKey, Int32)? {
        let record = tile.record(index)
        let far = try self.tile(other.tile)
        var first: Int32?, several = false
        for candidate in far.edges(at: other.index) {
            let theirs = far.record(candidate)
            guard theirs.from == record.from, theirs.to == record.to, theirs.centimetres == record.centimetres,
                  theirs.shapeCount == record.shapeCount, theirs.flags & 3 == record.flags & 3 else { continue }
            if first == nil { first = candidate } else { several = true }
        }
        guard several else { return first.map { (other.tile, $0) } }
        let candidates = far.edges(at: other.index).filter {
            let theirs = far.record($0)
            return theirs.from == record.from && theirs.to == record.to && theirs.centimetres == record.centimetres
                && theirs.shapeCount == record.shapeCount && theirs.flags & 3 == record.flags & 3
        }
        let shape = try tile.shape(index)
        for candidate in candidates {
            let theirs = try far.shape(candidate)
            if theirs.latitudes == shape.latitudes && theirs.longitudes == shape.longitudes { return (other.tile, candidate) }
        }
        return nil
    }

    /// Walks the piece of network at `start` and marks it: a piece shorter than the isolated length is marked
    /// whole; a longer one unmarks the isolated and new edges it reaches.
    // A walk's working sets, kept from one walk to the next (a patch makes a walk from each of tens of
    // thousands of vertices).
    private var queue: [WalkVertexRef] = []
    private var seen = StampedIDSet()
    private var visited: [WalkVertexRef] = []
    private var piece = StampedIDSet()
    private var reached: [(copy: EdgeID, across: WalkVertexRef?, special: Bool)] = []

    private func markPiece(from start: WalkVertexRef) throws {
        queue.removeAll(keepingCapacity: true)
        seen.removeAll()
        visited.removeAll(keepingCapacity: true)
        piece.removeAll()
        // The copies reached (in the tile of the vertex they were reached from), and whether each is isolated
        // or new; the other copies are found when the mark is set.
        reached.removeAll(keepingCapacity: true)
        queue.append(start)
        seen.insert(Self.packed(start))
        visited.append(start)
        var metres = 0.0
        var joined = false
        while let vertex = queue.popLast() {
            let tile = try tile(vertex.tile)
            for index in tile.edges(at: vertex.index) {
                let isSpecial = tile.isIsolated(index) || tile.isAdded(index)
                if joined && !isSpecial { continue }
                let record = tile.record(index)
                let other = record.from == vertex ? record.to : record.from
                // An edge is named by its copy in its first end's tile: found here, or across.
                var name = EdgeID(tile: vertex.tile, record: index)
                if record.from.tile != vertex.tile {
                    guard let twin = try twin(of: index, in: tile, across: record.from) else {
                        throw PatchFailure.mismatch("an edge between two tiles is kept in one")
                    }
                    name = EdgeID(tile: twin.0, record: twin.1)
                }
                guard piece.insert(Self.packed(name.tile, name.record)) else { continue }
                reached.append((EdgeID(tile: vertex.tile, record: index),
                                other.tile != vertex.tile ? other : nil, isSpecial))
                metres += tile.length(index)
                if metres >= WalkNetworkBuilder.isolatedLength { joined = true }
                if seen.insert(Self.packed(other)) {
                    queue.append(other)
                    visited.append(other)
                }
            }
        }
        // A start some walk already reached had its isolated and new edges followed there.
        for vertex in visited where pendingStarts.contains(Self.packed(vertex)) { settled.insert(Self.packed(vertex)) }
        for edge in reached where !joined || edge.special {
            let tile = try tile(edge.copy.tile)
            tile.setIsolated(!joined, at: edge.copy.record)
            if let across = edge.across, let twin = try twin(of: edge.copy.record, in: tile, across: across) {
                try self.tile(twin.0).setIsolated(!joined, at: twin.1)
            }
        }
    }
}
