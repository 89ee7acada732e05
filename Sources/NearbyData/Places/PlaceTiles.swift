import NearbyCore

/// How many places of each category each tile of the map holds (`place_tile`), kept in step with the R*Tree.
///
/// Counting the places within a wide circle then sums the tiles wholly inside it and measures one by one only
/// the places in tiles its rim crosses: the list's title has its number with the first page, where reading
/// 100,000 entries out of the R*Tree took 4 ms, longer than the page itself.
///
/// A tile is 2¹⁷ index units on a side (about 0.013°: 1.5 km north–south, 1 km east–west in central Europe).
/// Its key packs the tile's row (latitude), its column (longitude) and the category code, in that order, so a
/// row's tiles are one key range; `PlaceInsertion` and the schema's triggers keep the counts.
enum PlaceTiles {
    static let shift = 17
    /// Offsets that keep rows and columns positive: latitudes give rows within ±6,867, longitudes columns within
    /// ±13,734.
    private static let rowOffset = 1 << 13
    private static let columnOffset = 1 << 14
    private static let columnsPerRow = 1 << 15
    /// Category codes are below 64 (`CategoryCode`).
    private static let codes = 64

    /// The row or column of an index coordinate (rounds towards minus infinity, as SQLite's `>>` does).
    static func tile(_ indexCoordinate: Int) -> Int { indexCoordinate >> shift }

    /// The index coordinates a row or column covers.
    static func span(_ tile: Int) -> ClosedRange<Int> { (tile << shift)...(((tile + 1) << shift) - 1) }

    static func key(row: Int, column: Int, code: Int) -> Int64 {
        Int64(((row + rowOffset) * columnsPerRow + column + columnOffset) * codes + code)
    }

    /// The first and last keys of a row's tiles from `columns`, every category.
    static func keys(row: Int, columns: ClosedRange<Int>) -> ClosedRange<Int64> {
        key(row: row, column: columns.lowerBound, code: 0)...key(row: row, column: columns.upperBound, code: codes - 1)
    }

    /// The column and category code of a key.
    static func decode(_ key: Int64) -> (column: Int, code: Int) {
        let value = Int(key)
        return (value / codes % columnsPerRow - columnOffset, value % codes)
    }

    /// The key in SQL, from the R*Tree's integer latitude and longitude and the category code.
    static func keySQL(latitude: String, longitude: String, code: String) -> String {
        "((((\(latitude)) >> \(shift)) + \(rowOffset)) * \(columnsPerRow) + (((\(longitude)) >> \(shift)) + \(columnOffset)))"
            + " * \(codes) + (\(code))"
    }

    /// Adds `delta` to the count of the tile with `key`.
    static let adjustSQL = "INSERT INTO place_tile (key, n) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET n = n + excluded.n"

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
