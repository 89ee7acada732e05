import Glibc
import NearbyCore

/// How many places each tile of the map holds (`place_tile`), of each category and of all, kept in step with
/// the R*Tree.
///
/// Counting the places within a wide circle then sums the tiles wholly inside it and measures one by one only
/// the places in tiles its rim crosses: the list's title has its number with the first page, where reading
/// 100,000 entries out of the R*Tree took 4 ms, longer than the page itself.
///
/// A tile is 2¹⁷ index units on a side (about 0.013°: 1.5 km north–south, 1 km east–west in central Europe).
/// Its key packs the tile's row (latitude), the category code (0 for all categories together) and its column
/// (longitude), in that order, so the tiles of one row and one category are one key range; `PlaceInsertion`
/// and the schema's triggers keep the counts.
enum PlaceTiles {
    static let shift = 17
    /// Offsets that keep rows and columns positive: latitudes give rows within ±6,867, longitudes columns within
    /// ±13,734.
    private static let rowOffset = 1 << 13
    private static let columnOffset = 1 << 14
    private static let columnsPerRow = 1 << 15
    /// Category codes are 1 to 63 (`CategoryCode`); 0 counts every category.
    private static let codes = 64
    static let allCategories = 0

    /// The row or column of an index coordinate (rounds towards minus infinity, as SQLite's `>>` does).
    static func tile(_ indexCoordinate: Int) -> Int { indexCoordinate >> shift }

    /// The index coordinates a row or column covers.
    static func span(_ tile: Int) -> ClosedRange<Int> { (tile << shift)...(((tile + 1) << shift) - 1) }

    static func key(row: Int, column: Int, code: Int) -> Int64 {
        Int64(((row + rowOffset) * codes + code) * columnsPerRow + column + columnOffset)
    }

    /// The first and last keys of the row's tiles from `columns`, of one category code.
    static func keys(row: Int, code: Int, columns: ClosedRange<Int>) -> ClosedRange<Int64> {
        key(row: row, column: columns.lowerBound, code: code)...key(row: row, column: columns.upperBound, code: code)
    }

    /// The key in SQL, from the R*Tree's integer latitude and longitude and a category code.
    static func keySQL(latitude: String, longitude: String, code: String) -> String {
        "((((\(latitude)) >> \(shift)) + \(rowOffset)) * \(codes) + (\(code))) * \(columnsPerRow)"
            + " + (((\(longitude)) >> \(shift)) + \(columnOffset))"
    }

    /// Adds `delta` to the count of the tile with `key`.
    static let adjustSQL = "INSERT INTO place_tile (key, n) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET n = n + excluded.n"

    /// Whether some point of the tile at `row`, `column` lies within `radius` of `center`.
    ///
    /// The tile's nearest point: on a parallel the distance grows with the difference in longitude, so the
    /// nearest longitude is the centre's, held to the tile; along that meridian the distance is least at one
    /// latitude (`atan2(sin φ₀, cos φ₀ cos Δλ)`), held to the tile's. A centimetre's margin covers the rounding.
    static func reaches(row: Int, column: Int, within radius: Double, of center: Coordinate) -> Bool {
        let scale = PlacesSchema.coordinateScale
        let rows = span(row), columns = span(column)
        let south = max(-90, Double(rows.lowerBound) / scale), north = min(90, Double(rows.upperBound) / scale)
        guard south <= north else { return false }
        let longitude = min(max(center.longitude, Double(columns.lowerBound) / scale), Double(columns.upperBound) / scale)
        let phi0 = center.latitude * .pi / 180, deltaLambda = (longitude - center.longitude) * .pi / 180
        let nearest = atan2(sin(phi0), cos(phi0) * cos(deltaLambda)) * 180 / .pi
        let corner = Coordinate(latitude: min(max(nearest, south), north), longitude: longitude)
        return center.distance(to: corner) <= radius + 0.01
    }

    /// Whether every point of the tile at `row`, `column` lies within `radius` of `center`.
    ///
    /// Along a parallel or a meridian, the distance from a point grows steadily away from the nearest point, so
    /// over a tile it is largest at a corner; a centimetre's margin covers the rounding of the haversine.
    static func lies(row: Int, column: Int, within radius: Double, of center: Coordinate) -> Bool {
        let scale = PlacesSchema.coordinateScale
        let rows = span(row), columns = span(column)
        // The rows at the poles reach past them: those are measured place by place.
        guard rows.lowerBound >= -900_000_000, rows.upperBound <= 900_000_000 else { return false }
        for latitude in [rows.lowerBound, rows.upperBound] {
            for longitude in [columns.lowerBound, columns.upperBound] {
                let corner = Coordinate(latitude: Double(latitude) / scale, longitude: Double(longitude) / scale)
                if center.distance(to: corner) > radius - 0.01 { return false }
            }
        }
        return true
    }
}
