import GRDB
import GRDBSQLite
import NearbyCore

/// Writes one new place to the table, the R*Tree and the full-text index, binding values straight to
/// SQLite: an import writes a million of these, and boxing every value for GRDB cost a third of the time.
struct PlaceInsertion {
    private let connection: OpaquePointer
    private let place: Statement
    private let spatial: Statement
    private let text: Statement
    private let updatedAt: String

    init(db: Database, updatedAt: String) throws {
        guard let connection = db.sqliteConnection else {
            throw PlacesError.storage("The store's connection is closed.")
        }
        self.connection = connection
        self.updatedAt = updatedAt
        let placeholders = Array(repeating: "?", count: PlaceRow.writtenColumnCount + 1).joined(separator: ", ")
        place = try db.cachedStatement(
            sql: "INSERT INTO place (rid, \(PlaceRow.writtenColumns)) VALUES (\(placeholders))")
        spatial = try db.cachedStatement(sql: "INSERT INTO place_rtree VALUES (?, ?, ?, ?, ?, ?, ?)")
        text = try db.cachedStatement(sql: "INSERT INTO place_fts (rowid, name, subtitle) VALUES (?, ?, ?)")
    }

    /// - Parameter id: `value.id.description`, which the caller already has.
    func insert(_ value: Place, id: String, rid: Int64) throws {
        let subtitle = value.subtitle
        var hoursText: String?
        var periodsJSON: String?
        switch value.openingHours {
        case .osm(let text): hoursText = text
        case .periods: periodsJSON = try PlaceRow.periodsJSON(value.openingHours)
        case nil: break
        }

        var binder = Binder(statement: place.sqliteStatement)
        binder.bind(rid)
        binder.bind(id)
        binder.bind(value.name)
        binder.bind(value.category.rawValue)
        binder.bind(Int64(CategoryCode.code(of: value.category)))
        binder.bind(value.coordinate.latitude)
        binder.bind(value.coordinate.longitude)
        binder.bind(value.address.street)
        binder.bind(value.address.houseNumber)
        binder.bind(value.address.postcode)
        binder.bind(value.address.city)
        binder.bind(value.address.country)
        binder.bind(value.address.formatted)
        binder.bind(value.phone)
        binder.bind(value.website)
        binder.bind(value.email)
        binder.bind(hoursText)
        binder.bind(periodsJSON)
        binder.bind(value.cuisine)
        binder.bind(value.wheelchair)
        binder.bind(value.operatorName)
        binder.bind(value.brand)
        binder.bind(value.rating)
        binder.bind(value.ratingCount.map(Int64.init))
        binder.bind(value.priceLevel.map(Int64.init))
        binder.bind(value.attribution)
        binder.bind(subtitle)
        binder.bind(updatedAt)
        try run(place.sqliteStatement)

        let scale = PlacesSchema.coordinateScale
        let lat = Int64((value.coordinate.latitude * scale).rounded())
        let lon = Int64((value.coordinate.longitude * scale).rounded())
        let slab = CategoryCode.indexRange(of: value.category)
        binder = Binder(statement: spatial.sqliteStatement)
        for number in [rid, lat, lat, lon, lon, Int64(slab.low), Int64(slab.high)] { binder.bind(number) }
        try run(spatial.sqliteStatement)

        binder = Binder(statement: text.sqliteStatement)
        binder.bind(rid)
        binder.bind(value.name)
        binder.bind(subtitle)
        try run(text.sqliteStatement)
    }

    private func run(_ statement: OpaquePointer) throws {
        let code = sqlite3_step(statement)
        sqlite3_reset(statement)
        sqlite3_clear_bindings(statement)
        guard code == SQLITE_DONE else {
            let message = sqlite3_errmsg(connection).map { String(cString: $0) } ?? "error \(code)"
            throw PlacesError.storage("The store could not write a place: \(message).")
        }
    }

    /// Binds parameters left to right.
    private struct Binder {
        let statement: OpaquePointer
        var index: Int32 = 1

        init(statement: OpaquePointer) { self.statement = statement }

        /// SQLite copies the text before the call returns (SQLITE_TRANSIENT).
        private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

        mutating func bind(_ value: String?) {
            if let value {
                var text = value
                text.withUTF8 { bytes in
                    _ = bytes.withMemoryRebound(to: CChar.self) { chars in
                        sqlite3_bind_text(statement, index, chars.baseAddress, Int32(chars.count), Self.transient)
                    }
                }
            } else {
                sqlite3_bind_null(statement, index)
            }
            index += 1
        }

        mutating func bind(_ value: Int64?) {
            if let value { sqlite3_bind_int64(statement, index, value) } else { sqlite3_bind_null(statement, index) }
            index += 1
        }

        mutating func bind(_ value: Double?) {
            if let value { sqlite3_bind_double(statement, index, value) } else { sqlite3_bind_null(statement, index) }
            index += 1
        }
    }
}
