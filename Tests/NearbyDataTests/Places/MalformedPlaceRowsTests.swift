import Foundation
import NearbyCore
import Testing
@testable import NearbyData

/// A place row damaged by hand is left out (and logged) while the rest is served: pages, search, details,
/// counts, favourites and the import that meets it again (which rewrites it).
struct MalformedPlaceRowsTests {
    typealias F = PlacesFixtures
    let here = PlacesFixtures.vaduz

    static let damage = [
        "UPDATE place SET lat = 'abc' WHERE id = 'osm:n2'",
        "UPDATE place SET name = X'00FF' WHERE id = 'osm:n2'",
        "UPDATE place SET category = 'spaceport' WHERE id = 'osm:n2'",
        "UPDATE place SET updatedAt = X'01', rating = 'five' WHERE id = 'osm:n2'",
        "UPDATE place SET id = 'not an id' WHERE id = 'osm:n2'",
        "UPDATE place SET lat = 999 WHERE id = 'osm:n2'",
    ]

    private func store(damagedBy sql: String) throws -> LocalPlacesStore {
        let store = try F.store([
            F.place("n1", "Café Amadeus", .cafe, at: F.offset(here, 50, 0)),
            F.place("n2", "Café Damaged", .cafe, at: F.offset(here, 100, 0)),
            F.place("n3", "Café Sonne", .cafe, at: F.offset(here, 150, 0)),
        ])
        try store.database.write { db in try db.execute(script: sql) }
        return store
    }

    @Test(arguments: damage)
    func theOtherPlacesAreServed(sql: String) async throws {
        let store = try store(damagedBy: sql)
        let page = try store.fetchPage(PlaceQuery(center: here, radius: 1_000, category: .cafe, limit: 2))
        #expect(page.hits.map(\.place.name) == ["Café Amadeus", "Café Sonne"])
        let search = try store.fetchPage(PlaceQuery(center: here, radius: 1_000, searchText: "café", limit: 10))
        #expect(search.hits.map(\.place.name) == ["Café Amadeus", "Café Sonne"])
        #expect(try await store.place(id: PlaceID(source: .osm, sourceID: "n3"), from: here).place.name == "Café Sonne")
        await #expect(throws: PlacesError.notFound) {
            try await store.place(id: PlaceID(source: .osm, sourceID: "n2"), from: here)
        }
    }

    @Test func unreadableHoursLoseOnlyTheHours() async throws {
        let store = try store(damagedBy: """
            UPDATE place SET openingHours = NULL, openingPeriods = '{"not": "periods"' WHERE id = 'osm:n2'
            """)
        let hit = try await store.place(id: PlaceID(source: .osm, sourceID: "n2"), from: here)
        #expect(hit.place.name == "Café Damaged")
        #expect(hit.place.openingHours == nil)
    }

    @Test func importingThePlaceAgainRepairsIt() throws {
        let store = try store(damagedBy: Self.damage[0])
        try store.importPlaces { writer in
            try writer.upsert(F.place("n2", "Café Damaged", .cafe, at: F.offset(here, 100, 0)))
        }
        let page = try store.fetchPage(PlaceQuery(center: here, radius: 1_000, limit: 10))
        #expect(page.hits.map(\.place.name) == ["Café Amadeus", "Café Damaged", "Café Sonne"])
    }
}
