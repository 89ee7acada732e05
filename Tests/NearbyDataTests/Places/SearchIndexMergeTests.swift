import Foundation
import NearbyCore
import Testing
@testable import NearbyData

/// A large import merges the full-text index into one segment, so that a name search's key-range seeks stay
/// cheap (`PlacesSchema.mergeSearchIndex`); a live source's small save leaves the merging to SQLite.
struct SearchIndexMergeTests {
    typealias F = PlacesFixtures
    private let here = Coordinate(latitude: 47.141, longitude: 9.5209)

    private func batch(_ prefix: String, count: Int) -> [Place] {
        (0..<count).map { (n: Int) -> Place in
            let isCafé = n % 7 == 0
            let name = isCafé ? "Café \(prefix) \(n)" : "Shop \(prefix) \(n)"
            let position = F.offset(here, Double(n % 997) * 7, Double(n % 360))
            return F.place("\(prefix)-\(n)", name, isCafé ? .cafe : .atm, at: position)
        }
    }

    private func segments(_ store: LocalPlacesStore) throws -> Int {
        try store.database.read { db in
            try db.scalar("SELECT count(DISTINCT segid) FROM place_fts_idx", as: Int.self) ?? -1
        }
    }

    private func import_(_ places: [Place], into store: LocalPlacesStore) throws {
        try store.importPlaces { writer in for place in places { try writer.upsert(place) } }
    }

    @Test("two large imports leave one segment; a small save after them adds its own; search finds all the same")
    func merges() throws {
        let store = LocalPlacesStore(database: try AppDatabase.inMemory())
        let threshold = LocalPlacesStore.searchIndexMergeThreshold
        let first = batch("a", count: threshold), second = batch("b", count: threshold)
        try import_(first, into: store)
        try import_(second, into: store)
        #expect(try segments(store) == 1)
        try import_(batch("c", count: 20), into: store)
        #expect(try segments(store) == 2)
        _ = try F.checkedRowCounts(store)

        let cafés = (first + second + batch("c", count: 20)).filter { $0.category == .cafe }
        var found: [PlaceID] = []
        var cursor: PageCursor?
        repeat {
            let page = try store.fetchPage(PlaceQuery(center: here, radius: 10_000, searchText: "caf", limit: 500),
                                           after: cursor)
            found += page.hits.map(\.place.id)
            cursor = page.next
        } while cursor != nil
        #expect(Set(found) == Set(cafés.map(\.id)))
        #expect(found.count == cafés.count)
    }

    @Test("an import of less than a tenth of a large store leaves the merging to SQLite")
    func leavesLargeStoresAlone() throws {
        let store = LocalPlacesStore(database: try AppDatabase.inMemory())
        let threshold = LocalPlacesStore.searchIndexMergeThreshold
        try import_(batch("a", count: threshold * 10 + 1), into: store)
        #expect(try segments(store) == 1)
        try import_(batch("b", count: threshold), into: store)
        #expect(try segments(store) == 2)
        _ = try F.checkedRowCounts(store)
    }
}
