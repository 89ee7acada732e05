import NearbyCore
import SQLiteDriver

/// The walking network's one table in the store, and every read and write of it (kept to this file so a
/// change of SQLite layer touches one place).
///
/// `walk_tile` holds one row per tile of `WalkTileKey` (1/50°) and extract: that extract's vertices and edges
/// there, encoded by `WalkTileCodec`, numbered by the extract's own import. Importing an extract replaces its
/// rows only, so every region keeps its network; the router lays the rows of one tile together
/// (`WalkTileLayers`). `vertices` repeats the row's vertex count so the numbering of a tile's layers is known
/// without decoding them.
enum WalkNetworkStorage {
    static let migrations: [StoreMigration] = [
        StoreMigration(version: 6, legacyName: "walk-network-v1") { db in
            try db.execute(script: "CREATE TABLE walk_tile (tile INTEGER PRIMARY KEY, data BLOB NOT NULL)")
        },
        // One network per extract: before, each import replaced the whole network, so only the last region
        // imported had walks. The network stored then is the last import's.
        StoreMigration(version: 12, legacyName: nil) { db in
            let owner = try db.scalar("SELECT id FROM import_extract ORDER BY lastRun DESC LIMIT 1",
                                      as: Int64.self) ?? 0
            try db.execute(script: """
                CREATE TABLE walk_tile_layer (
                    tile INTEGER NOT NULL,
                    -- import_extract.id; 0 for a network no known extract brought.
                    extract INTEGER NOT NULL,
                    vertices INTEGER NOT NULL,
                    data BLOB NOT NULL,
                    PRIMARY KEY (tile, extract)
                );
                CREATE INDEX walk_tile_layer_extract ON walk_tile_layer (extract);
                """)
            let rows = try db.prepare("SELECT tile, data FROM walk_tile")
            let insert = try db.prepare(
                "INSERT INTO walk_tile_layer (tile, extract, vertices, data) VALUES (?, ?, ?, ?)")
            var copied: [(tile: Int64, vertices: Int, data: [UInt8])] = []
            while try rows.step() {
                guard let packed = try? rows.column(0, as: Int64.self),
                      let data = try? rows.column(1, as: [UInt8].self) else { continue }
                // A tile that cannot be read is kept as it is: the router says the network is damaged and asks
                // for the extract again, as it did before.
                let vertices = WalkTileKey(packed: packed).flatMap { key in
                    try? data.withUnsafeBytes { bytes in try WalkTileCodec.decode(bytes, key: key) }.vertexCount
                } ?? 0
                copied.append((packed, vertices, data))
            }
            for row in copied { try insert.bind(row.tile, owner, row.vertices, row.data).run() }
            try db.execute(script: "DROP TABLE walk_tile")
        },
    ]

    /// Writes the tiles of one extract's import, inside the import's transaction, replacing the network that
    /// extract brought before (and no other).
    final class Writer {
        private let insert: SQLiteStatement
        private let extract: Int64
        private(set) var bytes = 0

        init(db: SQLiteConnection, extract: Int64) throws {
            self.extract = extract
            try db.execute("DELETE FROM walk_tile_layer WHERE extract = ?", extract)
            insert = try db.statement("INSERT INTO walk_tile_layer (tile, extract, vertices, data) VALUES (?, ?, ?, ?)")
        }

        func write(_ tile: WalkTile) throws {
            let data = WalkTileCodec.encode(tile)
            bytes += data.count
            try insert.bind(tile.key.packed, extract, tile.vertexCount, data).run()
        }
    }

    /// Gives one extract's network to another (replacing the other's), inside an import's transaction.
    static func move(from source: Int64, to target: Int64, in db: SQLiteConnection) throws {
        try db.execute("DELETE FROM walk_tile_layer WHERE extract = ?", target)
        try db.execute("UPDATE walk_tile_layer SET extract = ? WHERE extract = ?", target, source)
    }

    /// Removes one extract's network.
    static func remove(extract: Int64, in db: SQLiteConnection) throws {
        try db.execute("DELETE FROM walk_tile_layer WHERE extract = ?", extract)
    }

    /// The stored layers of one tile (empty when the network has nothing there), in extract order.
    static func tileData(_ key: WalkTileKey, in db: SQLiteConnection) throws -> [(extract: Int64, data: [UInt8])] {
        let rows = try db.statement("SELECT extract, data FROM walk_tile_layer WHERE tile = ? ORDER BY extract")
            .bind(key.packed)
        defer { rows.reset() }
        var layers: [(extract: Int64, data: [UInt8])] = []
        while try rows.step() { layers.append((try rows.column(0), try rows.column(1))) }
        return layers
    }

    /// The vertex count of each extract's layer in one tile, in extract order.
    static func layerCounts(_ key: WalkTileKey, in db: SQLiteConnection) throws -> WalkTileLayers.Counts {
        let rows = try db.statement("SELECT extract, vertices FROM walk_tile_layer WHERE tile = ? ORDER BY extract")
            .bind(key.packed)
        defer { rows.reset() }
        var counts: WalkTileLayers.Counts = []
        while try rows.step() {
            let vertices: Int = try rows.column(1)
            counts.append((try rows.column(0), Int32(clamping: vertices)))
        }
        return counts
    }

    /// Whether any network is stored.
    static func hasNetwork(_ db: SQLiteConnection) throws -> Bool {
        try db.scalar("SELECT EXISTS (SELECT 1 FROM walk_tile_layer)", as: Bool.self) ?? false
    }

    /// Whether more than one extract has a network (then tiles are read as layers).
    static func isLayered(_ db: SQLiteConnection) throws -> Bool {
        try db.scalar("SELECT count(DISTINCT extract) > 1 FROM walk_tile_layer", as: Bool.self) ?? false
    }

    /// Tiles stored and their bytes (for benchmarks and the import's summary).
    static func size(_ db: SQLiteConnection) throws -> (tiles: Int, bytes: Int) {
        try size(where: "", db)
    }

    /// One extract's tiles and bytes.
    static func size(extract: Int64, in db: SQLiteConnection) throws -> (tiles: Int, bytes: Int) {
        try size(where: "WHERE extract = \(extract)", db)
    }

    private static func size(where condition: String, _ db: SQLiteConnection) throws -> (tiles: Int, bytes: Int) {
        let row = try db.statement("SELECT count(*), coalesce(sum(length(data)), 0) FROM walk_tile_layer \(condition)")
            .bind()
        defer { row.reset() }
        guard try row.step() else { return (0, 0) }
        return (try row.column(0), try row.column(1))
    }
}
