import FoundationEssentials
import Logging
import NearbyCore
import SQLiteDriver

/// How a `Place` is laid out in the place table, both ways.
enum PlaceRow {
    /// The columns `place(from:)` reads, in order.
    static let selection = """
        id, name, category, lat, lon, street, houseNumber, postcode, city, country, formattedAddress, \
        phone, website, email, openingHours, openingPeriods, cuisine, wheelchair, operator, brand, \
        rating, ratingCount, priceLevel, attribution, picture
        """

    /// `selection` with each column taken from `table` (for a join).
    static func selection(of table: String) -> String {
        selection.split(separator: ",").map { "\(table).\($0.trimmingPrefix(" "))" }.joined(separator: ", ")
    }

    /// The columns an import writes, in order (after rid); `PlaceInsertion` binds them in this order.
    static let writtenColumns = """
        id, name, category, categoryCode, lat, lon, street, houseNumber, postcode, city, country, formattedAddress, \
        phone, website, email, openingHours, openingPeriods, cuisine, wheelchair, operator, brand, \
        rating, ratingCount, priceLevel, attribution, subtitle, updatedAt, extract, importRun, searchName, searchSubtitle, \
        picture
        """
    static let writtenColumnCount = 32

    /// Google's periods as the JSON the table keeps; nil for OpenStreetMap text or no hours.
    static func periodsJSON(_ hours: OpeningHoursSource?) throws -> String? {
        guard case .periods(let periods) = hours else { return nil }
        return String(decoding: try JSONEncoder().encode(periods), as: UTF8.self)
    }

    /// Reads the current row (selected with `selection`, from column `first` on); throws `SQLiteError` when
    /// a value cannot be read (see `places(from:)` for skipping such rows).
    static func place(from row: SQLiteStatement, first: Int32 = 0) throws(SQLiteError) -> Place {
        func column<T: SQLiteColumnValue>(_ index: Int32, as type: T.Type = T.self) throws(SQLiteError) -> T {
            try row.column(first + index, as: T.self)
        }
        let idText: String = try column(0)
        guard let id = PlaceID(idText) else { throw .mismatch("id holds “\(idText.prefix(40))”, not a place id", sql: row.sql) }
        let categoryText: String = try column(2)
        guard let category = Category(rawValue: categoryText) else {
            throw .mismatch("category holds an unknown category (is the store from a newer version?)", sql: row.sql)
        }
        var hours: OpeningHoursSource?
        if let text = try column(14, as: String?.self) {
            hours = .osm(text)
        } else if let json = try column(15, as: String?.self) {
            // Unreadable periods lose only the hours, not the place.
            if let periods = try? JSONDecoder().decode([WeeklyPeriod].self, from: Data(json.utf8)) {
                hours = .periods(periods)
            } else {
                StoreLog.logger.warning("Place \(idText): its opening periods cannot be read; shown without hours")
            }
        }
        let coordinate = Coordinate(latitude: try column(3), longitude: try column(4))
        guard coordinate.isValid else { throw .mismatch("lat and lon are not a valid coordinate", sql: row.sql) }
        return Place(
            id: id, name: try column(1), category: category, coordinate: coordinate,
            address: Address(street: try column(5), houseNumber: try column(6), postcode: try column(7),
                             city: try column(8), country: try column(9), formatted: try column(10)),
            phone: try column(11), website: try column(12), email: try column(13), openingHours: hours,
            cuisine: try column(16), wheelchair: try column(17), operatorName: try column(18), brand: try column(19),
            rating: try column(20), ratingCount: try column(21), priceLevel: try column(22),
            attribution: try column(23),
            // A picture reference that no longer reads (a hand edit, a newer version's form) is no picture.
            picture: try column(24, as: String?.self).flatMap(RemotePicture.init(stored:)))
    }

    /// The place on the current row, or nil (logged) when a value in it cannot be read: one bad row must not
    /// take the rest of a list with it.
    static func readablePlace(from row: SQLiteStatement, first: Int32 = 0) -> Place? {
        do {
            return try place(from: row, first: first)
        } catch {
            StoreLog.skippedRow("place", id: try? row.column(first, as: String.self), error)
            return nil
        }
    }
}
