import NearbyCore
import SQLiteDriver

extension LocalPlacesStore {
    /// Where "here" is when nobody said: the largest settlement (city, then town, …) nearest the middle of the
    /// places in the store, or that middle itself when the store has no localities. Nil for an empty store.
    public func fetchDefaultLocation() throws(PlacesError) -> NearLocation? {
        try reading { db -> NearLocation? in
            // Rows whose coordinates are not numbers are left out of the middle.
            let middleRow = try db.statement("""
                SELECT avg(lat), avg(lon), count(*) FROM place
                WHERE typeof(lat) IN ('real', 'integer') AND typeof(lon) IN ('real', 'integer')
                """).bind()
            defer { middleRow.reset() }
            guard try middleRow.step(), let count = try middleRow.column(2, as: Int?.self), count > 0,
                  let lat = try middleRow.column(0, as: Double?.self), let lon = try middleRow.column(1, as: Double?.self)
            else { return nil }
            let middle = Coordinate(latitude: lat, longitude: lon)
            let ranks = Locality.Kind.allCases.enumerated()
                .map { "WHEN '\($0.element.rawValue)' THEN \($0.offset)" }.joined(separator: " ")
            let sql = """
                SELECT name, lat, lon FROM locality
                WHERE typeof(lat) IN ('real', 'integer') AND typeof(lon) IN ('real', 'integer')
                ORDER BY CASE kind \(ranks) ELSE 99 END,
                         (lat - ?) * (lat - ?) + (lon - ?) * (lon - ?)
                LIMIT 1
                """
            let best = try db.statement(sql).bind(lat, lat, lon, lon)
            defer { best.reset() }
            if try best.step(), let name = try? best.column(0, as: String.self),
               let bestLat = try? best.column(1, as: Double.self), let bestLon = try? best.column(2, as: Double.self) {
                return NearLocation(name: name, coordinate: Coordinate(latitude: bestLat, longitude: bestLon))
            }
            return NearLocation(name: nil, coordinate: middle)
        }
    }
}
