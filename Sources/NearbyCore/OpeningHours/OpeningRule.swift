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

/// A time span of one day in minutes from its midnight; `end` may pass 1440 to spill into the next day.
struct TimeSpan: Hashable, Sendable {
    var start: Int
    var end: Int
    /// `18:00+`: the closing time is not known.
    var openEnd: Bool = false

    static let wholeDay = TimeSpan(start: 0, end: 1440)
}

/// A range of days of the year by month and day; wraps over the new year when `from > to`.
struct MonthDayRange: Hashable, Sendable {
    /// month * 100 + day (Dec 24 → 1224).
    var from: Int
    var to: Int

    func contains(_ key: Int) -> Bool {
        from <= to ? (from...to).contains(key) : (key >= from || key <= to)
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

    func matches(_ day: LocalDay) -> Bool {
        let inRange = from <= to ? (from...to).contains(day.weekday) : (day.weekday >= from || day.weekday <= to)
        guard inRange else { return false }
        guard !nth.isEmpty else { return true }
        let fromStart = (day.day - 1) / 7 + 1
        let fromEnd = -((day.daysInMonth - day.day) / 7 + 1)
        return nth.contains(fromStart) || nth.contains(fromEnd)
    }
}

/// Which days a rule applies to. Every present part must match; an empty part matches every day.
struct DaySelector: Hashable, Sendable {
    var years: [SteppedRange] = []
    var dates: [MonthDayRange] = []
    var weeks: [SteppedRange] = []
    var weekdays: [WeekdayRange] = []
    /// True when the rule names only holidays (`PH off`) or requires one (`SH Mo-Fr`): with no holiday
    /// calendar, no day is a holiday, so such a rule never applies.
    var needsHoliday = false

    /// Whether the rule depends on more than the day of the week (the search for changes must look further).
    var reachesBeyondWeek: Bool {
        !years.isEmpty || !dates.isEmpty || !weeks.isEmpty || weekdays.contains { !$0.nth.isEmpty }
    }

    func matches(_ day: LocalDay) -> Bool {
        if needsHoliday { return false }
        if !years.isEmpty, !years.contains(where: { $0.contains(day.year) }) { return false }
        if !dates.isEmpty, !dates.contains(where: { $0.contains(day.monthDayKey) }) { return false }
        if !weeks.isEmpty, !weeks.contains(where: { $0.contains(day.isoWeek) }) { return false }
        if !weekdays.isEmpty, !weekdays.contains(where: { $0.matches(day) }) { return false }
        return true
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
}
