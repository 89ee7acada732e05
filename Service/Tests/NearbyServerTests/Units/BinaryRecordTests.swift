import Testing
@testable import NearbyServer

/// Records in PostgreSQL's binary format, made by hand: what `BinaryRecord` reads and what it refuses.
@Suite("BinaryRecord")
struct BinaryRecordTests {
    /// A record of `fields`: each a type OID and its bytes, nil for NULL.
    private static func record(_ fields: [(UInt32, [UInt8]?)], count: Int? = nil) -> [UInt8] {
        var bytes = be(UInt32(count ?? fields.count))
        for (oid, value) in fields {
            bytes += be(oid)
            if let value {
                bytes += be(UInt32(value.count)) + value
            } else {
                bytes += be(UInt32(bitPattern: -1))
            }
        }
        return bytes
    }

    private static func be(_ value: UInt32) -> [UInt8] { withUnsafeBytes(of: value.bigEndian) { Array($0) } }
    private static func be64(_ value: UInt64) -> [UInt8] { withUnsafeBytes(of: value.bigEndian) { Array($0) } }

    @Test("reads integers, text, doubles and NULLs in order")
    func reads() throws {
        let bytes = Self.record([(20, Self.be64(UInt64(bitPattern: -42))), (25, Array("Zoë".utf8)), (701, nil),
                                 (701, Self.be64((-33.8675).bitPattern))])
        try bytes.withUnsafeBytes { raw in
            var record = try BinaryRecord(raw, fields: 4)
            #expect(try BinaryRecord.int64(try record.required(.int8)) == -42)
            #expect(Array(try record.required(.text)) == Array("Zoë".utf8))
            #expect(try record.next(.float8) == nil)
            #expect(try BinaryRecord.double(try record.required(.float8)) == -33.8675)
        }
    }

    @Test("reads 4-byte integers and text as strings, and refuses a 4-byte integer of another size")
    func readsInt4AndStrings() throws {
        let bytes = Self.record([(23, Self.be(UInt32(bitPattern: -1_455))), (23, nil), (25, Array("Café 9".utf8)),
                                 (25, [0x41, 0xFF, 0x42]), (23, [1, 2])])
        try bytes.withUnsafeBytes { raw in
            var record = try BinaryRecord(raw, fields: 5)
            #expect(try BinaryRecord.int32(try record.required(.int4)) == -1_455)
            #expect(try record.next(.int4) == nil)
            #expect(BinaryRecord.string(try record.required(.text)) == "Café 9")
            // Bytes that are not UTF-8 are repaired, never trusted.
            #expect(BinaryRecord.string(try record.required(.text)) == "A\u{FFFD}B")
            let short = try record.required(.int4)
            #expect(throws: BinaryRecord.Malformed.self) { _ = try BinaryRecord.int32(short) }
        }
    }

    @Test("refuses a wrong field count, a wrong type, a NULL where one is required, and bytes past the end")
    func refuses() throws {
        let text = Self.record([(25, Array("a".utf8))])
        text.withUnsafeBytes { raw in
            #expect(throws: BinaryRecord.Malformed.self) { _ = try BinaryRecord(raw, fields: 2) }
            #expect(throws: BinaryRecord.Malformed.self) {
                var record = try BinaryRecord(raw, fields: 1)
                _ = try record.next(.int8)
            }
            #expect(throws: BinaryRecord.Malformed.self) {
                var record = try BinaryRecord(raw, fields: 1)
                _ = try record.next(.text)
                _ = try record.next(.text)
            }
        }
        _ = Self.record([(25, nil)]).withUnsafeBytes { raw in
            #expect(throws: BinaryRecord.Malformed.self) {
                var record = try BinaryRecord(raw, fields: 1)
                _ = try record.required(.text)
            }
        }
        // Every cut of a good record is refused, never read past its end.
        let whole = Self.record([(20, Self.be64(7)), (25, Array("name".utf8))])
        for length in 0..<whole.count {
            _ = Array(whole.prefix(length)).withUnsafeBytes { raw in
                #expect(throws: BinaryRecord.Malformed.self) {
                    var record = try BinaryRecord(raw, fields: 2)
                    _ = try record.next(.int8)
                    _ = try record.next(.text)
                }
            }
        }
        // A length that claims more than there is, and a negative one other than NULL's.
        for claimed in [UInt32(1000), UInt32(bitPattern: -7)] {
            var bytes = Self.record([(25, Array("abc".utf8))])
            bytes.replaceSubrange(8..<12, with: Self.be(claimed))
            _ = bytes.withUnsafeBytes { raw in
                #expect(throws: BinaryRecord.Malformed.self) {
                    var record = try BinaryRecord(raw, fields: 1)
                    _ = try record.next(.text)
                }
            }
        }
        _ = Self.record([(20, [1, 2, 3])]).withUnsafeBytes { raw in
            #expect(throws: BinaryRecord.Malformed.self) {
                var record = try BinaryRecord(raw, fields: 1)
                _ = try BinaryRecord.int64(try record.required(.int8))
            }
        }
    }
}
