import FoundationEssentials
import NearbyCore

/// An HTTP `Retry-After` value (RFC 9110 §10.2.3): a number of seconds, or an HTTP date.
public enum RetryAfter {
    /// Waits longer than this are taken as this: a broken or hostile header must not lock a source for days.
    public static let longest: TimeInterval = 3_600

    /// The instant after which a retry is welcome, or nil when `value` is neither form.
    public static func instant(_ value: String?, now: Date) -> Date? {
        guard let text = value?.trimmingSpaces(), !text.isEmpty else { return nil }
        if text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) {
            guard text.utf8.count <= 9, let seconds = Int(text) else { return now.addingTimeInterval(longest) }
            return now.addingTimeInterval(min(TimeInterval(seconds), longest))
        }
        guard let date = httpDate(text) else { return nil }
        return min(max(date, now), now.addingTimeInterval(longest))
    }

    /// "Sun, 06 Nov 1994 08:49:37 GMT" (IMF-fixdate, the only form servers may send today).
    public static func httpDate(_ text: String) -> Date? {
        let parts = text.split(separator: " ")
        guard parts.count == 6, parts[0].hasSuffix(","), parts[5] == "GMT",
              let day = Int(parts[1]), (1...31).contains(day),
              let month = months.firstIndex(of: String(parts[2])),
              let year = Int(parts[3]), (1970...9999).contains(year) else { return nil }
        let clock = parts[4].split(separator: ":")
        guard clock.count == 3, let hour = Int(clock[0]), let minute = Int(clock[1]), let second = Int(clock[2]),
              (0...23).contains(hour), (0...59).contains(minute), (0...60).contains(second) else { return nil }
        let days = daysFromCivil(year: year, month: month + 1, day: day)
        return Date(timeIntervalSince1970: TimeInterval(days * 86_400 + hour * 3_600 + minute * 60 + second))
    }

    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// Days since 1970-01-01 of a proleptic Gregorian date (the inverse of `CivilDate.civil(fromDays:)`).
    private static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}

/// "12 s", "3 min", "1 h": how long until a retry, as a row says it.
public enum WaitText {
    public static func text(_ seconds: TimeInterval) -> String {
        let whole = max(1, Int(seconds.rounded(.up)))
        if whole < 90 { return "\(whole) s" }
        if whole < 90 * 60 { return "\((whole + 59) / 60) min" }
        return "\((whole + 3_599) / 3_600) h"
    }
}
