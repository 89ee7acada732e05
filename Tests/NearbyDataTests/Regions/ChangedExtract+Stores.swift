import Foundation
import NearbyCore
import SQLiteDriver
import Testing
import TestSupport
@testable import NearbyData

/// The stores the update tests compare.
extension ChangedExtract {
    /// A store in a data folder of its own, with `file` imported.
    func store(importing file: String, named name: String) throws -> (LocalPlacesStore, URL) {
        let data = folder.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        let store = LocalPlacesStore(database: try AppDatabase.open(at: data.appendingPathComponent("nearby.sqlite")))
        try store.importOpenStreetMap(at: file)
        return (store, data)
    }

    /// Everything an import writes of places, towns and the walking network, as text rows; the import's own
    /// stamps (row key, run, time) left out.
    static func contents(of store: LocalPlacesStore) throws -> [String] {
        let place = """
            id, name, category, categoryCode, lat, lon, street, houseNumber, postcode, city, country,
            formattedAddress, phone, website, email, openingHours, openingPeriods, cuisine, wheelchair, operator,
            brand, rating, ratingCount, priceLevel, attribution, subtitle, searchName, searchSubtitle
            """
        func quoted(_ columns: String) -> String {
            columns.split(separator: ",").map { "quote(\($0.trimmingCharacters(in: .whitespacesAndNewlines)))" }
                .joined(separator: " || '|' || ")
        }
        return try store.database.read { db in
            var rows: [String] = []
            for sql in ["SELECT 'place ' || \(quoted(place)) FROM place ORDER BY id",
                        "SELECT 'town ' || \(quoted("id, name, nameKey, kind, lat, lon")) FROM locality ORDER BY id",
                        "SELECT 'tile ' || \(quoted("tile, vertices, data")) FROM walk_tile_layer ORDER BY tile"] {
                let statement = try db.statement(sql).bind()
                defer { statement.reset() }
                while try statement.step() { rows.append(try statement.column(0, as: String.self)) }
            }
            return rows
        }
    }
}
