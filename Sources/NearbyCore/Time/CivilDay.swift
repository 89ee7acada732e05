/// One day of the proleptic Gregorian calendar, as plain numbers: cheap to step through while searching for
/// the next change of opening hours, and the same calendar for every year (no Julian switch in 1582).
public struct CivilDay: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Days since 1970-01-01.
    public let number: Int
    public let year: Int
    public let month: Int
    public let day: Int
    /// 0 = Monday … 6 = Sunday, the order OpenStreetMap uses.
    public let weekday: Int

    public init(number: Int) {
        self.number = number
        (year, month, day) = CivilDate.civil(fromDays: number)
        weekday = CivilDay.floorMod(number + 3, 7)  // 1970-01-01 was a Thursday.
    }

    /// The day of `year`-`month`-`day`; a day past the month's end runs on into the next month.
    public init(year: Int, month: Int, day: Int) {
        self.init(number: CivilDate.days(year: year, month: month, day: day))
    }

    /// The day, or nil when the month has no such day (Feb 30, month 13).
    public static func valid(year: Int, month: Int, day: Int) -> CivilDay? {
        guard (1...12).contains(month), day >= 1, day <= CivilDate.daysInMonth(year: year, month: month) else {
            return nil
        }
        return CivilDay(year: year, month: month, day: day)
    }

    public func adding(days: Int) -> CivilDay { CivilDay(number: number + days) }
    public var next: CivilDay { adding(days: 1) }
    public var previous: CivilDay { adding(days: -1) }

    /// Month-and-day as one comparable number (Dec 24 → 1224).
    public var monthDayKey: Int { month * 100 + day }

    public var daysInMonth: Int { CivilDate.daysInMonth(year: year, month: month) }

    /// The first day on or after this one that falls on `weekday` (0 = Monday).
    public func onOrAfter(weekday target: Int) -> CivilDay {
        adding(days: CivilDay.floorMod(target - weekday, 7))
    }

    /// ISO 8601 week number (weeks start on Monday; week 1 holds the year's first Thursday).
    public var isoWeek: Int {
        let thursday = CivilDay(number: number - weekday + 3)
        let firstOfYear = CivilDate.days(year: thursday.year, month: 1, day: 1)
        return (thursday.number - firstOfYear) / 7 + 1
    }

    /// "2026-11-23".
    public var isoText: String {
        "\(CivilDate.pad(year, 4))-\(CivilDate.pad(month, 2))-\(CivilDate.pad(day, 2))"
    }

    public var description: String { isoText }

    public static func < (lhs: CivilDay, rhs: CivilDay) -> Bool { lhs.number < rhs.number }

    static func floorDiv(_ a: Int, _ b: Int) -> Int { a >= 0 ? a / b : -((-a + b - 1) / b) }
    static func floorMod(_ a: Int, _ b: Int) -> Int { a - floorDiv(a, b) * b }
}

/// A wall-clock time: a civil day and the second within it (0…86,399).
public struct LocalDateTime: Hashable, Comparable, Sendable {
    public var day: CivilDay
    public var secondOfDay: Int

    public init(day: CivilDay, secondOfDay: Int) {
        self.day = day
        self.secondOfDay = secondOfDay
    }

    public init(day: CivilDay, hour: Int, minute: Int) {
        self.init(day: day, secondOfDay: hour * 3600 + minute * 60)
    }

    /// Seconds since 1970-01-01 00:00 on the same wall clock.
    public var localSeconds: Int { day.number * 86_400 + secondOfDay }

    public init(localSeconds: Int) {
        let (days, second) = CivilDate.split(seconds: localSeconds)
        self.init(day: CivilDay(number: days), secondOfDay: second)
    }

    /// Minutes since the day's midnight (0…1439).
    public var minuteOfDay: Int { secondOfDay / 60 }

    public static func < (lhs: LocalDateTime, rhs: LocalDateTime) -> Bool { lhs.localSeconds < rhs.localSeconds }
}
