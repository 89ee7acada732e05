import Foundation
import GRDB

/// The one SQLite store: friends, places, favourites. Opened once and shared by services.
public final class AppDatabase: Sendable {
    /// The GRDB connection (a pool in WAL mode on disk, a queue in memory for tests).
    public let writer: any DatabaseWriter

    private init(writer: any DatabaseWriter) throws {
        self.writer = writer
        try Self.migrator.migrate(writer)
    }

    /// Opens (creating it if needed) the store at `url`, in WAL mode, and brings its schema up to date.
    public static func open(at url: URL) throws -> AppDatabase {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        var config = Configuration()
        config.prepareDatabase { db in
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
            // No mmap: mapped pages count as the app's memory, and the OS page cache serves re-reads anyway.
        }
        let pool = try DatabasePool(path: url.path, configuration: config)
        return try AppDatabase(writer: pool)
    }

    /// An empty store in memory, for tests.
    public static func inMemory() throws -> AppDatabase {
        try AppDatabase(writer: DatabaseQueue())
    }

    /// Each area of the store registers its own migrations here, in order; never edit a shipped one.
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        FriendsSchema.register(in: &migrator)
        PlacesSchema.register(in: &migrator)
        FetchedAreasSchema.register(in: &migrator)
        WalkNetworkStorage.register(in: &migrator)
        FoldedKeysMigration.register(in: &migrator)
        return migrator
    }
}
