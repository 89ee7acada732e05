import FoundationEssentials
import NearbyData
import PostgresNIO

/// Rows of the friend columns (id, first and last name, phone, e-mail, latitude, longitude, place name, created,
/// updated) written straight into the friends list's JSON: the names are copied from PostgreSQL's bytes into the
/// answer instead of being made into strings and a `Friend` first, which with writing them out again was most of
/// the service's work per list (docs/benchmarks.md, "Friends server").
enum FriendRowsJSON {
    /// The JSON list of every row, in their order.
    static func list(_ rows: PostgresRowSequence, capacity: Int = 200_000) async throws -> [UInt8] {
        var writer = JSONWriter(capacity: capacity)
        writer.raw("[")
        var first = true
        for try await row in rows {
            if !first { writer.raw(",") }
            first = false
            try write(row, into: &writer)
        }
        writer.raw("]")
        return writer.bytes
    }

    private static func write(_ row: PostgresRow, into writer: inout JSONWriter) throws {
        var cells = row.makeIterator()
        func next() throws -> PostgresCell {
            guard let cell = cells.next() else { throw PostgresDecodingError.Code.missingData }
            return cell
        }
        let id = try next(), first = try next(), last = try next(), phone = try next(), email = try next()
        let latitude = try next(), longitude = try next(), place = try next(), created = try next()
        let updated = try next()
        writer.raw("{\"id\":")
        writer.integer(try id.decode(Int64.self))
        writer.raw(",\"firstname\":")
        try text(first, into: &writer)
        writer.raw(",\"lastname\":")
        try text(last, into: &writer)
        writer.raw(",\"phonenumber\":")
        try text(phone, into: &writer)
        if email.bytes != nil {
            writer.raw(",\"email\":")
            try text(email, into: &writer)
        }
        // As `Friend`: a coordinate only where both halves are there.
        if let lat = try latitude.decode(Double?.self), let lon = try longitude.decode(Double?.self) {
            writer.raw(",\"latitude\":")
            writer.number(lat)
            writer.raw(",\"longitude\":")
            writer.number(lon)
        }
        if place.bytes != nil {
            writer.raw(",\"placename\":")
            try text(place, into: &writer)
        }
        writer.raw(",\"createdAt\":")
        writer.iso8601(try created.decode(Date.self))
        writer.raw(",\"updatedAt\":")
        writer.iso8601(try updated.decode(Date.self))
        writer.raw("}")
    }

    /// A text cell as a JSON string, from its bytes (PostgreSQL keeps text as UTF-8 in a UTF-8 database); any
    /// other type goes through its decoding, as `Friend` would.
    private static func text(_ cell: PostgresCell, into writer: inout JSONWriter) throws {
        guard cell.format == .binary || cell.format == .text, cell.dataType == .text || cell.dataType == .varchar,
              let bytes = cell.bytes else {
            return writer.string(try cell.decode(String.self))
        }
        bytes.withUnsafeReadableBytes { writer.string(utf8: $0) }
    }
}
