import Foundation

/// Opening hours, parsed once from OpenStreetMap text or Google periods, evaluated cheaply at any instant.
public struct OpeningHours: Hashable, Sendable {
    /// The source text (for Google periods, a readable rendering of them).
    public let raw: String
    /// Nil when the source could not be read.
    let rules: [OpeningRule]?
    /// How many days ahead the search for the next change goes.
    let horizonDays: Int
    /// Each weekday's runs (Monday first), computed once when the rules depend on the weekday alone:
    /// then evaluating is a table lookup, cheap enough for every visible row on every frame.
    let weeklyRuns: [[Run]]?

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
        let seasonal = rules?.contains { $0.selector.reachesBeyondWeek } ?? false
        // A weekly pattern repeats within 8 days; month, week and year rules may wait most of a year.
        horizonDays = seasonal ? 400 : 9
        if let rules, !seasonal {
            // 1970-01-05 was a Monday.
            let segments = (0..<7).map { DaySchedule.segments(of: rules, on: LocalDay(number: 4 + $0)) }
            weeklyRuns = (0..<7).map { DaySchedule.runs(own: segments[$0], previous: segments[($0 + 6) % 7]) }
        } else {
            weeklyRuns = nil
        }
    }

    public var isReadable: Bool { rules != nil }

    /// The state at `date` and when it next changes.
    public func evaluate(at date: Date, timeZone: TimeZone) -> OpeningStatus {
        guard let rules else {
            return OpeningStatus(state: .unknown, nextChange: nil, nextState: nil, instant: date,
                                 unreadableText: raw)
        }
        let (today, minute) = LocalDay.locate(date, in: timeZone)
        var days = DayWalker(rules: rules, weeklyRuns: weeklyRuns, start: today)
        var runs = days.runs
        let current = runs.first { $0.start <= minute && minute < $0.end } ?? runs[0]
        var status = OpeningStatus(state: current.state.public, nextChange: nil, nextState: nil,
                                   comment: current.comment, isOpenEnd: current.openEnd, instant: date)
        for offset in 0..<horizonDays {
            if offset > 0 {
                days.advance()
                runs = days.runs
            }
            if let change = runs.first(where: { $0.state != current.state && (offset > 0 || $0.start > minute) }) {
                status.nextChange = days.day.instant(minute: change.start, in: timeZone, after: date)
                status.nextState = change.state.public
                break
            }
        }
        return status
    }

    /// When the state next changes after `date`, for screens that refresh on time; nil when it does not.
    public func nextChange(after date: Date, timeZone: TimeZone) -> Date? {
        evaluate(at: date, timeZone: timeZone).nextChange
    }

    /// Monday to Sunday of the week holding `date`, each with its open stretches and today marked.
    public func week(containing date: Date, timeZone: TimeZone) -> [OpeningDay] {
        let today = LocalDay.locate(date, in: timeZone).day
        let monday = LocalDay(number: today.number - today.weekday)
        return (0..<7).map { offset in
            let day = LocalDay(number: monday.number + offset)
            let segments = rules.map { DaySchedule.segments(of: $0, on: day) } ?? []
            return OpeningDay(weekday: day.weekday, date: day.start(in: timeZone), isoDate: day.isoText,
                              intervals: Self.intervals(of: segments), isToday: day == today,
                              comment: segments.first { $0.state == .closed && $0.comment != nil }?.comment)
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
            } else {
                result.append(OpeningInterval(start: segment.start, end: segment.end, state: segment.state.public,
                                              isOpenEnd: segment.openEnd, comment: segment.comment))
            }
        }
        return result
    }
}

/// Steps through days one at a time, from the weekly table when there is one, else from the rules.
private struct DayWalker {
    let rules: [OpeningRule]
    let weeklyRuns: [[Run]]?
    private(set) var day: LocalDay
    private(set) var runs: [Run]
    private var own: [Segment]

    init(rules: [OpeningRule], weeklyRuns: [[Run]]?, start: LocalDay) {
        self.rules = rules
        self.weeklyRuns = weeklyRuns
        day = start
        if let weeklyRuns {
            own = []
            runs = weeklyRuns[start.weekday]
        } else {
            own = DaySchedule.segments(of: rules, on: start)
            runs = DaySchedule.runs(own: own, previous: DaySchedule.segments(of: rules, on: start.previous))
        }
    }

    mutating func advance() {
        day = day.next
        if let weeklyRuns {
            runs = weeklyRuns[day.weekday]
        } else {
            let previous = own
            own = DaySchedule.segments(of: rules, on: day)
            runs = DaySchedule.runs(own: own, previous: previous)
        }
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
