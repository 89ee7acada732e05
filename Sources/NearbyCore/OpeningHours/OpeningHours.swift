import FoundationEssentials

/// Opening hours, parsed once from OpenStreetMap text or Google periods, evaluated cheaply at any instant.
public struct OpeningHours: Hashable, Sendable {
    /// The source text (for Google periods, a readable rendering of them).
    public let raw: String
    /// Nil when the source could not be read.
    let rules: [OpeningRule]?
    /// How many days ahead the search for the next change goes.
    let horizonDays: Int
    /// Each weekday's runs (Monday first) on an ordinary day, computed once when the rules depend on the
    /// weekday alone: then evaluating is a table lookup, cheap enough for every visible row on every frame.
    let weeklyRuns: [[Run]]?
    /// Whether a rule names `PH` (public holidays) or `SH` (school holidays).
    public let mentionsPublicHolidays: Bool
    public let mentionsSchoolHolidays: Bool
    /// Whether a time is a sun event (`sunrise`, `(sunset-01:00)`).
    public let dependsOnTheSun: Bool

    /// Never fails: a source that cannot be read gives `isReadable == false` and the state `unknown`.
    public init(_ source: OpeningHoursSource) {
        switch source {
        case .osm(let text): self.init(osm: text)
        case .periods(let periods): self.init(periods: periods)
        }
    }

    public init(osm text: String) {
        self.init(raw: text, rules: OpeningHoursParser.rules(text))
    }

    /// Google's weekly periods (day 0 = Sunday); one period with no close means open around the clock.
    public init(periods: [WeeklyPeriod]) {
        let rules = GooglePeriods.rules(periods)
        self.init(raw: rules.map(GooglePeriods.describe) ?? GooglePeriods.describeRaw(periods), rules: rules)
    }

    init(raw: String, rules: [OpeningRule]?) {
        self.raw = raw
        self.rules = rules
        let all = rules ?? []
        mentionsPublicHolidays = all.contains { $0.selector.holidays.contains(.publicHoliday) }
        mentionsSchoolHolidays = all.contains { $0.selector.holidays.contains(.schoolHoliday) }
        dependsOnTheSun = all.contains { $0.spans.contains(where: \.dependsOnTheSun) }
        let seasonal = all.contains { $0.selector.reachesBeyondWeek }
        // A weekly pattern repeats within 8 days; month, week, year and holiday rules may wait most of a year.
        horizonDays = seasonal ? 400 : 9
        let datesMatter = all.contains { rule in
            !rule.selector.years.isEmpty || !rule.selector.dates.isEmpty || !rule.selector.weeks.isEmpty
                || rule.selector.weekdays.contains { !$0.nth.isEmpty }
        }
        if let rules, !datesMatter, !dependsOnTheSun {
            // 1970-01-05 was a Monday.
            let noSun: SunMinutes = { _ in nil }
            let segments = (0..<7).map {
                DaySchedule.segments(of: rules, on: CivilDay(number: 4 + $0), facts: .none, sun: noSun)
            }
            weeklyRuns = (0..<7).map { DaySchedule.runs(own: segments[$0], previous: segments[($0 + 6) % 7]) }
        } else {
            weeklyRuns = nil
        }
    }

    public var isReadable: Bool { rules != nil }

    /// The state at `date` in the system zone's terms, with no position and no holiday calendar.
    public func evaluate(at date: Date, timeZone: ZoneRules) -> OpeningStatus {
        evaluate(at: date, in: HoursContext(zone: timeZone))
    }

    /// The state at `date` and when it next changes.
    public func evaluate(at date: Date, in context: HoursContext) -> OpeningStatus {
        guard let rules else {
            return OpeningStatus(state: .unknown, nextChange: nil, nextState: nil, instant: date,
                                 unreadableText: raw)
        }
        let (today, minute) = context.locate(date)
        var days = DayWalker(hours: self, rules: rules, context: context, start: today)
        var runs = days.runs
        let current = runs.first { $0.start <= minute && minute < $0.end } ?? runs[0]
        var status = OpeningStatus(state: current.state.public, nextChange: nil, nextState: nil,
                                   comment: current.comment, isOpenEnd: current.openEnd, instant: date)
        status.ifNotHoliday = current.ifNotHoliday?.public
        if mentionsPublicHolidays { status.holiday = context.publicHolidayName(on: today) }
        for offset in 0..<horizonDays {
            if offset > 0 {
                days.advance()
                runs = days.runs
            }
            if let change = runs.first(where: { $0.state != current.state && (offset > 0 || $0.start > minute) }) {
                status.nextChange = context.instant(days.day, minute: change.start, after: date)
                status.nextState = change.state.public
                break
            }
        }
        return status
    }

    /// When the state next changes after `date`, for screens that refresh on time; nil when it does not.
    public func nextChange(after date: Date, in context: HoursContext) -> Date? {
        evaluate(at: date, in: context).nextChange
    }

    /// Whether the place is open for the whole of `start..<end` (a closing time of exactly `end` counts).
    public func isOpen(from start: Date, to end: Date, in context: HoursContext) -> Bool {
        var instant = start
        // Open until the next change, and again if that change is to another open stretch (a new comment).
        for _ in 0..<16 {
            let status = evaluate(at: instant, in: context)
            guard status.state == .open else { return false }
            guard let change = status.nextChange else { return true }
            if change >= end { return true }
            instant = change
        }
        return false
    }

    /// The week in `timeZone`, with no position and no holiday calendar.
    public func week(containing date: Date, timeZone: ZoneRules) -> [OpeningDay] {
        week(containing: date, in: HoursContext(zone: timeZone))
    }

    /// Monday to Sunday of the week holding `date`, each with its open stretches and today marked.
    public func week(containing date: Date, in context: HoursContext) -> [OpeningDay] {
        let today = context.locate(date).day
        let monday = today.adding(days: -today.weekday)
        return (0..<7).map { offset in
            let day = monday.adding(days: offset)
            let possible = context.possibleFacts(on: day, publicHolidays: mentionsPublicHolidays,
                                                 schoolHolidays: mentionsSchoolHolidays)
            let facts = possible.first ?? .none
            let segments = rules.map { DaySchedule.segments(of: $0, on: day, facts: facts, sun: context.sunMinutes(on: day)) } ?? []
            var note: String?
            if let name = mentionsPublicHolidays ? context.publicHolidayName(on: day) : nil {
                note = name
            } else if possible.count > 1 {
                note = possible.contains(where: \.publicHoliday) ? "may differ if a public holiday"
                    : "may differ if a school holiday"
            }
            return OpeningDay(weekday: day.weekday, date: context.instant(day, minute: 0), isoDate: day.isoText,
                              intervals: Self.intervals(of: segments), isToday: day == today,
                              comment: segments.first { $0.state == .closed && $0.comment != nil }?.comment,
                              holiday: note)
        }
    }

    /// The open and uncertain segments of a day, sorted, with touching ones of the same kind joined.
    private static func intervals(of segments: [Segment]) -> [OpeningInterval] {
        let shown = segments.filter { $0.state != .closed }.sorted { ($0.start, $0.end) < ($1.start, $1.end) }
        var result: [OpeningInterval] = []
        for segment in shown {
            if var last = result.last, last.end >= segment.start, last.state == segment.state.public,
               last.comment == segment.comment, last.isOpenEnd == segment.openEnd {
                last.end = max(last.end, segment.end)
                result[result.count - 1] = last
            } else if var last = result.last, segment.openEnd, last.end == segment.start, !last.isOpenEnd {
                // "10:00-18:00+": one stretch with an open end, not an open one and an unknown one.
                last.isOpenEnd = true
                result[result.count - 1] = last
            } else if segment.openEnd {
                result.append(OpeningInterval(start: segment.start, end: segment.start, state: .open,
                                              isOpenEnd: true, comment: segment.comment))
            } else {
                result.append(OpeningInterval(start: segment.start, end: segment.end, state: segment.state.public,
                                              isOpenEnd: false, comment: segment.comment))
            }
        }
        return result
    }
}

/// Steps through days one at a time: from the weekly table on ordinary days when there is one, else from
/// the rules, under every holiday reading the calendar leaves open.
private struct DayWalker {
    let hours: OpeningHours
    let rules: [OpeningRule]
    let context: HoursContext
    private(set) var day: CivilDay
    private(set) var runs: [Run] = []
    /// The day's possible holiday readings, and its segments under each (the next day's spill comes from
    /// them); nil segments on an ordinary day the weekly table answers, until a neighbour needs them.
    private var ownFacts: [HolidayFacts]
    private var own: [[Segment]]?

    init(hours: OpeningHours, rules: [OpeningRule], context: HoursContext, start: CivilDay) {
        self.hours = hours
        self.rules = rules
        self.context = context
        day = start
        ownFacts = Self.facts(on: start.previous, hours: hours, context: context)
        own = nil
        day = start.previous
        advance()
    }

    mutating func advance() {
        var previous = own
        let previousFacts = ownFacts
        let previousDay = day
        day = day.next
        ownFacts = Self.facts(on: day, hours: hours, context: context)
        own = nil
        if let weekly = hours.weeklyRuns, previousFacts == [.none], ownFacts == [.none] {
            runs = weekly[day.weekday]
            return
        }
        if previous == nil { previous = segments(on: previousDay, previousFacts) }
        let today = segments(on: day, ownFacts)
        own = today
        var alternatives: [[Run]] = []
        for before in previous ?? [] {
            for segments in today { alternatives.append(DaySchedule.runs(own: segments, previous: before)) }
        }
        runs = DaySchedule.merge(alternatives)
    }

    private func segments(on day: CivilDay, _ facts: [HolidayFacts]) -> [[Segment]] {
        let sun = hours.dependsOnTheSun ? context.sunMinutes(on: day) : { _ in nil }
        return facts.map { DaySchedule.segments(of: rules, on: day, facts: $0, sun: sun) }
    }

    private static func facts(on day: CivilDay, hours: OpeningHours, context: HoursContext) -> [HolidayFacts] {
        guard hours.mentionsPublicHolidays || hours.mentionsSchoolHolidays else { return [.none] }
        return context.possibleFacts(on: day, publicHolidays: hours.mentionsPublicHolidays,
                                     schoolHolidays: hours.mentionsSchoolHolidays)
    }
}

extension RuleState {
    var `public`: OpeningState {
        switch self {
        case .open: .open
        case .closed: .closed
        case .unknown: .unknown
        }
    }
}
