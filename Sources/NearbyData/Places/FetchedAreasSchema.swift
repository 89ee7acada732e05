import SQLiteDriver

/// The `fetched_area` table: which circles a live source was asked for, and when, so that a cached
/// answer is served from the store instead of being fetched again (see `CachingPlacesProvider`).
enum FetchedAreasSchema {
    static let migrations: [StoreMigration] = [
        StoreMigration(version: 5, legacyName: "places-v2-fetched-areas") { db in
            try db.execute(script: """
                CREATE TABLE fetched_area (
                    id INTEGER PRIMARY KEY,
                    source TEXT NOT NULL,
                    -- NULL: every category was fetched.
                    category TEXT,
                    lat REAL NOT NULL,
                    lon REAL NOT NULL,
                    radius REAL NOT NULL,
                    -- Seconds since 1970.
                    fetchedAt REAL NOT NULL
                );
                CREATE INDEX fetched_area_source ON fetched_area(source, fetchedAt);
                """)
        },
    ]
}
