import FoundationEssentials

/// Whether a place is open at an instant, as far as its hours tell.
public enum OpeningState: String, Hashable, Sendable, Codable {
    case open, closed, unknown
}

/// The state at one instant and when it next changes.
public struct OpeningStatus: Hashable, Sendable {
    public var state: OpeningState
    /// The instant the state changes next; nil when it never does within the searched horizon.
    public var nextChange: Date?
    /// The state after `nextChange`.
    public var nextState: OpeningState?
    /// The note of the rule in force ("by appointment").
    public var comment: String?
    /// In an open end (`18:00+`): the place opened, and when it closes is not known.
    public var isOpenEnd: Bool
    /// The unknown state comes only from not knowing whether today is a holiday; this is the state on an
    /// ordinary day ("open unless it is a public holiday").
    public var ifNotHoliday: OpeningState?
    /// Today's public holiday, when the hours name holidays and the calendar knows it is one.
    public var holiday: String?
    /// The instant this status describes.
    public var instant: Date
    /// The source text, when it could not be read.
    public var unreadableText: String?
    /// The state is what the source reported for now, not read from hours: no closing time is known.
    public var isReported: Bool

    public init(state: OpeningState, nextChange: Date?, nextState: OpeningState?, comment: String? = nil,
                isOpenEnd: Bool = false, instant: Date, unreadableText: String? = nil,
                ifNotHoliday: OpeningState? = nil, holiday: String? = nil, isReported: Bool = false) {
        self.ifNotHoliday = ifNotHoliday
        self.holiday = holiday
        self.state = state
        self.nextChange = nextChange
        self.nextState = nextState
        self.comment = comment
        self.isOpenEnd = isOpenEnd
        self.instant = instant
        self.unreadableText = unreadableText
        self.isReported = isReported
    }
}

/// One stretch of a day in the week table.
public struct OpeningInterval: Hashable, Sendable {
    /// Minutes from the day's midnight.
    public var start: Int
    /// Minutes from the day's midnight; past 1440 when it ends after midnight.
    public var end: Int
    /// `.open`, or `.unknown` for times the hours mark as uncertain.
    public var state: OpeningState
    /// Open with no known closing time (`18:00+`).
    public var isOpenEnd: Bool
    public var comment: String?

    public init(start: Int, end: Int, state: OpeningState, isOpenEnd: Bool = false, comment: String? = nil) {
        self.start = start
        self.end = end
        self.state = state
        self.isOpenEnd = isOpenEnd
        self.comment = comment
    }

    /// "08:00-18:00", "22:00-02:00", "18:00+", "10:00-18:00+".
    public var text: String {
        let from = OpeningHoursText.clock(start)
        if isOpenEnd && end <= start { return from + "+" }
        return from + "-" + OpeningHoursText.clock(end, isEnd: true) + (isOpenEnd ? "+" : "")
    }

    /// `text` with the state and note when they say more than "open" ("00:00-24:00 unknown \"by appointment\"").
    public var label: String {
        var label = text
        if state == .unknown { label += " unknown" }
        if let comment { label += " \"" + OpeningHoursText.printable(comment) + "\"" }
        return label
    }
}

/// One day of the week table.
public struct OpeningDay: Hashable, Sendable {
    /// 0 = Monday … 6 = Sunday.
    public var weekday: Int
    /// The instant the day starts in the evaluated time zone.
    public var date: Date
    /// "2026-11-23".
    public var isoDate: String
    /// Open (or uncertain) stretches in the order of the day.
    public var intervals: [OpeningInterval]
    public var isToday: Bool
    /// A note on the day when it is closed by a rule that says why ("Dec 24 off \"Christmas\"").
    public var comment: String?
    /// The public holiday that day ("Christmas Day"), or a warning that the hours may differ because the
    /// day may be one; nil when holidays do not matter.
    public var holiday: String?

    public init(weekday: Int, date: Date, isoDate: String, intervals: [OpeningInterval], isToday: Bool,
                comment: String? = nil, holiday: String? = nil) {
        self.holiday = holiday
        self.weekday = weekday
        self.date = date
        self.isoDate = isoDate
        self.intervals = intervals
        self.isToday = isToday
        self.comment = comment
    }

    /// "Mo".
    public var weekdayAbbreviation: String { OpeningHoursText.weekdayAbbreviations[weekday] }
}
