import FoundationEssentials
import GRDB
import NearbyCore

/// A circle a live source was asked for: every place of `category` (all when nil) within `radius` of `center`.
public struct FetchedArea: Hashable, Sendable {
    public var center: Coordinate
    /// Metres.
    public var radius: Double
    public var category: NearbyCore.Category?

    public init(center: Coordinate, radius: Double, category: NearbyCore.Category?) {
        self.center = center
        self.radius = radius
        self.category = category
    }

    /// Whether every place `other` asks for lies in this area (same category or all, circle inside circle).
    public func covers(_ other: FetchedArea) -> Bool {
        guard category == nil || category == other.category else { return false }
        // A centimetre of slack, so the same circle read back from the store still covers itself.
        return center.distance(to: other.center) + other.radius <= radius + 0.01
    }
}

/// The `fetched_area` table: which areas each live source filled the store with, and when.
struct FetchedAreaLog: Sendable {
    let database: AppDatabase

    /// Whether an area fetched from `source` at or after `since` covers `area`.
    func covers(_ area: FetchedArea, source: String, since: Date) async throws(PlacesError) -> Bool {
        try await latestFetch(covering: area, source: source, since: since) != nil
    }

    /// When the newest fetch from `source` at or after `since` that covers `area` was made; nil when none.
    func latestFetch(covering area: FetchedArea, source: String, since: Date) async throws(PlacesError) -> Date? {
        do {
            return try await database.writer.read { db in
                let rows = try Row.fetchCursor(db, sql: """
                    SELECT category, lat, lon, radius, fetchedAt FROM fetched_area
                    WHERE source = ? AND fetchedAt >= ? AND (category IS NULL OR category = ?)
                    ORDER BY fetchedAt DESC
                    """, arguments: [source, since.timeIntervalSince1970, area.category?.rawValue])
                while let row = try rows.next() {
                    if let stored = FetchedArea(row: row), stored.covers(area) {
                        return Date(timeIntervalSince1970: row["fetchedAt"])
                    }
                }
                return nil
            }
        } catch {
            throw LocalPlacesStore.placesError(error)
        }
    }

    /// Notes that `area` was fetched from `source` at `date`. Forgets the areas it covers (it is newer) and
    /// that source's areas older than `forgetBefore`; their places stay in the store.
    func record(_ area: FetchedArea, source: String, at date: Date, forgetBefore: Date) async throws(PlacesError) {
        do {
            try await database.writer.write { db in
                try db.execute(sql: "DELETE FROM fetched_area WHERE source = ? AND fetchedAt < ?",
                               arguments: [source, forgetBefore.timeIntervalSince1970])
                var superseded: [Int64] = []
                let rows = try Row.fetchCursor(db, sql: """
                    SELECT id, category, lat, lon, radius FROM fetched_area WHERE source = ? AND fetchedAt <= ?
                    """, arguments: [source, date.timeIntervalSince1970])
                while let row = try rows.next() {
                    if let stored = FetchedArea(row: row), area.covers(stored) { superseded.append(row["id"]) }
                }
                for id in superseded { try db.execute(sql: "DELETE FROM fetched_area WHERE id = ?", arguments: [id]) }
                try db.execute(sql: """
                    INSERT INTO fetched_area (source, category, lat, lon, radius, fetchedAt) VALUES (?, ?, ?, ?, ?, ?)
                    """, arguments: [source, area.category?.rawValue, area.center.latitude, area.center.longitude,
                                     area.radius, date.timeIntervalSince1970])
            }
        } catch {
            throw LocalPlacesStore.placesError(error)
        }
    }
}

extension FetchedArea {
    /// An area from a `fetched_area` row; nil for a category this build does not know (it covers nothing).
    fileprivate init?(row: Row) {
        let name: String? = row["category"]
        var category: NearbyCore.Category?
        if let name {
            guard let known = NearbyCore.Category(rawValue: name) else { return nil }
            category = known
        }
        self.init(center: Coordinate(latitude: row["lat"], longitude: row["lon"]), radius: row["radius"],
                  category: category)
    }
}
