import FoundationEssentials

/// Calendar arithmetic without a calendar object: the proleptic Gregorian date of a day number, and UTC
/// timestamps. Cheap and allocation-free, for hot paths (JSON, logs) and opening-hours evaluation.
/// One calendar for every year: dates before 1582 are not switched to the Julian calendar.
public enum CivilDate {
    /// The (year, month, day) of `days` since 1970-01-01.
    public static func civil(fromDays days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// Days since 1970-01-01 of a date; a day past the month's end runs on into the next month.
    public static func days(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let monthIndex = month > 2 ? month - 3 : month + 9
        let dayOfYear = (153 * monthIndex + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    public static func isLeapYear(_ year: Int) -> Bool {
        (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    }

    public static func daysInMonth(year: Int, month: Int) -> Int {
        switch month {
        case 2: isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Whole days and the second within the day, for seconds since 1970 in UTC.
    public static func split(_ date: Date) -> (days: Int, secondOfDay: Int) {
        split(seconds: seconds(of: date))
    }

    /// Whole days and the second within the day of a count of seconds since 1970.
    public static func split(seconds: Int) -> (days: Int, secondOfDay: Int) {
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        return (days, seconds - days * 86_400)
    }

    /// Whole seconds since 1970, rounded down and clamped to ±300,000 years, so that a nonsense instant
    /// (infinite, NaN, absurdly far) cannot overflow the arithmetic that follows.
    public static func seconds(of date: Date) -> Int {
        let interval = date.timeIntervalSince1970
        guard interval.isFinite else { return 0 }
        return Int(min(max(interval, -1e13), 1e13).rounded(.down))
    }

    /// Whole seconds of a count of microseconds since 1970, rounded down as `seconds(of:)` rounds (a database's
    /// timestamp, without making a `Date` of it). Every Int64 of microseconds lies within that clamp.
    public static func seconds(microseconds: Int64) -> Int {
        let (quotient, remainder) = microseconds.quotientAndRemainder(dividingBy: 1_000_000)
        return Int(remainder < 0 ? quotient - 1 : quotient)
    }

    /// "2026-11-21T05:23:45Z".
    public static func iso8601UTC(_ date: Date) -> String {
        let (days, second) = split(date)
        let (year, month, day) = civil(fromDays: days)
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T\(pad(second / 3600, 2)):"
            + "\(pad(second / 60 % 60, 2)):\(pad(second % 60, 2))Z"
    }

    /// `n` with leading zeros to `width` digits ("07"); a minus sign stays in front.
    static func pad(_ n: Int, _ width: Int) -> String {
        let text = String(n.magnitude)
        return (n < 0 ? "-" : "") + String(repeating: "0", count: max(0, width - text.count)) + text
    }
}
