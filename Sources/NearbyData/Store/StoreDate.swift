import FoundationEssentials
import NearbyCore

/// Dates as the store keeps them: UTC text, "2026-11-21 05:23:45.000" (the layout earlier versions wrote,
/// so old stores read back unchanged), sortable as text. Written and read without a calendar object.
enum StoreDate {
    /// "2026-11-21 05:23:45.123", rounded to the millisecond.
    static func text(_ date: Date) -> String {
        let milliseconds = Int64((date.timeIntervalSince1970 * 1000).rounded())
        var days = milliseconds / 86_400_000
        var rest = milliseconds - days * 86_400_000
        if rest < 0 {
            days -= 1
            rest += 86_400_000
        }
        let (year, month, day) = CivilDate.civil(fromDays: Int(days))
        let second = Int(rest / 1000), fraction = Int(rest % 1000)
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2)) \(pad(second / 3600, 2)):\(pad(second / 60 % 60, 2)):"
            + "\(pad(second % 60, 2)).\(pad(fraction, 3))"
    }

    /// Reads "YYYY-MM-DD", optionally followed by " HH:MM", ":SS", a fraction, and "Z" or "±HH:MM"
    /// (a `T` may stand for the space); nil for anything else.
    static func date(from text: String) -> Date? {
        var scanner = DigitScanner(Array(text.utf8))
        guard let year = scanner.number(digits: 4), scanner.skip("-"), let month = scanner.number(digits: 2),
              scanner.skip("-"), let day = scanner.number(digits: 2),
              (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day) else { return nil }
        var seconds = 0.0
        if scanner.skip(" ") || scanner.skip("T") {
            guard let hour = scanner.number(digits: 2), scanner.skip(":"), let minute = scanner.number(digits: 2),
                  hour < 24, minute < 60 else { return nil }
            seconds = Double(hour * 3600 + minute * 60)
            if scanner.skip(":") {
                guard let second = scanner.number(digits: 2), second < 60 else { return nil }
                seconds += Double(second)
                if scanner.skip(".") {
                    guard let fraction = scanner.fraction() else { return nil }
                    seconds += fraction
                }
            }
            if scanner.skip("Z") {
                // UTC, as without a zone.
            } else if let sign = scanner.sign() {
                guard let hours = scanner.number(digits: 2), scanner.skip(":"), let minutes = scanner.number(digits: 2)
                else { return nil }
                seconds -= sign * Double(hours * 3600 + minutes * 60)
            }
        }
        guard scanner.isAtEnd else { return nil }
        return Date(timeIntervalSince1970: Double(days(year: year, month: month, day: day)) * 86_400 + seconds)
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (the inverse of `CivilDate.civil(fromDays:)`).
    static func days(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    private static func pad(_ number: Int, _ width: Int) -> String {
        let text = String(number)
        return text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
    }
}

/// Reads fixed-width numbers and separators from ASCII bytes.
private struct DigitScanner {
    private let bytes: [UInt8]
    private var index = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var isAtEnd: Bool { index == bytes.count }

    mutating func number(digits: Int) -> Int? {
        guard bytes.count - index >= digits else { return nil }
        var value = 0
        for byte in bytes[index..<index + digits] {
            guard (0x30...0x39).contains(byte) else { return nil }
            value = value * 10 + Int(byte - 0x30)
        }
        index += digits
        return value
    }

    /// The digits after a decimal point, as a fraction of a second.
    mutating func fraction() -> Double? {
        // Digits as one integer divided once: ".125" is exactly 0.125. Beyond nanoseconds they are dropped.
        var digits: Int64 = 0, scale: Int64 = 1
        let start = index
        while index < bytes.count, (0x30...0x39).contains(bytes[index]) {
            if scale < 1_000_000_000 {
                digits = digits * 10 + Int64(bytes[index] - 0x30)
                scale *= 10
            }
            index += 1
        }
        return index > start ? Double(digits) / Double(scale) : nil
    }

    mutating func skip(_ character: Unicode.Scalar) -> Bool {
        guard index < bytes.count, bytes[index] == UInt8(character.value) else { return false }
        index += 1
        return true
    }

    mutating func sign() -> Double? {
        if skip("+") { return 1 }
        if skip("-") { return -1 }
        return nil
    }
}
