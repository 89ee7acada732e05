import Foundation
import Locking
import NearbyCore
import PlacesStandIns
@testable import NearbyData
@testable import SQLiteDriver

/// Small stores the places tests write themselves.
enum PlacesFixtures {
    static let vaduz = PlaceSpots.vaduz

    /// The point `distance` metres from `start` along `bearing` (degrees), on the same sphere as the store.
    static func offset(_ start: Coordinate, _ distance: Double, _ bearing: Double) -> Coordinate {
        PlaceSpots.offset(start, distance, bearing)
    }

    static func place(_ sourceID: String, _ name: String, _ category: Category, at coordinate: Coordinate,
                      cuisine: String? = nil) -> Place {
        Place(id: PlaceID(source: .osm, sourceID: sourceID), name: name, category: category, coordinate: coordinate,
              cuisine: cuisine, attribution: LocalPlacesStore.openStreetMapAttribution)
    }

    /// A store file at schema `version` (an older Nearby's), filled by `fill`, in `folder`: what a newer
    /// version finds when it opens a store made before.
    static func storeFile(atVersion version: Int32, in folder: TemporaryFolder,
                          _ fill: (SQLiteConnection) throws -> Void) throws -> URL {
        let path = folder.url.appendingPathComponent("nearby.sqlite")
        let connection = try SQLiteConnection(path: path.path, mode: .readWriteCreate)
        try StoreSchema.migrate(connection, upTo: version)
        try fill(connection)
        return path
    }

    /// A fresh in-memory store holding `places`.
    static func store(_ places: [Place], localities: [Locality] = [],
                      now: @escaping @Sendable () -> Date = { Date(timeIntervalSince1970: 1_700_000_000) })
        throws -> LocalPlacesStore {
        let store = LocalPlacesStore(database: try AppDatabase.inMemory(), now: now)
        try store.importPlaces { writer in
            for place in places { try writer.upsert(place) }
            for locality in localities { try writer.upsert(locality) }
        }
        return store
    }

    /// Rows in the place table and its R*Tree; throws when the full-text index disagrees with the table.
    static func checkedRowCounts(_ store: LocalPlacesStore) throws -> (places: Int, rtree: Int) {
        try store.database.write { db in
            // With rank 1, FTS5 compares its index against the content table and fails on any difference.
            try db.execute("INSERT INTO place_fts(place_fts, rank) VALUES ('integrity-check', 1)")
            let rtree = try db.scalar("SELECT rtreecheck('place_rtree')", as: String.self)
            guard rtree == "ok" else { throw PlacesError.storage("R*Tree check: \(rtree ?? "nil")") }
            // The tile counts are the R*Tree's entries counted by tile, by category and all together.
            let byCategory = PlaceTiles.keySQL(latitude: "minLat", longitude: "minLon", code: "minCat / 2")
            let all = PlaceTiles.keySQL(latitude: "minLat", longitude: "minLon", code: "\(PlaceTiles.allCategories)")
            let tileMismatches = try db.scalar("""
                WITH counted (key, n) AS (SELECT \(byCategory), count(*) FROM place_rtree GROUP BY 1
                                          UNION ALL SELECT \(all), count(*) FROM place_rtree GROUP BY 1)
                SELECT (SELECT count(*) FROM (SELECT key, n FROM counted EXCEPT SELECT key, n FROM place_tile WHERE n <> 0))
                    + (SELECT count(*) FROM (SELECT key, n FROM place_tile WHERE n <> 0 EXCEPT SELECT key, n FROM counted))
                """, as: Int.self)
            guard tileMismatches == 0 else { throw PlacesError.storage("\(tileMismatches ?? -1) tile counts differ") }
            return (try db.scalar("SELECT count(*) FROM place", as: Int.self) ?? -1,
                    try db.scalar("SELECT count(*) FROM place_rtree", as: Int.self) ?? -1)
        }
    }
}

/// A clock the test moves by hand.
final class TestClock: Sendable {
    private let seconds = Locked(1_700_000_000.0)
    func now() -> Date { Date(timeIntervalSince1970: seconds.withLock { $0 }) }
    func advance(_ by: Double) { seconds.withLock { $0 += by } }
}
