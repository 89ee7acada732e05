import Foundation
import NearbyCore
import Testing
@testable import NearbyData

/// The places counted per tile and category: kept equal to the R*Tree through inserts, moves, category changes,
/// deletions and replacing imports, filled for a store written before them, and what a wide circle's count reads.
struct PlaceTilesTests {
    typealias F = PlacesFixtures

    @Test func keysAreTheirTilesAndFallInTheirRowsAndCategorysRange() {
        for (row, column, code) in [(0, 0, 0), (-6_868, -13_734, 63), (6_867, 13_734, 1), (-1, -1, 24), (355, 55, 9)] {
            let key = PlaceTiles.key(row: row, column: column, code: code)
            #expect(key >= 0)
            #expect(PlaceTiles.keys(row: row, code: code, columns: column...column) == key...key)
            #expect(PlaceTiles.keys(row: row, code: code, columns: (column - 3)...column).contains(key))
            #expect(!PlaceTiles.keys(row: row + 1, code: code, columns: column...column).contains(key))
            #expect(!PlaceTiles.keys(row: row, code: code + 1, columns: -13_734...13_734).contains(key))
        }
        // West of Greenwich and south of the equator round down, as SQLite's `>>` does.
        #expect(PlaceTiles.tile(-1) == -1)
        #expect(PlaceTiles.tile(-(1 << 17)) == -1 && PlaceTiles.tile(-(1 << 17) - 1) == -2)
        #expect(PlaceTiles.span(-1) == -(1 << 17)...(-1))
    }

    @Test func theTilesFollowEveryChangeToTheStoredPlaces() throws {
        let center = F.vaduz
        var random = SeededRandom(seed: 11)
        let categories: [Category] = [.cafe, .atm, .bakery]
        let places = (0..<1_500).map { n in
            F.place("t\(n)", "Place \(n)", categories[n % 3],
                    at: F.offset(center, 40_000 * random.unit().squareRoot(), random.unit() * 360))
        }
        let store = LocalPlacesStore(database: try AppDatabase.inMemory(), now: { Date(timeIntervalSince1970: 1_700_000_000) })
        let extract = PlacesExtract(key: "test", fileName: "test.osm.pbf")
        try store.importPlaces(from: extract) { writer in for place in places { try writer.upsert(place) } }
        try expectCountsMatchMeasuring(store, around: center)

        // Rows changed behind the import's back: the triggers follow them.
        let edits = [
            "UPDATE place SET lat = lat + 0.05 WHERE rowid IN (SELECT rowid FROM place LIMIT 40)",
            "UPDATE place SET categoryCode = 9, category = 'pharmacy' WHERE rowid IN (SELECT rowid FROM place LIMIT 30 OFFSET 100)",
            "DELETE FROM place WHERE rowid IN (SELECT rowid FROM place LIMIT 25 OFFSET 300)",
        ]
        for edit in edits {
            try store.database.write { db in try db.execute(script: edit) }
            _ = try F.checkedRowCounts(store)
            try expectCountsMatchMeasuring(store, around: center, categories: [nil, .cafe, .pharmacy])
        }

        // A later import of the same extract: some places gone, some moved far, some new.
        var next = Array(places.dropFirst(200))
        for index in 0..<100 {
            next[index].coordinate = F.offset(center, 25_000, Double(index) * 3.6)
            next[index].category = .bar
        }
        next += (0..<300).map { n in F.place("u\(n)", "New \(n)", .bakery, at: F.offset(center, 1_000 + 30.0 * Double(n), Double(n))) }
        try store.importPlaces(from: extract) { writer in for place in next { try writer.upsert(place) } }
        #expect(try F.checkedRowCounts(store) == (next.count, next.count))
        try expectCountsMatchMeasuring(store, around: center, categories: [nil, .bar, .bakery, .cafe])
        let emptied = try store.database.write { db in try db.scalar("SELECT count(*) FROM place_tile WHERE n = 0", as: Int.self) }
        #expect(emptied == 0, "an import drops the tiles it emptied")
    }

    @Test func aStoreFromBeforeTheTilesIsCountedWhenOpened() throws {
        let store = try F.store((0..<400).map { n in
            F.place("o\(n)", "Old \(n)", n % 2 == 0 ? .cafe : .atm, at: F.offset(F.vaduz, 20.0 * Double(n), Double(n) * 7))
        })
        // What version 10 had: no tile table and no tile triggers. Only version 11's step runs on it (the later
        // steps have changed what this store already has), and the store is then as new again.
        try store.database.writeWithoutTransaction { db in
            try db.execute(script: """
                DROP TRIGGER place_tile_ad; DROP TRIGGER place_tile_au; DROP TABLE place_tile; PRAGMA user_version = 10;
                """)
            try StoreSchema.migrate(db, upTo: 11)
            try db.execute(script: "PRAGMA user_version = \(StoreSchema.latestVersion)")
        }
        _ = try F.checkedRowCounts(store)
        try expectCountsMatchMeasuring(store, around: F.vaduz)
    }

    @Test func aWideCircleTakesItsWholeTilesCountsWithoutReadingThePlaces() throws {
        let places = (0..<600).map { n in
            F.place("w\(n)", "Wide \(n)", .cafe, at: F.offset(F.vaduz, 10.0 * Double(n), Double(n) * 13))
        }
        let store = try F.store(places)
        #expect(try store.fetchCount(near: F.vaduz, radius: 50_000, category: nil) == 600)
        // Every place lies in a tile well inside 50 km: a count that read the places would not see this.
        try store.database.write { db in try db.execute(script: "UPDATE place_tile SET n = n + 1000") }
        // Each tile has two rows: its cafés and all its places.
        let tiles = try store.database.write { db in try db.scalar("SELECT count(*) FROM place_tile", as: Int.self) ?? 0 } / 2
        #expect(tiles > 0)
        #expect(try store.fetchCount(near: F.vaduz, radius: 50_000, category: nil) == 600 + 1_000 * tiles)
        #expect(try store.fetchCount(near: F.vaduz, radius: 50_000, category: .cafe) == 600 + 1_000 * tiles)
        #expect(try store.fetchCount(near: F.vaduz, radius: 50_000, category: .atm) == 0)
        // A circle inside one tile measures its places one by one.
        #expect(try store.fetchCount(near: F.vaduz, radius: 25, category: nil) == 3)
    }

    @Test func circlesAnywhereCountWhatMeasuringGives() throws {
        var random = SeededRandom(seed: 5)
        let places = (0..<3_000).map { n in
            F.place("r\(n)", "Random \(n)", n % 2 == 0 ? .cafe : .bar,
                    at: F.offset(F.vaduz, 60_000 * random.unit(), random.unit() * 360))
        }
        let store = try F.store(places)
        for _ in 0..<40 {
            // Centres inside, at the edge of and beyond the places; circles from a street to past them all.
            let center = F.offset(F.vaduz, 90_000 * random.unit(), random.unit() * 360)
            try expectCountsMatchMeasuring(store, around: center, categories: [nil, .bar],
                                           radii: [500 + 120_000 * random.unit() * random.unit()])
        }
    }

    /// The store's count against measuring every stored place, for circles from inside a tile to wider than all.
    private func expectCountsMatchMeasuring(_ store: LocalPlacesStore, around center: Coordinate,
                                            categories: [Category?] = [nil, .cafe],
                                            radii: [Double] = [200, 3_000, 12_345, 40_000, 80_000]) throws {
        let stored = try store.database.write { db in
            let rows = try db.statement("SELECT minLat, minLon, minCat / 2 FROM place_rtree").bind()
            var result: [(Coordinate, Int)] = []
            while try rows.step() {
                let lat: Int = try rows.column(0), lon: Int = try rows.column(1), code: Int = try rows.column(2)
                result.append((Coordinate(latitude: Double(lat) / 1e7, longitude: Double(lon) / 1e7), code))
            }
            return result
        }
        for radius in radii {
            for category in categories {
                let code = category.map(CategoryCode.code(of:))
                let expected = stored.filter { code == nil || $0.1 == code }.filter { center.distance(to: $0.0) <= radius }.count
                #expect(try store.fetchCount(near: center, radius: radius, category: category) == expected,
                        "\(radius) m, \(category?.rawValue ?? "all")")
            }
        }
    }
}
