import NearbyCore
import SQLiteDriver

/// The place, locality and favourite tables, with the spatial (R*Tree) and full-text (FTS5) indexes.
///
/// `place.rid` is a spatial key (see `SpatialKey`), shared as rowid by `place_rtree` and `place_fts`.
/// It is an explicit INTEGER PRIMARY KEY so VACUUM can never renumber it behind the indexes' back;
/// `place.id` (the `PlaceID` text) is the unique key everyone else uses.
enum PlacesSchema {
    /// Coordinates are stored in the R*Tree as integers of 10⁻⁷ degree: exact to about a centimetre,
    /// unlike the default 32-bit floats, so distances can be computed from the index alone.
    static let coordinateScale = 10_000_000.0

    /// Merges the full-text index into one segment (FTS5's `optimize`). A name search seeks one key range of
    /// the index per part of its box (`PlaceFinder.TextSearch`); over several segments, a word prefix whose
    /// entries are spread thin across them (a few thousand "caf…" among 100,000 places) is read whole for every
    /// seek: 24 seeks cost 2.6–5.9 ms before the merge and 0.2 ms after.
    /// The full-text index over the folded names and the triggers that keep it and the favourites' snapshots
    /// in step with changes and deletions (version 14 on).
    static let searchIndexSQL = """
        CREATE VIRTUAL TABLE place_fts USING fts5(
            searchName, searchSubtitle,
            content = 'place', content_rowid = 'rid',
            tokenize = 'unicode61 remove_diacritics 2',
            prefix = '1 2 3 4 5 6 7 8'
        );
        INSERT INTO place_fts(place_fts, rank) VALUES ('hashsize', 67108864);
        CREATE TRIGGER place_ad AFTER DELETE ON place BEGIN
            DELETE FROM place_rtree WHERE id = old.rid;
            INSERT INTO place_fts(place_fts, rowid, searchName, searchSubtitle)
                VALUES ('delete', old.rid, old.searchName, old.searchSubtitle);
            UPDATE favourite SET name = old.name, category = old.category, lat = old.lat, lon = old.lon
                WHERE placeID = old.id;
        END;
        CREATE TRIGGER place_au_fts AFTER UPDATE OF rid, searchName, searchSubtitle ON place
        WHEN old.rid IS NOT new.rid OR old.searchName IS NOT new.searchName
            OR old.searchSubtitle IS NOT new.searchSubtitle BEGIN
            INSERT INTO place_fts(place_fts, rowid, searchName, searchSubtitle)
                VALUES ('delete', old.rid, old.searchName, old.searchSubtitle);
            INSERT INTO place_fts(rowid, searchName, searchSubtitle) VALUES (new.rid, new.searchName, new.searchSubtitle);
        END;
        """

    static func mergeSearchIndex(_ db: SQLiteConnection) throws {
        try db.execute(script: "INSERT INTO place_fts(place_fts) VALUES ('optimize')")
    }

    static let migrations: [StoreMigration] = [
        StoreMigration(version: 4, legacyName: "places-v1") { db in
            try db.execute(script: """
                CREATE TABLE place (
                    rid INTEGER PRIMARY KEY,
                    id TEXT NOT NULL UNIQUE,
                    name TEXT NOT NULL,
                    category TEXT NOT NULL,
                    categoryCode INTEGER NOT NULL,
                    lat REAL NOT NULL,
                    lon REAL NOT NULL,
                    street TEXT, houseNumber TEXT, postcode TEXT, city TEXT, country TEXT, formattedAddress TEXT,
                    phone TEXT, website TEXT, email TEXT,
                    openingHours TEXT,
                    openingPeriods TEXT,
                    cuisine TEXT, wheelchair TEXT, operator TEXT, brand TEXT,
                    rating REAL, ratingCount INTEGER, priceLevel INTEGER,
                    attribution TEXT NOT NULL,
                    subtitle TEXT NOT NULL DEFAULT '',
                    updatedAt TEXT NOT NULL
                );
                -- Third axis: the category slab (see CategoryCode), so a category query prunes inside the index.
                CREATE VIRTUAL TABLE place_rtree USING rtree_i32(id, minLat, maxLat, minLon, maxLon, minCat, maxCat);
                CREATE VIRTUAL TABLE place_fts USING fts5(
                    name, subtitle,
                    content = 'place', content_rowid = 'rid',
                    tokenize = 'unicode61 remove_diacritics 2',
                    prefix = '1 2 3 4 5 6 7 8'
                );
                -- A 64 MB in-memory buffer before FTS5 writes a segment: an import of a million places then
                -- writes a few large segments instead of hundreds of small ones to merge (5 s instead of 9 s).
                INSERT INTO place_fts(place_fts, rank) VALUES ('hashsize', 67108864);
                -- New rows reach the indexes through PlacesImportWriter, in key order and in batches (much faster
                -- than a row trigger); changes and deletions of stored rows are kept in step by these triggers.
                CREATE TRIGGER place_ad AFTER DELETE ON place BEGIN
                    DELETE FROM place_rtree WHERE id = old.rid;
                    INSERT INTO place_fts(place_fts, rowid, name, subtitle)
                        VALUES ('delete', old.rid, old.name, old.subtitle);
                END;
                CREATE TRIGGER place_au_fts AFTER UPDATE OF rid, name, subtitle ON place
                WHEN old.rid IS NOT new.rid OR old.name IS NOT new.name OR old.subtitle IS NOT new.subtitle BEGIN
                    INSERT INTO place_fts(place_fts, rowid, name, subtitle)
                        VALUES ('delete', old.rid, old.name, old.subtitle);
                    INSERT INTO place_fts(rowid, name, subtitle) VALUES (new.rid, new.name, new.subtitle);
                END;
                CREATE TRIGGER place_au_rtree AFTER UPDATE OF rid, lat, lon, categoryCode ON place
                WHEN old.rid IS NOT new.rid OR old.lat IS NOT new.lat OR old.lon IS NOT new.lon
                    OR old.categoryCode IS NOT new.categoryCode BEGIN
                    DELETE FROM place_rtree WHERE id = old.rid;
                    INSERT INTO place_rtree VALUES (new.rid,
                        CAST(round(new.lat * 1e7) AS INTEGER), CAST(round(new.lat * 1e7) AS INTEGER),
                        CAST(round(new.lon * 1e7) AS INTEGER), CAST(round(new.lon * 1e7) AS INTEGER),
                        2 * new.categoryCode, 2 * new.categoryCode + 1);
                END;

                CREATE TABLE locality (
                    id TEXT PRIMARY KEY NOT NULL,
                    name TEXT NOT NULL,
                    -- The name folded for matching (lower case, no accents); see SearchFolding.
                    nameKey TEXT NOT NULL,
                    kind TEXT NOT NULL,
                    lat REAL NOT NULL,
                    lon REAL NOT NULL
                );
                CREATE INDEX locality_nameKey ON locality(nameKey);

                CREATE TABLE favourite (
                    placeID TEXT PRIMARY KEY NOT NULL,
                    savedAt TEXT NOT NULL
                );
                """)
        },
        // Imports that replace what the same extract brought before (see PlacesExtract), and favourites that
        // outlive their place: each keeps the name, category and position the place last had.
        StoreMigration(version: 9, legacyName: nil) { db in
            try db.execute(script: """
                CREATE TABLE import_extract (
                    id INTEGER PRIMARY KEY,
                    -- How the extract is recognised from one file to the next (PlacesExtract.key).
                    key TEXT NOT NULL UNIQUE,
                    -- The file last imported for it.
                    fileName TEXT NOT NULL,
                    importedAt TEXT NOT NULL,
                    -- The number of the import run that last wrote it; runs are numbered across the store.
                    lastRun INTEGER NOT NULL DEFAULT 0
                );
                -- The extract that last wrote the row (NULL: a live source or the demo town) and the import run
                -- that did: rows of the extract that the latest run did not write are gone from it.
                ALTER TABLE place ADD COLUMN extract INTEGER;
                ALTER TABLE place ADD COLUMN importRun INTEGER;
                ALTER TABLE locality ADD COLUMN extract INTEGER;
                ALTER TABLE locality ADD COLUMN importRun INTEGER;

                ALTER TABLE favourite ADD COLUMN name TEXT;
                ALTER TABLE favourite ADD COLUMN category TEXT;
                ALTER TABLE favourite ADD COLUMN lat REAL;
                ALTER TABLE favourite ADD COLUMN lon REAL;
                UPDATE favourite SET (name, category, lat, lon) =
                    (SELECT name, category, lat, lon FROM place WHERE place.id = favourite.placeID)
                    WHERE EXISTS (SELECT 1 FROM place WHERE place.id = favourite.placeID);

                DROP TRIGGER place_ad;
                CREATE TRIGGER place_ad AFTER DELETE ON place BEGIN
                    DELETE FROM place_rtree WHERE id = old.rid;
                    INSERT INTO place_fts(place_fts, rowid, name, subtitle)
                        VALUES ('delete', old.rid, old.name, old.subtitle);
                    UPDATE favourite SET name = old.name, category = old.category, lat = old.lat, lon = old.lon
                        WHERE placeID = old.id;
                END;
                """)
        },
        // Places per tile, of each category and of all (PlaceTiles), for counting a wide circle without reading
        // every place. New rows are counted by PlaceInsertion, as they reach the R*Tree; these triggers follow
        // changes and deletions of stored rows, as the R*Tree's do.
        StoreMigration(version: 11, legacyName: nil) { db in
            // The key of the row before (`old`) or after (`new`) the change.
            func key(_ side: String, code: String) -> String {
                PlaceTiles.keySQL(latitude: "CAST(round(\(side).lat * 1e7) AS INTEGER)",
                                  longitude: "CAST(round(\(side).lon * 1e7) AS INTEGER)", code: code)
            }
            let all = "\(PlaceTiles.allCategories)"
            let indexed = { (code: String) in PlaceTiles.keySQL(latitude: "minLat", longitude: "minLon", code: code) }
            let add = "ON CONFLICT (key) DO UPDATE SET n = n + 1"
            try db.execute(script: """
                CREATE TABLE place_tile (key INTEGER PRIMARY KEY, n INTEGER NOT NULL);
                INSERT INTO place_tile (key, n)
                    SELECT \(indexed("minCat / 2")), count(*) FROM place_rtree GROUP BY 1
                    UNION ALL SELECT \(indexed(all)), count(*) FROM place_rtree GROUP BY 1;
                CREATE TRIGGER place_tile_ad AFTER DELETE ON place BEGIN
                    UPDATE place_tile SET n = n - 1 WHERE key IN (\(key("old", code: "old.categoryCode")), \(key("old", code: all)));
                END;
                CREATE TRIGGER place_tile_au AFTER UPDATE OF rid, lat, lon, categoryCode ON place
                WHEN old.rid IS NOT new.rid OR old.lat IS NOT new.lat OR old.lon IS NOT new.lon
                    OR old.categoryCode IS NOT new.categoryCode BEGIN
                    UPDATE place_tile SET n = n - 1 WHERE key IN (\(key("old", code: "old.categoryCode")), \(key("old", code: all)));
                    INSERT INTO place_tile (key, n) VALUES (\(key("new", code: "new.categoryCode")), 1) \(add);
                    INSERT INTO place_tile (key, n) VALUES (\(key("new", code: all)), 1) \(add);
                END;
                """)
        },
        // The full-text index holds names folded as every other search of the app folds them
        // (`SearchFolding.fold`): SQLite's tokenizer removes only Latin accents, so "Пятёрочка" could be found
        // by neither spelling, and "strasse" did not find "Straße". The folded text is kept in the row, so the
        // triggers can take exactly what was indexed back out.
        StoreMigration(version: 14, legacyName: nil) { db in
            try db.execute(script: """
                ALTER TABLE place ADD COLUMN searchName TEXT NOT NULL DEFAULT '';
                ALTER TABLE place ADD COLUMN searchSubtitle TEXT NOT NULL DEFAULT '';
                DROP TRIGGER place_ad;
                DROP TRIGGER place_au_fts;
                DROP TABLE place_fts;
                """)
            let rows = try db.prepare("SELECT rid, name, subtitle FROM place")
            let fill = try db.prepare("UPDATE place SET searchName = ?, searchSubtitle = ? WHERE rid = ?")
            var folded: [(rid: Int64, name: String, subtitle: String)] = []
            while try rows.step() {
                guard let rid = try? rows.column(0, as: Int64.self) else { continue }
                let name = (try? rows.column(1, as: String.self)) ?? ""
                let subtitle = (try? rows.column(2, as: String.self)) ?? ""
                folded.append((rid, SearchFolding.fold(name), SearchFolding.fold(subtitle)))
            }
            for row in folded { try fill.bind(row.name, row.subtitle, row.rid).run() }
            try db.execute(script: """
                \(searchIndexSQL)
                INSERT INTO place_fts(place_fts) VALUES ('rebuild');
                """)
        },
        // Where each extract's file is, whole, so `nearby update` can read it again through the changes of its
        // replication feed.
        StoreMigration(version: 17, legacyName: nil) { db in
            try db.execute(script: "ALTER TABLE import_extract ADD COLUMN filePath TEXT;")
        },
        // Where a place's picture is (`RemotePicture.stored`); the pictures themselves are fetched when shown.
        StoreMigration(version: 19, legacyName: nil) { db in
            try db.execute(script: "ALTER TABLE place ADD COLUMN picture TEXT;")
        },
        // What `nearby extracts` lists of each extract: the extent of its data (which also tells two files of
        // one name apart when their headers say nothing), the data's date, its walkable ways, and the
        // replication state its header named.
        StoreMigration(version: 13, legacyName: nil) { db in
            try db.execute(script: """
                ALTER TABLE import_extract ADD COLUMN minLat REAL;
                ALTER TABLE import_extract ADD COLUMN minLon REAL;
                ALTER TABLE import_extract ADD COLUMN maxLat REAL;
                ALTER TABLE import_extract ADD COLUMN maxLon REAL;
                -- The data's date: the replication timestamp the header names, else NULL (the file's own date
                -- is kept in importedFileDate).
                ALTER TABLE import_extract ADD COLUMN dataTime TEXT;
                ALTER TABLE import_extract ADD COLUMN importedFileDate TEXT;
                ALTER TABLE import_extract ADD COLUMN replicationURL TEXT;
                ALTER TABLE import_extract ADD COLUMN replicationSequence INTEGER;
                ALTER TABLE import_extract ADD COLUMN walkWays INTEGER NOT NULL DEFAULT 0;
                UPDATE import_extract SET (minLat, minLon, maxLat, maxLon) =
                    (SELECT min(lat), min(lon), max(lat), max(lon) FROM place WHERE place.extract = import_extract.id);
                """)
        },
    ]
}
