import Foundation

/// One calendar day in a time zone, as plain numbers: cheap to step through while searching for the next change.
struct LocalDay: Hashable, Sendable {
    /// Days since 1970-01-01 in local time.
    let number: Int
    let year: Int
    let month: Int
    let day: Int
    /// 0 = Monday … 6 = Sunday, the order OpenStreetMap uses.
    let weekday: Int

    init(number: Int) {
        self.number = number
        (year, month, day) = LocalDay.civil(fromDays: number)
        weekday = LocalDay.floorMod(number + 3, 7)  // 1970-01-01 was a Thursday.
    }

    init(year: Int, month: Int, day: Int) {
        self.init(number: LocalDay.days(year: year, month: month, day: day))
    }

    var next: LocalDay { LocalDay(number: number + 1) }
    var previous: LocalDay { LocalDay(number: number - 1) }

    /// Month-and-day as one comparable number (Dec 24 → 1224).
    var monthDayKey: Int { month * 100 + day }

    var daysInMonth: Int { LocalDay.daysInMonth(year: year, month: month) }

    /// ISO 8601 week number (weeks start on Monday; week 1 holds the year's first Thursday).
    var isoWeek: Int {
        let thursday = LocalDay(number: number - weekday + 3)
        let firstOfYear = LocalDay.days(year: thursday.year, month: 1, day: 1)
        return (thursday.number - firstOfYear) / 7 + 1
    }

    /// "2026-11-23".
    var isoText: String {
        let y = String(format: "%04d", year), m = String(format: "%02d", month), d = String(format: "%02d", day)
        return "\(y)-\(m)-\(d)"
    }

    // MARK: Instants

    /// The local day and minute of the day (0…1439) of an instant.
    static func locate(_ date: Date, in timeZone: TimeZone) -> (day: LocalDay, minute: Int) {
        // Clamped to ±300,000 years so that a nonsense instant cannot overflow `Int`.
        let interval = date.timeIntervalSince1970
        let clamped = interval.isFinite ? min(max(interval, -1e13), 1e13) : 0
        let seconds = Int(clamped.rounded(.down)) + timeZone.secondsFromGMT(for: date)
        let days = floorDiv(seconds, 86_400)
        let minute = (seconds - days * 86_400) / 60
        return (LocalDay(number: days), minute)
    }

    /// The first instant after `after` whose local time is this day at `minute` (which may pass 1440).
    /// Around a DST change a local time can occur twice or not at all; this picks the earliest one still ahead.
    func instant(minute: Int, in timeZone: TimeZone, after: Date? = nil) -> Date {
        let local = Double(number * 86_400 + minute * 60)
        let earlyOffset = timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: local - 50_400))
        let lateOffset = timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: local + 50_400))
        let candidates = [local - Double(earlyOffset), local - Double(lateOffset)]
            .map { Date(timeIntervalSince1970: $0) }
            .filter { Double(timeZone.secondsFromGMT(for: $0)) == local - $0.timeIntervalSince1970 }
            .sorted()
        if let after, let ahead = candidates.first(where: { $0 > after }) { return ahead }
        if let first = candidates.first { return first }
        // The clocks skip this time: it happens at the moment they jump.
        let beforeJump = Date(timeIntervalSince1970: local - Double(lateOffset))
        return timeZone.nextDaylightSavingTimeTransition(after: beforeJump)
            ?? Date(timeIntervalSince1970: local - Double(earlyOffset))
    }

    /// The instant the day starts (local midnight, or the first instant after it when midnight is skipped).
    func start(in timeZone: TimeZone) -> Date { instant(minute: 0, in: timeZone) }

    // MARK: Civil calendar arithmetic (proleptic Gregorian)

    static func days(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = floorDiv(y, 400)
        let yearOfEra = y - era * 400
        let monthIndex = month > 2 ? month - 3 : month + 9
        let dayOfYear = (153 * monthIndex + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    static func civil(fromDays days: Int) -> (Int, Int, Int) {
        let date = CivilDate.civil(fromDays: days)
        return (date.year, date.month, date.day)
    }

    static func daysInMonth(year: Int, month: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    static func floorDiv(_ a: Int, _ b: Int) -> Int { a >= 0 ? a / b : -((-a + b - 1) / b) }
    static func floorMod(_ a: Int, _ b: Int) -> Int { a - floorDiv(a, b) * b }
}
