import Testing
import TestSupport
@testable import OSMFormats

@Suite("Protobuf reader")
struct ProtobufReaderTests {
    private func read<T>(_ bytes: [UInt8], _ body: (inout ProtobufReader) throws -> T) throws -> T {
        try bytes.withUnsafeBytes { buffer in
            var reader = ProtobufReader(buffer)
            return try body(&reader)
        }
    }

    @Test("varints round-trip, including the ten-byte maximum", arguments: [
        UInt64(0), 1, 127, 128, 300, 16_384, UInt64(UInt32.max), UInt64.max,
    ])
    func varints(value: UInt64) throws {
        var writer = ProtobufWriter()
        writer.varint(value)
        #expect(try read(writer.bytes) { try $0.varint() } == value)
    }

    @Test("zigzag decodes signed numbers", arguments: [Int64(0), -1, 1, -2, 2, Int64.max, Int64.min])
    func zigzag(value: Int64) {
        #expect(ProtobufReader.zigzag(ProtobufWriter.zigzag(value)) == value)
    }

    @Test("an eleven-byte varint and a cut one are errors, not crashes")
    func badVarints() {
        #expect(throws: ProtobufError.self) { try read([UInt8](repeating: 0xff, count: 11)) { try $0.varint() } }
        #expect(throws: ProtobufError.self) { try read([0x80, 0x80]) { try $0.varint() } }
    }

    @Test("a length past the end of the message is an error")
    func lengthPastEnd() {
        #expect(throws: ProtobufError.self) { try read([0x0a, 0x05, 1, 2]) { r in _ = try r.nextField(); _ = try r.lengthDelimited() } }
        // A length near 2^64 must not wrap around the bounds check.
        var writer = ProtobufWriter()
        writer.key(1, 2)
        writer.varint(UInt64.max - 1)
        #expect(throws: ProtobufError.self) { try read(writer.bytes) { r in _ = try r.nextField(); _ = try r.lengthDelimited() } }
    }

    @Test("fields of every wire type are skipped; groups are refused")
    func skipping() throws {
        var writer = ProtobufWriter()
        writer.uint(1, 5)
        writer.key(2, 1)
        writer.bytes += [UInt8](repeating: 0, count: 8)
        writer.key(3, 5)
        writer.bytes += [UInt8](repeating: 0, count: 4)
        writer.string(4, "skip me")
        writer.uint(9, 42)
        let value = try read(writer.bytes) { reader -> UInt64? in
            while let field = try reader.nextField() {
                if field.number == 9 { return try reader.varint() }
                try reader.skip(field.wireType)
            }
            return nil
        }
        #expect(value == 42)
        #expect(throws: ProtobufError.self) { try read([0x0b]) { try $0.nextField() } }
    }

    @Test("repeated numbers are read packed and unpacked")
    func repeated() throws {
        var writer = ProtobufWriter()
        writer.packed(2, [1, 2, 300])
        writer.uint(2, 4)
        let values = try read(writer.bytes) { reader -> [UInt64] in
            var values: [UInt64] = []
            while let field = try reader.nextField() { try reader.appendVarints(field.wireType, to: &values, limit: .max) }
            return values
        }
        #expect(values == [1, 2, 300, 4])
    }

    @Test("a list longer than its limit stops one past the limit, and what follows it is still read")
    func repeatedWithLimit() throws {
        var writer = ProtobufWriter()
        writer.packed(2, Array(1...50))
        writer.uint(3, 7)
        let (values, after) = try read(writer.bytes) { reader -> ([UInt64], UInt64?) in
            var values: [UInt64] = []
            var after: UInt64?
            while let field = try reader.nextField() {
                if field.number == 2 { try reader.appendVarints(field.wireType, to: &values, limit: 10) }
                else { after = try reader.varint() }
            }
            return (values, after)
        }
        #expect(values == Array(1...11))
        #expect(after == 7)
    }
}
