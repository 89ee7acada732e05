import FoundationEssentials
import NearbyCore
import SQLiteDriver
import NearbyData

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
            return try await database.read { db in
                let rows = try db.statement("""
                    SELECT category, lat, lon, radius, fetchedAt FROM fetched_area
                    WHERE source = ? AND fetchedAt >= ? AND (category IS NULL OR category = ?)
                    ORDER BY fetchedAt DESC
                    """).bind(source, since.timeIntervalSince1970, area.category?.rawValue)
                while try rows.step() {
                    if let stored = FetchedArea(row: rows), stored.covers(area),
                       let fetchedAt = try? rows.column(4, as: Double.self) {
                        return Date(timeIntervalSince1970: fetchedAt)
                    }
                }
                return nil
            }
        } catch {
            throw LocalPlacesStore.placesError(error, path: database.path)
        }
    }

    /// Notes that `area` was fetched from `source` at `date`. Forgets the areas it covers (it is newer) and
    /// that source's areas older than `forgetBefore`; their places stay in the store.
    func record(_ area: FetchedArea, source: String, at date: Date, forgetBefore: Date) async throws(PlacesError) {
        do {
            try await database.write { db in
                try db.execute("DELETE FROM fetched_area WHERE source = ? AND fetchedAt < ?",
                               source, forgetBefore.timeIntervalSince1970)
                var superseded: [Int64] = []
                let rows = try db.statement("""
                    SELECT category, lat, lon, radius, id FROM fetched_area WHERE source = ? AND fetchedAt <= ?
                    """).bind(source, date.timeIntervalSince1970)
                while try rows.step() {
                    if let stored = FetchedArea(row: rows), area.covers(stored) {
                        superseded.append(try rows.column(4))
                    }
                }
                for id in superseded { try db.execute("DELETE FROM fetched_area WHERE id = ?", id) }
                try db.execute("""
                    INSERT INTO fetched_area (source, category, lat, lon, radius, fetchedAt) VALUES (?, ?, ?, ?, ?, ?)
                    """, source, area.category?.rawValue, area.center.latitude, area.center.longitude,
                    area.radius, date.timeIntervalSince1970)
            }
        } catch {
            throw LocalPlacesStore.placesError(error, path: database.path)
        }
    }
}

extension FetchedArea {
    /// An area from a `fetched_area` row (category, lat, lon, radius first); nil for a category this build does
    /// not know (it covers nothing) or a row that cannot be read.
    fileprivate init?(row: SQLiteStatement) {
        guard let name = try? row.column(0, as: String?.self) as String??,
              let latitude = try? row.column(1, as: Double.self), let longitude = try? row.column(2, as: Double.self),
              let radius = try? row.column(3, as: Double.self) else { return nil }
        var category: NearbyCore.Category?
        if let name {
            guard let known = NearbyCore.Category(rawValue: name) else { return nil }
            category = known
        }
        self.init(center: Coordinate(latitude: latitude, longitude: longitude), radius: radius, category: category)
    }
}
