/// Writes protobuf wire format, for building PBF fixtures.
public struct ProtobufWriter {
    public var bytes: [UInt8] = []

    public init() {}

    public mutating func varint(_ value: UInt64) {
        var value = value
        while value >= 0x80 {
            bytes.append(UInt8(value & 0x7f) | 0x80)
            value >>= 7
        }
        bytes.append(UInt8(value))
    }

    public mutating func key(_ number: Int, _ wireType: UInt8) {
        varint(UInt64(number) << 3 | UInt64(wireType))
    }

    public mutating func uint(_ number: Int, _ value: UInt64) {
        key(number, 0)
        varint(value)
    }

    public mutating func int(_ number: Int, _ value: Int64) {
        uint(number, UInt64(bitPattern: value))
    }

    public mutating func sint(_ number: Int, _ value: Int64) {
        uint(number, Self.zigzag(value))
    }

    public mutating func data(_ number: Int, _ value: [UInt8]) {
        key(number, 2)
        varint(UInt64(value.count))
        bytes += value
    }

    public mutating func string(_ number: Int, _ value: String) {
        data(number, Array(value.utf8))
    }

    public mutating func packed(_ number: Int, _ values: [UInt64]) {
        var inner = ProtobufWriter()
        for value in values { inner.varint(value) }
        data(number, inner.bytes)
    }

    public mutating func packedSigned(_ number: Int, _ values: [Int64]) {
        packed(number, values.map(Self.zigzag))
    }

    public static func zigzag(_ value: Int64) -> UInt64 {
        UInt64(bitPattern: (value << 1) ^ (value >> 63))
    }
}

