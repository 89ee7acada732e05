import NearbyCore
import NearbyData
import NearbyRemote
import PostgresNIO
import NearbyHTTP

/// The friends list's JSON written straight from PostgreSQL's rows: each friend comes as one record of its
/// columns (`query`), whose bytes are copied into the answer instead of being made into cells, strings
/// and a `Friend` first (docs/benchmarks.md, "Friends server").
enum FriendRowsJSON {
    /// The list query: one record per friend, fields in the order `write` reads them; fixed text.
    static var query: PostgresQuery {
        """
        SELECT ROW(\(unescaped: PostgresFriendsRepository.columns))
        FROM friend ORDER BY last_name_key, first_name_key, id
        """
    }
    private static let fieldCount = 11
    /// Microseconds from 1970-01-01 to 2000-01-01, where PostgreSQL's timestamps count from.
    private static let epochOffset: Int64 = 946_684_800 * 1_000_000

    /// The JSON list of every row, in their order.
    static func list(_ rows: [PostgresRow], capacity: Int = 200_000) throws -> [UInt8] {
        var writer = JSONWriter(capacity: capacity)
        writer.raw("[")
        var first = true
        for row in rows {
            if !first { writer.raw(",") }
            first = false
            try BinaryRecord.reading(row, what: "a friends list row") { try write($0, into: &writer) }
        }
        writer.raw("]")
        return writer.bytes
    }

    /// One friend's object, with the fields `Friend` encodes and in its order (the other backends' answer).
    static func write(_ bytes: UnsafeRawBufferPointer, into writer: inout JSONWriter) throws(BinaryRecord.Malformed) {
        var record = try BinaryRecord(bytes, fields: fieldCount)
        writer.raw("{\"id\":")
        writer.integer(try BinaryRecord.int64(try record.required(.int8)))
        writer.raw(",\"firstname\":")
        writer.string(utf8: try record.required(.text))
        writer.raw(",\"lastname\":")
        writer.string(utf8: try record.required(.text))
        writer.raw(",\"phonenumber\":")
        writer.string(utf8: try record.required(.text))
        if let email = try record.next(.text) {
            writer.raw(",\"email\":")
            writer.string(utf8: email)
        }
        // As `Friend`: a coordinate only where both halves are there.
        let latitude = try record.next(.float8), longitude = try record.next(.float8)
        if let latitude, let longitude {
            writer.raw(",\"latitude\":")
            writer.number(try BinaryRecord.double(latitude))
            writer.raw(",\"longitude\":")
            writer.number(try BinaryRecord.double(longitude))
        }
        if let place = try record.next(.text) {
            writer.raw(",\"placename\":")
            writer.string(utf8: place)
        }
        let created = try seconds(record.required(.timestamptz))
        let updated = try seconds(record.required(.timestamptz))
        // One number per line in the column; written as `FriendJSON` writes them, only when there are some.
        let others = try record.required(.text)
        if !others.isEmpty {
            writer.raw(",\"otherphones\":[")
            var first = true
            for line in others.split(separator: 0x0A) where !line.isEmpty {
                if !first { writer.raw(",") }
                first = false
                writer.string(utf8: UnsafeRawBufferPointer(rebasing: line))
            }
            writer.raw("]")
        }
        writer.raw(",\"createdAt\":")
        writer.iso8601(secondsSince1970: created)
        writer.raw(",\"updatedAt\":")
        writer.iso8601(secondsSince1970: updated)
        writer.raw("}")
    }

    /// Whole seconds since 1970 of a timestamp field, rounded down (`CivilDate.seconds(microseconds:)`).
    private static func seconds(_ field: UnsafeRawBufferPointer) throws(BinaryRecord.Malformed) -> Int {
        let micros = try BinaryRecord.int64(field)
        // Infinity is stored as the extremes; adding the epoch there would overflow.
        let (sum, overflow) = micros.addingReportingOverflow(epochOffset)
        return CivilDate.seconds(microseconds: overflow ? (micros > 0 ? Int64.max : Int64.min) : sum)
    }
}
