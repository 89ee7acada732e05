import GRDB
import NearbyCore

extension LocalPlacesStore {
    /// Where "here" is when nobody said: the largest settlement (city, then town, …) nearest the middle of the
    /// places in the store, or that middle itself when the store has no localities. Nil for an empty store.
    public func fetchDefaultLocation() throws(PlacesError) -> NearLocation? {
        try reading { db -> NearLocation? in
            guard let row = try Row.fetchOne(db, sql: "SELECT avg(lat) AS lat, avg(lon) AS lon, count(*) AS n FROM place"),
                  let count: Int = row["n"], count > 0,
                  let lat: Double = row["lat"], let lon: Double = row["lon"] else { return nil }
            let middle = Coordinate(latitude: lat, longitude: lon)
            let ranks = Locality.Kind.allCases.enumerated()
                .map { "WHEN '\($0.element.rawValue)' THEN \($0.offset)" }.joined(separator: " ")
            let sql = """
                SELECT name, lat, lon FROM locality
                ORDER BY CASE kind \(ranks) ELSE 99 END,
                         (lat - ?) * (lat - ?) + (lon - ?) * (lon - ?)
                LIMIT 1
                """
            if let best = try Row.fetchOne(db, sql: sql, arguments: [lat, lat, lon, lon]),
               let name: String = best["name"], let bestLat: Double = best["lat"], let bestLon: Double = best["lon"] {
                return NearLocation(name: name, coordinate: Coordinate(latitude: bestLat, longitude: bestLon))
            }
            return NearLocation(name: nil, coordinate: middle)
        }
    }
}
