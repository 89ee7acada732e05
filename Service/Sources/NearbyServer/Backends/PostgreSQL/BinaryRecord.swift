import PostgresNIO

/// The fields of one record (`ROW(a, b, …)`) in PostgreSQL's binary format, read in order.
///
/// The format (`record_send`): a 32-bit field count, then per field its type's OID (32 bits), its length
/// (32 bits, -1 for NULL) and that many bytes in the type's own binary format; all integers big-endian.
/// Reading a row as one record cell instead of one cell per column saves the client a cell, with its
/// reference counting, per column: most of the service's work on `GET /listFriends` (docs/benchmarks.md).
struct BinaryRecord {
    /// A record that does not hold what the query asks for.
    struct Malformed: Error, CustomStringConvertible {
        let description: String
    }

    /// Type OIDs of the fields read here (`pg_type.oid`; fixed in every PostgreSQL).
    enum FieldType: UInt32 {
        case int8 = 20
        case int4 = 23
        case text = 25
        case float8 = 701
        case timestamptz = 1184
    }

    private let bytes: UnsafeRawBufferPointer
    private var offset = 4
    private var remainingFields: Int

    /// Starts reading `bytes`, which must hold exactly `fields` fields.
    init(_ bytes: UnsafeRawBufferPointer, fields: Int) throws(Malformed) {
        self.bytes = bytes
        guard bytes.count >= 4 else { throw Malformed(description: "a record shorter than its field count") }
        let count = Int(Self.uint32(bytes, at: 0))
        guard count == fields else {
            throw Malformed(description: "a record of \(count) fields where \(fields) were asked for")
        }
        remainingFields = fields
    }

    /// Calls `body` with the bytes of the record that is `row`'s one column (`SELECT ROW(…)`); `what` names the
    /// row in the error when it is something else.
    static func reading<T>(_ row: PostgresRow, what: String, _ body: (UnsafeRawBufferPointer) throws -> T) throws -> T {
        var cells = row.makeIterator()
        guard let cell = cells.next(), cell.format == .binary, let bytes = cell.bytes else {
            throw Malformed(description: "\(what) that is not one binary record")
        }
        return try bytes.withUnsafeReadableBytes(body)
    }

    /// The next field's bytes, or nil when it is NULL; throws when it is of another type or runs past the end.
    mutating func next(_ type: FieldType) throws(Malformed) -> UnsafeRawBufferPointer? {
        guard remainingFields > 0 else { throw Malformed(description: "a record with fewer fields than asked for") }
        guard offset + 8 <= bytes.count else { throw Malformed(description: "a record cut short") }
        let oid = Self.uint32(bytes, at: offset)
        let length = Int32(bitPattern: Self.uint32(bytes, at: offset + 4))
        offset += 8
        remainingFields -= 1
        guard oid == type.rawValue else {
            throw Malformed(description: "a record field of type \(oid) where \(type) was asked for")
        }
        if length == -1 { return nil }
        guard length >= 0, offset + Int(length) <= bytes.count else {
            throw Malformed(description: "a record field longer than the record")
        }
        defer { offset += Int(length) }
        return UnsafeRawBufferPointer(rebasing: bytes[offset..<(offset + Int(length))])
    }

    /// The next field, which must not be NULL.
    mutating func required(_ type: FieldType) throws(Malformed) -> UnsafeRawBufferPointer {
        guard let field = try next(type) else { throw Malformed(description: "a NULL where a \(type) was asked for") }
        return field
    }

    /// An `int8` or `timestamptz` field's value (a timestamp counts microseconds since 2000-01-01 UTC).
    static func int64(_ field: UnsafeRawBufferPointer) throws(Malformed) -> Int64 {
        guard field.count == 8 else { throw Malformed(description: "an 8-byte field of \(field.count) bytes") }
        return Int64(bitPattern: UInt64(uint32(field, at: 0)) << 32 | UInt64(uint32(field, at: 4)))
    }

    /// An `int4` field's value.
    static func int32(_ field: UnsafeRawBufferPointer) throws(Malformed) -> Int32 {
        guard field.count == 4 else { throw Malformed(description: "a 4-byte field of \(field.count) bytes") }
        return Int32(bitPattern: uint32(field, at: 0))
    }

    /// A `text` field's value (PostgreSQL's text is UTF-8 here; anything else is repaired, as a cell's would be).
    static func string(_ field: UnsafeRawBufferPointer) -> String {
        String(decoding: field, as: UTF8.self)
    }

    /// A `float8` field's value.
    static func double(_ field: UnsafeRawBufferPointer) throws(Malformed) -> Double {
        Double(bitPattern: UInt64(bitPattern: try int64(field)))
    }

    private static func uint32(_ bytes: UnsafeRawBufferPointer, at offset: Int) -> UInt32 {
        UInt32(bigEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
    }
}
