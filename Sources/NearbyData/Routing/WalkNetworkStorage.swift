import NearbyCore

/// The walking network's one table in the store, and every read and write of it (kept to this file so a
/// change of SQLite layer touches one place).
///
/// `walk_tile` holds one row per tile of `WalkTileKey` (1/50°): the tile's vertices and edges encoded by
/// `WalkTileCodec`. An import replaces the whole network: vertex numbers are per import, so tiles of two
/// imports cannot be mixed.
enum WalkNetworkStorage {
    static let migrations: [StoreMigration] = [
        StoreMigration(version: 6, legacyName: "walk-network-v1") { db in
            try db.execute(script: "CREATE TABLE walk_tile (tile INTEGER PRIMARY KEY, data BLOB NOT NULL)")
        },
    ]

    /// Writes the tiles of one import, inside the import's transaction, replacing any network stored before.
    final class Writer {
        private let insert: SQLiteStatement
        private(set) var bytes = 0

        init(db: SQLiteConnection) throws {
            try db.execute("DELETE FROM walk_tile")
            insert = try db.statement("INSERT INTO walk_tile (tile, data) VALUES (?, ?)")
        }

        func write(_ tile: WalkTile) throws {
            let data = WalkTileCodec.encode(tile)
            bytes += data.count
            try insert.bind(tile.key.packed, data).run()
        }
    }

    /// The stored bytes of one tile, or nil when the network has nothing there.
    static func tileData(_ key: WalkTileKey, in db: SQLiteConnection) throws -> [UInt8]? {
        try db.scalar("SELECT data FROM walk_tile WHERE tile = ?", key.packed, as: [UInt8].self)
    }

    /// Whether any network is stored.
    static func hasNetwork(_ db: SQLiteConnection) throws -> Bool {
        try db.scalar("SELECT EXISTS (SELECT 1 FROM walk_tile)", as: Bool.self) ?? false
    }

    /// Tiles stored and their bytes (for benchmarks and the import's summary).
    static func size(_ db: SQLiteConnection) throws -> (tiles: Int, bytes: Int) {
        let row = try db.statement("SELECT count(*), coalesce(sum(length(data)), 0) FROM walk_tile").bind()
        defer { row.reset() }
        guard try row.step() else { return (0, 0) }
        return (try row.column(0), try row.column(1))
    }
}
