import SQLiteDriver

/// One step of the store's schema, applied once and in order; a shipped step is never edited.
struct StoreMigration: Sendable {
    /// The store's version once this step is applied (`PRAGMA user_version`).
    var version: Int32
    /// The name earlier versions (which used GRDB's migrator) recorded this step under in `grdb_migrations`;
    /// nil for steps added since.
    var legacyName: String?
    var apply: @Sendable (SQLiteConnection) throws -> Void
}

/// The store's schema: every area's migrations, in version order, and where a store file stands.
///
/// The version lives in the header's `user_version`, which reading costs nothing and which only a
/// migration writes: opening an up-to-date store writes nothing.
enum StoreSchema {
    static let migrations: [StoreMigration] = (FriendsSchema.migrations + PlacesSchema.migrations
        + FetchedAreasSchema.migrations + WalkNetworkStorage.migrations + FoldedKeysMigration.migrations)
        .sorted { $0.version < $1.version }

    /// The version this build writes.
    static var latestVersion: Int32 { migrations.last?.version ?? 0 }

    /// Where a database file stands.
    enum State: Equatable {
        /// No table at all: a new file (or an empty one).
        case empty
        /// A Nearby store at this version.
        case version(Int32)
        /// Tables, but not a Nearby store's.
        case foreign
    }

    /// A store this build cannot use as Nearby's.
    struct ForeignDatabase: Error {}

    static func state(of connection: SQLiteConnection) throws -> State {
        // One snapshot: read apart, another process creating the store between the version and the tables
        // would make a new store look like someone else's database.
        if connection.isInTransaction { return try stateInTransaction(of: connection) }
        return try connection.transaction(.deferred) { try stateInTransaction(of: connection) }
    }

    private static func stateInTransaction(of connection: SQLiteConnection) throws -> State {
        if let version = try connection.scalar("PRAGMA user_version", as: Int32.self), version > 0 {
            return .version(version)
        }
        let tables = try connection.statement("SELECT name FROM sqlite_master WHERE type = 'table'").bind()
        var names: [String] = []
        while try tables.step() { names.append(try tables.column(0)) }
        if names.isEmpty { return .empty }
        guard names.contains("grdb_migrations") else { return .foreign }
        // A store written by an earlier version: its steps are named in GRDB's table.
        let rows = try connection.statement("SELECT identifier FROM grdb_migrations").bind()
        var applied: Set<String> = []
        while try rows.step() {
            if let name = try rows.column(0, as: String?.self) { applied.insert(name) }
        }
        var version: Int32 = 0
        for migration in migrations {
            guard let name = migration.legacyName, applied.contains(name) else { break }
            version = migration.version
        }
        return version > 0 ? .version(version) : .foreign
    }

    /// Brings the store to `target` in one write transaction; checks the version again once it holds the
    /// write lock, since another process may have migrated meanwhile.
    static func migrate(_ connection: SQLiteConnection, upTo target: Int32 = latestVersion) throws {
        try connection.transaction(.immediate) {
            let current: Int32
            switch try state(of: connection) {
            case .empty: current = 0
            case .version(let version): current = version
            case .foreign: throw ForeignDatabase()
            }
            guard current < target else { return }
            for migration in migrations where migration.version > current && migration.version <= target {
                try migration.apply(connection)
            }
            try connection.execute(script: "PRAGMA user_version = \(target)")
        }
    }

    /// Whether a store in `state` was made by a newer build: its version is past every step this one knows.
    static func isNewer(_ state: State) -> Bool {
        if case .version(let version) = state { return version > latestVersion }
        return false
    }

    /// Whether a store in `state` needs migrating to be read by this build.
    static func needsMigration(_ state: State) -> Bool {
        switch state {
        case .empty: true
        case .version(let version): version < latestVersion
        case .foreign: false
        }
    }
}
