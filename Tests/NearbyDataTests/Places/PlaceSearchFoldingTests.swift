import Foundation
import NearbyCore
import Testing
@testable import NearbyData
@testable import SQLiteDriver

/// Place search folds as every search of the app does (`SearchFolding.fold`, the friends filter's folding):
/// ё is е, ß is ss, ø is o, whichever way either side is written.
struct PlaceSearchFoldingTests {
    typealias F = PlacesFixtures

    static let places = [
        F.place("1", "Пятёрочка", .supermarket, at: F.offset(F.vaduz, 100, 0)),
        F.place("2", "Пятерочка", .supermarket, at: F.offset(F.vaduz, 200, 90)),
        F.place("3", "Гостиница Звёздная", .hotel, at: F.offset(F.vaduz, 300, 180)),
        F.place("4", "Café an der Straße", .cafe, at: F.offset(F.vaduz, 400, 270)),
        F.place("5", "Smørrebrød", .restaurant, at: F.offset(F.vaduz, 500, 45)),
    ]

    static func names(_ store: LocalPlacesStore, _ text: String) throws -> Set<String> {
        Set(try store.fetchPage(PlaceQuery(center: F.vaduz, radius: 5_000, searchText: text)).hits.map(\.place.name))
    }

    @Test(arguments: [
        ("Пятёрочка", ["Пятёрочка", "Пятерочка"]),
        ("пятерочка", ["Пятёрочка", "Пятерочка"]),
        ("ПЯТЁР", ["Пятёрочка", "Пятерочка"]),
        ("Звёздная", ["Гостиница Звёздная"]),
        ("звездная", ["Гостиница Звёздная"]),
        ("strasse", ["Café an der Straße"]),
        ("Straße", ["Café an der Straße"]),
        ("smorrebrod", ["Smørrebrød"]),
        ("SMØRREBRØD", ["Smørrebrød"]),
    ])
    func searchFoldsLikeTheFriendsFilter(text: String, expected: [String]) throws {
        let store = try F.store(Self.places)
        #expect(try Self.names(store, text) == Set(expected))
        // The friends filter's folding says the same of each name.
        for name in expected {
            #expect(SearchFolding.fold(name).contains(SearchFolding.fold(text).split(separator: " ").first ?? ""))
        }
    }

    @Test func renamesAndRemovalsKeepTheIndexInStep() throws {
        let store = try F.store(Self.places)
        var renamed = Self.places[0]
        renamed.name = "Магнит"
        try store.importPlaces { writer in try writer.upsert(renamed) }
        #expect(try Self.names(store, "пятерочка") == ["Пятерочка"])
        #expect(try Self.names(store, "магнит") == ["Магнит"])
        try store.database.write { db in try db.execute("DELETE FROM place WHERE id = ?", Self.places[1].id.description) }
        #expect(try Self.names(store, "пятерочка").isEmpty)
        _ = try F.checkedRowCounts(store)
    }

    @Test func aStoreIndexedBeforeIsFoldedWhenOpened() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        // Version 13: the index held the names as written.
        var written: SQLiteConnection?
        let path = try F.storeFile(atVersion: 13, in: folder) { db in
            try db.execute("""
                INSERT INTO place (rid, id, name, category, categoryCode, lat, lon, attribution, subtitle, updatedAt)
                VALUES (?, ?, ?, 'supermarket', ?, ?, ?, 'test', '', '2026-01-01T00:00:00Z')
                """, SpatialKey.keys(inCell: SpatialKey.cell(of: F.vaduz)).lowerBound, "osm/n1", "Пятёрочка",
                Int64(CategoryCode.code(of: .supermarket)), F.vaduz.latitude, F.vaduz.longitude)
            try db.execute("INSERT INTO place_fts(place_fts) VALUES ('rebuild')")
            written = db
        }
        let connection = try #require(written)
        #expect(try connection.scalar("SELECT count(*) FROM place_fts WHERE place_fts MATCH 'пятерочка'", as: Int.self) == 0)
        let store = LocalPlacesStore(database: try AppDatabase.open(at: path))
        let found = try store.database.read { db in
            try db.scalar("SELECT count(*) FROM place_fts WHERE place_fts MATCH 'пятерочка'", as: Int.self)
        }
        #expect(found == 1)
        #expect(try store.database.read { db in try db.scalar("SELECT searchName FROM place", as: String.self) }
            == "пятерочка")
    }
}
