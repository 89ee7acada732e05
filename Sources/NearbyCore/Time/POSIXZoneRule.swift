/// A POSIX TZ rule ("CET-1CEST,M3.5.0,M10.5.0/3"): what `TZ` may hold, and what a TZif file's footer uses for
/// the years past its table.
struct POSIXZoneRule: Hashable, Sendable {
    /// A day of the year in a rule: `Jn` (1…365, never counting Feb 29), `n` (0…365), `Mm.w.d`.
    enum DayRule: Hashable, Sendable {
        case julianNoLeap(Int)
        case zeroBased(Int)
        /// Month 1…12, week 1…5 (5 = the last), weekday 0 = Sunday.
        case monthWeekDay(month: Int, week: Int, weekday: Int)

        func day(in year: Int) -> CivilDay {
            let january = CivilDate.days(year: year, month: 1, day: 1)
            switch self {
            case .julianNoLeap(let n):
                return CivilDay(number: january + n - 1 + (CivilDate.isLeapYear(year) && n >= 60 ? 1 : 0))
            case .zeroBased(let n):
                return CivilDay(number: january + n)
            case .monthWeekDay(let month, let week, let weekday):
                let first = CivilDay(year: year, month: month, day: 1).onOrAfter(weekday: (weekday + 6) % 7)
                var day = first.adding(days: (week - 1) * 7)
                while day.month != month { day = day.adding(days: -7) }
                return day
            }
        }
    }

    /// When daylight saving starts or ends: a day and a wall-clock time (which may be negative or pass 24 h).
    struct Change: Hashable, Sendable {
        var day: DayRule
        var second: Int
    }

    struct Daylight: Hashable, Sendable {
        var offset: ZoneOffset
        var start: Change
        var end: Change
    }

    var standard: ZoneOffset
    var daylight: Daylight?

    // MARK: Evaluation

    /// The offset in force at `instant` (seconds since 1970).
    func offset(at instant: Int) -> ZoneOffset {
        guard daylight != nil else { return standard }
        let year = CivilDate.civil(fromDays: CivilDate.split(seconds: instant).days).year
        var current = standard
        // The changes of the year before count too: a southern summer started last year.
        for change in changes(inYears: (year - 1)...(year + 1)) where change.instant <= instant {
            current = change.after
        }
        return current
    }

    /// The changes in `years`, in time order.
    func changes(inYears years: ClosedRange<Int>) -> [ZoneTransition] {
        guard let daylight else { return [] }
        var result: [ZoneTransition] = []
        for year in years {
            let start = daylight.start.day.day(in: year).number * 86_400 + daylight.start.second - standard.seconds
            let end = daylight.end.day.day(in: year).number * 86_400 + daylight.end.second - daylight.offset.seconds
            result.append(ZoneTransition(instant: start, before: standard, after: daylight.offset))
            result.append(ZoneTransition(instant: end, before: daylight.offset, after: standard))
        }
        // At a tie (all-year daylight saving) the end goes first, so the start is what holds.
        return result.sorted { ($0.instant, $0.after.isDaylightSaving ? 1 : 0) < ($1.instant, $1.after.isDaylightSaving ? 1 : 0) }
    }

    // MARK: Parsing

    /// The rule of `text`, or nil when it is not a POSIX TZ string.
    init?(_ text: String) {
        var scanner = RuleScanner(Array(text.utf8))
        guard let standardName = scanner.name(), let standardOffset = scanner.offset() else { return nil }
        standard = ZoneOffset(seconds: -standardOffset, abbreviation: standardName)
        if scanner.isAtEnd {
            daylight = nil
            return
        }
        guard let daylightName = scanner.name() else { return nil }
        var daylightSeconds = standard.seconds + 3600
        if let offset = scanner.offset() { daylightSeconds = -offset }
        let offset = ZoneOffset(seconds: daylightSeconds, isDaylightSaving: true, abbreviation: daylightName)
        if scanner.isAtEnd {
            // POSIX leaves the default rule to the system; glibc uses the United States' rule.
            daylight = Daylight(offset: offset, start: Change(day: .monthWeekDay(month: 3, week: 2, weekday: 0), second: 7200),
                                end: Change(day: .monthWeekDay(month: 11, week: 1, weekday: 0), second: 7200))
            return
        }
        guard scanner.take(","), let start = scanner.change(), scanner.take(","), let end = scanner.change(),
              scanner.isAtEnd else { return nil }
        daylight = Daylight(offset: offset, start: start, end: end)
    }
}

/// Reads the parts of a POSIX TZ string.
private struct RuleScanner {
    let bytes: [UInt8]
    var index = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var isAtEnd: Bool { index >= bytes.count }

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    mutating func take(_ character: Character) -> Bool {
        guard let ascii = character.asciiValue, current == ascii else { return false }
        index += 1
        return true
    }

    /// "CET", or "<+0330>" quoted; at least three characters.
    mutating func name() -> String? {
        var name: [UInt8] = []
        if take("<") {
            while let byte = current, byte != UInt8(ascii: ">") {
                guard isAlphanumeric(byte) || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") else { return nil }
                name.append(byte)
                index += 1
            }
            guard take(">") else { return nil }
        } else {
            while let byte = current, isLetter(byte) {
                name.append(byte)
                index += 1
            }
        }
        guard name.count >= 3 else { return nil }
        return String(decoding: name, as: UTF8.self)
    }

    /// "[+-]hh[:mm[:ss]]" in seconds, as written (west of Greenwich is positive).
    mutating func offset() -> Int? {
        time(maxHours: 24)
    }

    /// A change: a day rule and an optional "/time" (default 02:00; may be negative or up to 167 hours).
    mutating func change() -> POSIXZoneRule.Change? {
        let day: POSIXZoneRule.DayRule
        if take("J") {
            guard let n = number(), (1...365).contains(n) else { return nil }
            day = .julianNoLeap(n)
        } else if take("M") {
            guard let month = number(), (1...12).contains(month), take("."), let week = number(), (1...5).contains(week),
                  take("."), let weekday = number(), (0...6).contains(weekday) else { return nil }
            day = .monthWeekDay(month: month, week: week, weekday: weekday)
        } else {
            guard let n = number(), (0...365).contains(n) else { return nil }
            day = .zeroBased(n)
        }
        var second = 7200
        if take("/") {
            guard let time = time(maxHours: 167) else { return nil }
            second = time
        }
        return POSIXZoneRule.Change(day: day, second: second)
    }

    private mutating func time(maxHours: Int) -> Int? {
        var sign = 1
        if take("-") { sign = -1 } else { _ = take("+") }
        guard let hours = number(), hours <= maxHours else { return nil }
        var seconds = hours * 3600
        if take(":") {
            guard let minutes = number(), minutes < 60 else { return nil }
            seconds += minutes * 60
            if take(":") {
                guard let rest = number(), rest < 60 else { return nil }
                seconds += rest
            }
        }
        return sign * seconds
    }

    private mutating func number() -> Int? {
        var value = 0, digits = 0
        while let byte = current, byte >= 48, byte <= 57, digits < 4 {
            value = value * 10 + Int(byte - 48)
            digits += 1
            index += 1
        }
        return digits > 0 ? value : nil
    }

    private func isLetter(_ byte: UInt8) -> Bool {
        (65...90).contains(byte) || (97...122).contains(byte)
    }

    private func isAlphanumeric(_ byte: UInt8) -> Bool {
        isLetter(byte) || (48...57).contains(byte)
    }
}
