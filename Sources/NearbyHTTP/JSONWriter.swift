import FoundationEssentials
import NearbyCore

/// Writes JSON text straight into bytes: for answers written often (the friends list), where building a
/// `JSONValue` tree and running `JSONEncoder` over it would cost most of the request's time.
public struct JSONWriter {
    public private(set) var bytes: [UInt8] = []

    public init(capacity: Int = 256) {
        bytes.reserveCapacity(capacity)
    }

    public var data: Data { Data(bytes) }

    /// Punctuation and literals, written as they are.
    public mutating func raw(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// A JSON string, quoted and escaped.
    public mutating func string(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        // Native strings are contiguous UTF-8: copy the runs that need no escape in one go. Strings made by
        // Foundation may be bridged, where each UTF-8 access is slow; those are walked from one copy.
        if text.utf8.withContiguousStorageIfAvailable({ escape($0) }) == nil {
            Array(text.utf8).withUnsafeBufferPointer { escape($0) }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// A JSON string from UTF-8 bytes as they are (a database's text), quoted and escaped.
    public mutating func string(utf8: UnsafeRawBufferPointer) {
        bytes.append(UInt8(ascii: "\""))
        escape(utf8.assumingMemoryBound(to: UInt8.self))
        bytes.append(UInt8(ascii: "\""))
    }

    private mutating func escape(_ utf8: UnsafeBufferPointer<UInt8>) {
        var start = 0
        for (index, byte) in utf8.enumerated() where byte < 0x20 || byte == 0x7F || byte == UInt8(ascii: "\"")
            || byte == UInt8(ascii: "\\") {
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<index]))
            start = index + 1
            switch byte {
            case UInt8(ascii: "\""): raw("\\\"")
            case UInt8(ascii: "\\"): raw("\\\\")
            case 0x0A: raw("\\n")
            case 0x0D: raw("\\r")
            case 0x09: raw("\\t")
            default:
                raw("\\u00")
                bytes.append(Self.hex[Int(byte >> 4)])
                bytes.append(Self.hex[Int(byte & 0x0F)])
            }
        }
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start...]))
    }

    public mutating func integer(_ value: Int64) {
        // Digits written in place: a list writes an id per friend, and `String(value)` allocates.
        guard value != .min else { return bytes.append(contentsOf: String(value).utf8) }
        var magnitude = value.magnitude
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
        var count = 0
        withUnsafeMutableBytes(of: &digits) { scratch in
            repeat {
                scratch[count] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
                count += 1
            } while magnitude > 0
            for index in stride(from: count - 1, through: 0, by: -1) { bytes.append(scratch[index]) }
        }
    }

    /// A JSON string, or null.
    public mutating func optionalString(_ text: String?) {
        if let text { string(text) } else { raw("null") }
    }

    /// A number, or null when it is not finite (JSON has no NaN or infinity).
    public mutating func number(_ value: Double) {
        guard value.isFinite else { return raw("null") }
        bytes.append(contentsOf: value.description.utf8)
    }

    /// "2026-11-21T05:23:45Z": ISO 8601 in UTC, to the second.
    public mutating func iso8601(_ date: Date) {
        iso8601(secondsSince1970: CivilDate.seconds(of: date))
    }

    /// The same for whole seconds since 1970 (a database's timestamp, without making a `Date` of it).
    public mutating func iso8601(secondsSince1970 seconds: Int) {
        let (days, secondOfDay) = CivilDate.split(seconds: seconds)
        let (year, month, day) = CivilDate.civil(fromDays: days)

        bytes.append(UInt8(ascii: "\""))
        digits(year, count: 4)
        bytes.append(UInt8(ascii: "-"))
        digits(month, count: 2)
        bytes.append(UInt8(ascii: "-"))
        digits(day, count: 2)
        bytes.append(UInt8(ascii: "T"))
        digits(secondOfDay / 3600, count: 2)
        bytes.append(UInt8(ascii: ":"))
        digits(secondOfDay / 60 % 60, count: 2)
        bytes.append(UInt8(ascii: ":"))
        digits(secondOfDay % 60, count: 2)
        raw("Z\"")
    }

    private mutating func digits(_ value: Int, count: Int) {
        guard (0..<10_000).contains(value) else { return bytes.append(contentsOf: String(value).utf8) }
        var divisor = 1
        for _ in 1..<count { divisor *= 10 }
        var rest = value
        while divisor > 0 {
            bytes.append(UInt8(ascii: "0") + UInt8(rest / divisor))
            rest %= divisor
            divisor /= 10
        }
    }

    private static let hex: [UInt8] = Array("0123456789abcdef".utf8)
}
