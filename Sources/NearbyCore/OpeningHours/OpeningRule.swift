/// The parsed form of opening hours: rules applied in order to each day. Internal; `OpeningHours` is the face.

/// How a rule combines with the rules before it.
enum RuleKind: Hashable, Sendable {
    /// `;` (or the first rule): replaces what earlier rules said about the days it matches.
    case normal
    /// `,` between rules: adds to what earlier rules said.
    case additional
    /// `||`: fills only the times earlier rules left unsaid.
    case fallback
}

/// What a rule says about the times it selects.
enum RuleState: Hashable, Sendable {
    case open, closed, unknown
}

/// A time of day in a rule: a clock time in minutes (an end may pass 1440), or a sun event with an offset.
enum TimePoint: Hashable, Sendable {
    case clock(Int)
    case sun(SunEvent, offset: Int)

    var isClock: Bool {
        if case .clock = self { true } else { false }
    }
}

/// A time span of one day; it may end after midnight (in the next day's first hours).
struct TimeSpan: Hashable, Sendable {
    var start: TimePoint
    var end: TimePoint
    /// `18:00+`, `10:00-18:00+`: what follows the end is not known (the place may stay open).
    var openEnd: Bool = false

    static let wholeDay = TimeSpan(start: .clock(0), end: .clock(1440))

    var dependsOnTheSun: Bool { !start.isClock || !end.isClock }
}

/// A day in a date selector: a month and day (day 31 stands for the month's end), or Easter, with an offset
/// in days (`easter -2 days`).
struct DatePoint: Hashable, Sendable {
    enum Base: Hashable, Sendable {
        case monthDay(Int, Int)
        case easter
    }

    var base: Base
    var offset: Int = 0

    /// Month-and-day as one comparable number in `year` (Dec 24 → 1224).
    func key(in year: Int) -> Int {
        switch base {
        case .monthDay(let month, let day) where offset == 0:
            return month * 100 + day
        case .monthDay(let month, let day):
            let clamped = min(day, CivilDate.daysInMonth(year: year, month: month))
            return CivilDay(year: year, month: month, day: clamped).adding(days: offset).monthDayKey
        case .easter:
            return ChurchCalendar.easter(year).adding(days: offset).monthDayKey
        }
    }
}

/// A range of days of the year; wraps over the new year when it ends before it starts.
struct DateRange: Hashable, Sendable {
    var from: DatePoint
    var to: DatePoint

    func contains(_ day: CivilDay) -> Bool {
        let key = day.monthDayKey, first = from.key(in: day.year), last = to.key(in: day.year)
        return first <= last ? (first...last).contains(key) : (key >= first || key <= last)
    }
}

/// A range with an optional step, for years and ISO weeks (`week 01-53/2`).
struct SteppedRange: Hashable, Sendable {
    var from: Int
    var to: Int
    var step: Int = 1

    func contains(_ value: Int) -> Bool {
        if from <= to {
            return (from...to).contains(value) && (value - from) % step == 0
        }
        // Wrapping week ranges (`week 50-05`).
        return value >= from || value <= to
    }
}

/// A weekday range (`Mo-Fr`, wrapping `Su-Tu`), optionally only its nth occurrences in the month (`Mo[1,-1]`).
struct WeekdayRange: Hashable, Sendable {
    /// 0 = Monday … 6 = Sunday.
    var from: Int
    var to: Int
    /// 1…5 from the month's start, -1…-5 from its end; empty = every week.
    var nth: [Int] = []

    func matches(_ day: CivilDay) -> Bool {
        let inRange = from <= to ? (from...to).contains(day.weekday) : (day.weekday >= from || day.weekday <= to)
        guard inRange else { return false }
        guard !nth.isEmpty else { return true }
        let fromStart = (day.day - 1) / 7 + 1
        let fromEnd = -((day.daysInMonth - day.day) / 7 + 1)
        return nth.contains(fromStart) || nth.contains(fromEnd)
    }
}

/// `PH` (public holiday) or `SH` (school holiday) in a selector.
enum HolidayKind: Hashable, Sendable {
    case publicHoliday, schoolHoliday
}

/// Whether a day is taken to be a public or school holiday (an assumption when the calendar is unsure).
struct HolidayFacts: Hashable, Sendable {
    var publicHoliday = false
    var schoolHoliday = false

    static let none = HolidayFacts()

    subscript(kind: HolidayKind) -> Bool {
        kind == .publicHoliday ? publicHoliday : schoolHoliday
    }
}

/// Which days a rule applies to. Every present part must match; an empty part matches every day.
struct DaySelector: Hashable, Sendable {
    var years: [SteppedRange] = []
    var dates: [DateRange] = []
    var weeks: [SteppedRange] = []
    var weekdays: [WeekdayRange] = []
    var holidays: [HolidayKind] = []
    /// `Su,PH`: a day that is either matches. `PH Mo-Fr`, `SH Sa`: the day must be both.
    var holidaysOrWeekdays = false

    /// Whether the rule depends on more than the day of the week (the search for changes must look further).
    var reachesBeyondWeek: Bool {
        !years.isEmpty || !dates.isEmpty || !weeks.isEmpty || !holidays.isEmpty || weekdays.contains { !$0.nth.isEmpty }
    }

    /// No part at all: every day.
    var isEveryDay: Bool {
        years.isEmpty && dates.isEmpty && weeks.isEmpty && holidays.isEmpty
            && (weekdays.isEmpty || weekdays.contains { $0.nth.isEmpty && ($0.to - $0.from + 7) % 7 == 6 })
    }

    func matches(_ day: CivilDay, facts: HolidayFacts) -> Bool {
        if !years.isEmpty, !years.contains(where: { $0.contains(day.year) }) { return false }
        if !dates.isEmpty, !dates.contains(where: { $0.contains(day) }) { return false }
        if !weeks.isEmpty, !weeks.contains(where: { $0.contains(day.isoWeek) }) { return false }
        let weekdayMatches = weekdays.isEmpty || weekdays.contains { $0.matches(day) }
        guard !holidays.isEmpty else { return weekdayMatches }
        let holidayMatches = holidays.contains { facts[$0] }
        if weekdays.isEmpty { return holidayMatches }
        return holidaysOrWeekdays ? weekdayMatches || holidayMatches : weekdayMatches && holidayMatches
    }
}

/// One rule: the days it selects, the times on those days, and what it says about them.
struct OpeningRule: Hashable, Sendable {
    var kind: RuleKind = .normal
    var selector = DaySelector()
    /// Empty means the whole day.
    var spans: [TimeSpan] = []
    var state: RuleState = .open
    var comment: String?

    var effectiveSpans: [TimeSpan] { spans.isEmpty ? [.wholeDay] : spans }

    /// `Mo off`, `PH off`: whole days closed, for some days only.
    var closesSomeWholeDays: Bool {
        state == .closed && spans.isEmpty && kind == .normal && !selector.isEveryDay
    }
}
