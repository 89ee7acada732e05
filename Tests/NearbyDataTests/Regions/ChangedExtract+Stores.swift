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
                        "SELECT 'town ' || \(quoted("id, name, nameKey, kind, lat, lon")) FROM locality ORDER BY id"] {
                let statement = try db.statement(sql).bind()
                defer { statement.reset() }
                while try statement.step() { rows.append(try statement.column(0, as: String.self)) }
            }
            return rows + (try network(db))
        }
    }

    /// The walking network as the edges of each tile, each told by its shape, directions, name, length and
    /// isolated mark, sorted: the routes a network gives, whatever the order and numbering of its vertices.
    /// An edge whose ends are not the vertices at its shape's ends is listed as broken.
    static func network(_ db: SQLiteConnection) throws -> [String] {
        var tiles: [Int64: WalkTile] = [:]
        let rows = try db.statement("SELECT tile, data FROM walk_tile_layer").bind()
        while try rows.step() {
            let packed: Int64 = try rows.column(0)
            let data: [UInt8] = try rows.column(1)
            let key = try #require(WalkTileKey(packed: packed))
            tiles[packed] = try data.withUnsafeBytes { try WalkTileCodec.decode($0, key: key) }
        }
        rows.reset()
        var lines: [String] = []
        for (packed, tile) in tiles {
            var edges: [String] = []
            for edge in tile.edges {
                let start = Int(edge.shapeStart), end = start + Int(edge.shapeCount)
                let points = (start..<end).map { "\(tile.shapeLatitudes[$0]),\(tile.shapeLongitudes[$0])" }
                func vertex(_ ref: WalkVertexRef) -> String {
                    guard let owner = tiles[ref.tile.packed], Int(ref.index) < owner.vertexCount else { return "none" }
                    return "\(owner.vertexLatitudes[Int(ref.index)]),\(owner.vertexLongitudes[Int(ref.index)])"
                }
                let ends = vertex(edge.from) == points.first && vertex(edge.to) == points.last ? "" : " BROKEN"
                let name = edge.name >= 0 ? tile.names[Int(edge.name)] : "-"
                edges.append("edge \(packed) \(points.joined(separator: " ")) \(edge.forward) \(edge.backward) "
                             + "\(name) \(edge.length) \(edge.isolated)\(ends)")
            }
            lines += edges.sorted()
        }
        return lines.sorted()
    }
}
