import FoundationEssentials
import GRDB
import NearbyCore

/// The walking network's one table in the store, and every read and write of it (kept to this file so a
/// change of SQLite layer touches one place).
///
/// `walk_tile` holds one row per tile of `WalkTileKey` (1/50°): the tile's vertices and edges encoded by
/// `WalkTileCodec`. An import replaces the whole network: vertex numbers are per import, so tiles of two
/// imports cannot be mixed.
enum WalkNetworkStorage {
    static func register(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("walk-network-v1") { db in
            try db.execute(sql: "CREATE TABLE walk_tile (tile INTEGER PRIMARY KEY, data BLOB NOT NULL)")
        }
    }

    /// Writes the tiles of one import, inside the import's transaction, replacing any network stored before.
    final class Writer {
        private let db: Database
        private let insert: Statement
        private(set) var bytes = 0

        init(db: Database) throws {
            self.db = db
            try db.execute(sql: "DELETE FROM walk_tile")
            insert = try db.cachedStatement(sql: "INSERT INTO walk_tile (tile, data) VALUES (?, ?)")
        }

        func write(_ tile: WalkTile) throws {
            let data = WalkTileCodec.encode(tile)
            bytes += data.count
            try insert.execute(arguments: [tile.key.packed, data.withUnsafeBytes { Data($0) }])
        }
    }

    /// The stored bytes of one tile, or nil when the network has nothing there.
    static func tileData(_ key: WalkTileKey, in db: Database) throws -> [UInt8]? {
        guard let data = try Data.fetchOne(db, sql: "SELECT data FROM walk_tile WHERE tile = ?",
                                           arguments: [key.packed]) else { return nil }
        return [UInt8](data)
    }

    /// Whether any network is stored.
    static func hasNetwork(_ db: Database) throws -> Bool {
        try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM walk_tile)") ?? false
    }

    /// Tiles stored and their bytes (for benchmarks and the import's summary).
    static func size(_ db: Database) throws -> (tiles: Int, bytes: Int) {
        guard let row = try Row.fetchOne(db, sql: "SELECT count(*), coalesce(sum(length(data)), 0) FROM walk_tile")
        else { return (0, 0) }
        return (row[0], row[1])
    }
}
