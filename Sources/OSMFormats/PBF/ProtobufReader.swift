/// Why a protobuf message could not be read.
struct ProtobufError: Error, Hashable {
    let reason: String
}

/// A protobuf wire type (the low three bits of a field key).
enum WireType: UInt8 {
    case varint = 0, fixed64 = 1, lengthDelimited = 2, fixed32 = 5
}

/// Reads protobuf wire format from a buffer it does not own; every read is bounds-checked.
struct ProtobufReader {
    private let bytes: UnsafeRawBufferPointer
    private(set) var position = 0

    init(_ bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
    }

    var isAtEnd: Bool { position >= bytes.count }

    mutating func varint() throws -> UInt64 {
        var result: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            guard position < bytes.count else { throw ProtobufError(reason: "a number runs past the end of its message") }
            let byte = bytes[position]
            position += 1
            result |= UInt64(byte & 0x7f) << shift
            if byte < 0x80 { return result }
            shift += 7
            if shift > 63 { throw ProtobufError(reason: "a number is longer than ten bytes") }
        }
    }

    /// A zigzag-encoded signed number (`sint64`).
    mutating func signedVarint() throws -> Int64 {
        Self.zigzag(try varint())
    }

    /// A plain `int64`/`int32` (two's complement in a varint).
    mutating func int64() throws -> Int64 {
        Int64(bitPattern: try varint())
    }

    static func zigzag(_ raw: UInt64) -> Int64 {
        Int64(bitPattern: raw >> 1) ^ -Int64(bitPattern: raw & 1)
    }

    /// The next field's number and wire type, or nil at the end of the message.
    mutating func nextField() throws -> (number: Int, wireType: WireType)? {
        guard !isAtEnd else { return nil }
        let key = try varint()
        guard let wireType = WireType(rawValue: UInt8(key & 7)) else {
            throw ProtobufError(reason: "unknown protobuf wire type \(key & 7)")
        }
        let number = key >> 3
        guard number > 0, number < 1 << 29 else { throw ProtobufError(reason: "invalid field number \(number)") }
        return (Int(number), wireType)
    }

    /// The bytes of a length-delimited field, as a view into the same buffer.
    mutating func lengthDelimited() throws -> UnsafeRawBufferPointer {
        let length = try varint()
        guard length <= UInt64(bytes.count - position) else {
            throw ProtobufError(reason: "a field of \(length) bytes runs past the end of its message")
        }
        let start = position
        position += Int(length)
        return UnsafeRawBufferPointer(rebasing: bytes[start..<position])
    }

    /// Skips a field of the given wire type that this reader does not use.
    mutating func skip(_ wireType: WireType) throws {
        switch wireType {
        case .varint: _ = try varint()
        case .lengthDelimited: _ = try lengthDelimited()
        case .fixed64: try advance(8)
        case .fixed32: try advance(4)
        }
    }

    private mutating func advance(_ count: Int) throws {
        guard count <= bytes.count - position else { throw ProtobufError(reason: "a field runs past the end of its message") }
        position += count
    }

    /// Appends the numbers of a repeated varint field, packed or not, to `values` until it holds `limit + 1`;
    /// the rest of the field is skipped unread, so `values.count > limit` tells a list that is too long.
    mutating func appendVarints(_ wireType: WireType, to values: inout [UInt64], limit: Int) throws {
        switch wireType {
        case .varint:
            let value = try varint()
            if values.count <= limit { values.append(value) }
        case .lengthDelimited:
            var packed = ProtobufReader(try lengthDelimited())
            while !packed.isAtEnd, values.count <= limit { values.append(try packed.varint()) }
        case .fixed32, .fixed64:
            throw ProtobufError(reason: "a list of numbers has the wrong wire type")
        }
    }

    /// Decodes a UTF-8 string field; invalid sequences become U+FFFD rather than failing the import.
    mutating func string() throws -> String {
        String(decoding: try lengthDelimited(), as: UTF8.self)
    }
}
