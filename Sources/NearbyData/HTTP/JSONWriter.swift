import Foundation

/// Writes JSON text straight into bytes: for answers written often (the friends list), where building a
/// `JSONValue` tree and running `JSONEncoder` over it would cost most of the request's time.
struct JSONWriter {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int = 256) {
        bytes.reserveCapacity(capacity)
    }

    var data: Data { Data(bytes) }

    /// Punctuation and literals, written as they are.
    mutating func raw(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// A JSON string, quoted and escaped.
    mutating func string(_ text: String) {
        // Strings made by Foundation may be bridged, where each UTF-8 access is slow; walk one copy.
        var text = text
        text.makeContiguousUTF8()
        bytes.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): raw("\\\"")
            case UInt8(ascii: "\\"): raw("\\\\")
            case 0x0A: raw("\\n")
            case 0x0D: raw("\\r")
            case 0x09: raw("\\t")
            case 0..<0x20, 0x7F:
                raw("\\u00")
                bytes.append(Self.hex[Int(byte >> 4)])
                bytes.append(Self.hex[Int(byte & 0x0F)])
            default:
                bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    mutating func integer(_ value: Int64) {
        bytes.append(contentsOf: String(value).utf8)
    }

    /// A number, or null when it is not finite (JSON has no NaN or infinity).
    mutating func number(_ value: Double) {
        guard value.isFinite else { return raw("null") }
        bytes.append(contentsOf: value.description.utf8)
    }

    /// "2026-11-21T05:23:45Z": ISO 8601 in UTC, to the second.
    mutating func iso8601(_ date: Date) {
        let seconds = Int64(date.timeIntervalSince1970.rounded(.down))
        var days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let secondOfDay = seconds - days * 86_400
        // Civil date from days since 1970-01-01 (proleptic Gregorian calendar).
        days += 719_468
        let era = (days >= 0 ? days : days - 146_096) / 146_097
        let dayOfEra = days - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)

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

    private mutating func digits(_ value: Int64, count: Int) {
        guard (0..<10_000).contains(value) else { return bytes.append(contentsOf: String(value).utf8) }
        var divisor: Int64 = 1
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
