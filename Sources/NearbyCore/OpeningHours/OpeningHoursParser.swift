/// Reads OpenStreetMap `opening_hours` text into rules. Anything it does not understand fails the whole
/// text: a half-read schedule would be a guess.
struct OpeningHoursParser {
    struct Failure: Error {}

    private var tokens: [OpeningToken]
    private var position = 0

    /// The rules of `text`, or nil when it cannot be read.
    static func rules(_ text: String) -> [OpeningRule]? {
        guard let tokens = try? OpeningHoursLexer.tokens(text) else { return nil }
        var parser = OpeningHoursParser(tokens: tokens)
        guard let rules = try? parser.parseRules(), !rules.isEmpty else { return nil }
        return exceptionsLast(rules)
    }

    /// `Mo off; Mo-Su 10:00-18:00`, `PH off; Mo-Fr 08:00-18:00`: people write the days they close first, as
    /// exceptions to the hours that follow. Read strictly, the later rule would reopen them; so whole-day
    /// closures written before every other rule are applied after the other rules (before any `||` fallback).
    static func exceptionsLast(_ rules: [OpeningRule]) -> [OpeningRule] {
        let leading = rules.prefix { $0.closesSomeWholeDays }
        guard !leading.isEmpty, leading.count < rules.count else { return rules }
        var rest = Array(rules.dropFirst(leading.count))
        // The first rule after the exceptions starts the text anew.
        rest[0].kind = .normal
        let fallbackStart = rest.firstIndex { $0.kind == .fallback } ?? rest.count
        rest.insert(contentsOf: leading, at: fallbackStart)
        return rest
    }

    private init(tokens: [OpeningToken]) {
        self.tokens = tokens
    }

    // MARK: Rules

    private mutating func parseRules() throws(Failure) -> [OpeningRule] {
        var rules: [OpeningRule] = []
        var kind = RuleKind.normal
        while let token = peek() {
            if token == .semicolon {
                advance()
                kind = .normal
                continue
            }
            let before = position
            if let rule = try parseRule(kind: kind) { rules.append(rule) }
            switch peek() {
            case nil: break
            case .semicolon?: advance(); kind = .normal
            case .fallback?: advance(); kind = .fallback
            case .comma?: advance(); kind = .additional
            // A new selector right after a rule: a missing `;`, as in "Mo-Fr 08:00-18:00 Sa 09:00-12:00".
            case let next? where startsSelector(next) && position > before: kind = .normal
            default: throw Failure()
            }
        }
        return rules
    }

    private mutating func parseRule(kind: RuleKind) throws(Failure) -> OpeningRule? {
        var rule = OpeningRule(kind: kind)
        var saidSomething = false
        var namedTimes = false
        if peek() == .always {
            advance()
            saidSomething = true
            namedTimes = true
        } else {
            saidSomething = try parseSelectors(into: &rule.selector)
            // "May 01-Oct 31: Su 10:00-17:00": the weekdays after the colon narrow the same rule.
            if saidSomething, peek() == .colon {
                advance()
                _ = try parseSelectors(into: &rule.selector)
            }
            if peek() == .always {
                advance()
                namedTimes = true
            } else {
                rule.spans = try parseSpans()
                namedTimes = !rule.spans.isEmpty
            }
            saidSomething = saidSomething || namedTimes
        }
        var explicitState: RuleState?
        if case .word(let word)? = peek(), let state = Self.states[word] {
            advance()
            explicitState = state
            saidSomething = true
        }
        if case .comment(let comment)? = peek() {
            advance()
            rule.comment = comment
            // A note in place of times ("Sa \"by appointment\"") leaves the state unknown.
            if !namedTimes { explicitState = explicitState ?? .unknown }
            saidSomething = true
        }
        rule.state = explicitState ?? .open
        return saidSomething ? rule : nil
    }

    // MARK: Selectors

    /// Reads the selectors in front of the times; true when there was at least one.
    private mutating func parseSelectors(into selector: inout DaySelector) throws(Failure) -> Bool {
        var found = false
        while let token = peek(), startsSelector(token) {
            found = true
            switch token {
            case .number:
                selector.years += try parseYears()
            case .word(let word) where word == "week":
                advance()
                selector.weeks += try parseWeeks()
            case .word(let word) where Self.months[word] != nil || word == "easter":
                selector.dates += try parseDates()
            default:
                let (weekdays, holidays) = try parseWeekdays()
                if !holidays.isEmpty {
                    // In one list ("Su,PH") a day that is either matches; apart ("PH Mo-Fr") it must be both.
                    selector.holidaysOrWeekdays = !weekdays.isEmpty
                    selector.holidays += holidays
                }
                selector.weekdays += weekdays
            }
        }
        return found
    }

    private func startsSelector(_ token: OpeningToken) -> Bool {
        switch token {
        case .word(let word):
            word == "week" || word == "ph" || word == "sh" || word == "easter" || Self.weekdays[word] != nil
                || Self.months[word] != nil
        case .number(let value, let digits):
            digits == 4 && value >= 1900
        default:
            false
        }
    }

    private mutating func parseYears() throws(Failure) -> [SteppedRange] {
        var ranges: [SteppedRange] = []
        repeat {
            guard case .number(let from, 4)? = peek(), from >= 1900 else { throw Failure() }
            advance()
            var range = SteppedRange(from: from, to: from)
            if peek() == .dash, case .number(let to, 4)? = peek(1), to >= from {
                advance(2)
                range.to = to
            } else if peek() == .plus {
                advance()
                range.to = Int.max / 2
            }
            ranges.append(range)
        } while consumeComma(if: { if case .number(_, 4) = $0 { true } else { false } })
        return ranges
    }

    private mutating func parseWeeks() throws(Failure) -> [SteppedRange] {
        var ranges: [SteppedRange] = []
        repeat {
            let from = try number(in: 1...53)
            var range = SteppedRange(from: from, to: from)
            if peek() == .dash {
                advance()
                range.to = try number(in: 1...53)
            }
            if peek() == .slash {
                advance()
                range.step = try number(in: 1...53)
            }
            ranges.append(range)
        } while consumeComma(if: { if case .number = $0 { true } else { false } })
        return ranges
    }

    private mutating func parseDates() throws(Failure) -> [DateRange] {
        var ranges: [DateRange] = []
        var lastMonth = 1
        repeat {
            let from: DatePoint, fromMonth: Int?, fromDay: Int?
            if case .number = peek() {
                // "Dec 25,26": a bare day continues the last month.
                guard let day = try optionalDay() else { throw Failure() }
                (fromMonth, fromDay) = (lastMonth, day)
                from = DatePoint(base: .monthDay(lastMonth, day), offset: try dayOffset())
            } else if peek() == .word("easter") {
                advance()
                (fromMonth, fromDay) = (nil, nil)
                from = DatePoint(base: .easter, offset: try dayOffset())
            } else {
                let month = try month()
                let day = try optionalDay()
                (fromMonth, fromDay) = (month, day)
                from = DatePoint(base: .monthDay(month, day ?? 1), offset: day == nil ? 0 : try dayOffset())
            }
            // A month alone runs to its end; day 31 stands for the end of any month.
            var range = DateRange(from: from, to: fromMonth.map { month in
                DatePoint(base: .monthDay(month, fromDay ?? 31), offset: from.offset)
            } ?? from)
            if peek() == .dash {
                if case .word(let word)? = peek(1), Self.months[word] != nil {
                    advance()
                    let toMonth = try month()
                    let toDay = try optionalDay()
                    range.to = DatePoint(base: .monthDay(toMonth, toDay ?? 31), offset: toDay == nil ? 0 : try dayOffset())
                    lastMonth = toMonth
                } else if peek(1) == .word("easter") {
                    advance(2)
                    range.to = DatePoint(base: .easter, offset: try dayOffset())
                } else if let fromMonth, fromDay != nil, case .number = peek(1) {
                    advance()
                    guard let toDay = try optionalDay() else { throw Failure() }
                    range.to = DatePoint(base: .monthDay(fromMonth, toDay))
                    lastMonth = fromMonth
                }
            } else if let fromMonth {
                lastMonth = fromMonth
            }
            ranges.append(range)
        } while consumeComma(if: { token in
            switch token {
            case .word(let word): Self.months[word] != nil || word == "easter"
            case .number(let value, let digits): digits <= 2 && (1...31).contains(value)
            default: false
            }
        })
        return ranges
    }

    /// "+1 day", "-2 days" after a date; 0 when none follows.
    private mutating func dayOffset() throws(Failure) -> Int {
        guard peek() == .plus || peek() == .dash, case .number(let days, _)? = peek(1),
              case .word(let unit)? = peek(2), unit == "day" || unit == "days" else { return 0 }
        let negative = peek() == .dash
        advance(3)
        guard days <= 366 else { throw Failure() }
        return negative ? -days : days
    }

    private mutating func month() throws(Failure) -> Int {
        guard case .word(let word)? = peek(), let month = Self.months[word] else { throw Failure() }
        advance()
        return month
    }

    /// A day of the month after a month name, when one follows.
    private mutating func optionalDay() throws(Failure) -> Int? {
        guard case .number(let value, let digits)? = peek(), digits <= 2 else { return nil }
        // "Dec 8am-…" is a time, not a day.
        if case .word(let word)? = peek(1), word == "am" || word == "pm" { return nil }
        guard (1...31).contains(value) else { throw Failure() }
        advance()
        return value
    }

    /// A list of weekday ranges and holidays ("Mo-Fr,PH").
    private mutating func parseWeekdays() throws(Failure) -> ([WeekdayRange], [HolidayKind]) {
        var ranges: [WeekdayRange] = []
        var holidays: [HolidayKind] = []
        repeat {
            guard case .word(let word)? = peek() else { throw Failure() }
            advance()
            if word == "ph" || word == "sh" {
                holidays.append(word == "ph" ? .publicHoliday : .schoolHoliday)
                continue
            }
            guard let from = Self.weekdays[word] else { throw Failure() }
            var range = WeekdayRange(from: from, to: from)
            if peek() == .dash, case .word(let next)? = peek(1), let to = Self.weekdays[next] {
                advance(2)
                range.to = to
            }
            if peek() == .openBracket {
                advance()
                range.nth = try parseNth()
            }
            ranges.append(range)
        } while consumeComma(if: { token in
            guard case .word(let word) = token else { return false }
            return Self.weekdays[word] != nil || word == "ph" || word == "sh"
        })
        return (ranges, holidays)
    }

    /// `[1]`, `[1,3]`, `[-1]`, `[1-2]` after the opening bracket.
    private mutating func parseNth() throws(Failure) -> [Int] {
        var values: [Int] = []
        repeat {
            let negative = peek() == .dash
            if negative { advance() }
            let first = try number(in: 1...5)
            if !negative, peek() == .dash {
                advance()
                let last = try number(in: 1...5)
                guard first <= last else { throw Failure() }
                values += Array(first...last)
            } else {
                values.append(negative ? -first : first)
            }
        } while consumeComma(if: { token in
            if case .number = token { return true }
            return token == .dash
        })
        guard peek() == .closeBracket else { throw Failure() }
        advance()
        return values
    }

    // MARK: Times

    private mutating func parseSpans() throws(Failure) -> [TimeSpan] {
        var spans: [TimeSpan] = []
        while let start = try timePoint() {
            if case .clock(let minutes) = start, minutes >= 1440 { throw Failure() }
            if peek() == .plus {
                advance()
                spans.append(TimeSpan(start: start, end: start, openEnd: true))
            } else {
                guard peek() == .dash || peek() == .word("to") else { throw Failure() }
                advance()
                guard var end = try timePoint() else { throw Failure() }
                if case .clock(let from) = start, case .clock(var to) = end {
                    if to <= from { to += 1440 }
                    guard to <= 2880 else { throw Failure() }
                    end = .clock(to)
                }
                var span = TimeSpan(start: start, end: end)
                if peek() == .plus {
                    advance()
                    span.openEnd = true
                }
                spans.append(span)
            }
            // "08:00-12:00,13:00-18:00"; a comma before anything else ends the rule (an additional rule follows).
            if peek() == .comma, startsTime(peek(1)) { advance() }
        }
        return spans
    }

    private func startsTime(_ token: OpeningToken?) -> Bool {
        switch token {
        case .time?, .openParen?: return true
        case .word(let word)? where Self.sunEvents[word] != nil: return true
        case .number(_, let digits)? where digits <= 2:
            if case .word(let word)? = peek(2), word == "am" || word == "pm" { return true }
            return false
        default: return false
        }
    }

    /// A time of day, when one is next: "08:00", "8.30", "8am", "8:30 pm", "sunset", "(sunrise+01:00)".
    private mutating func timePoint() throws(Failure) -> TimePoint? {
        if case .word(let word)? = peek(), let event = Self.sunEvents[word] {
            advance()
            return .sun(event, offset: 0)
        }
        if peek() == .openParen {
            advance()
            guard case .word(let word)? = peek(), let event = Self.sunEvents[word] else { throw Failure() }
            advance()
            var offset = 0
            if peek() == .plus || peek() == .dash {
                let sign = peek() == .plus ? 1 : -1
                advance()
                guard case .time(let hours, let minutes)? = peek(), minutes < 60, hours < 24 else { throw Failure() }
                advance()
                offset = sign * (hours * 60 + minutes)
            }
            guard peek() == .closeParen else { throw Failure() }
            advance()
            return .sun(event, offset: offset)
        }
        return try clockTime().map(TimePoint.clock)
    }

    /// Minutes since midnight of a clock time, when one is next ("08:00", "8.30", "8am", "8:30 pm").
    private mutating func clockTime() throws(Failure) -> Int? {
        var hour: Int, minute: Int
        switch peek() {
        case .time(let h, let m)?:
            (hour, minute) = (h, m)
        case .number(let h, let digits)? where digits <= 2:
            guard case .word(let word)? = peek(1), word == "am" || word == "pm" else { return nil }
            (hour, minute) = (h, 0)
        default:
            return nil
        }
        advance()
        guard minute < 60 else { throw Failure() }
        if case .word(let word)? = peek(), word == "am" || word == "pm" {
            advance()
            guard (1...12).contains(hour) else { throw Failure() }
            hour = hour % 12 + (word == "pm" ? 12 : 0)
        }
        guard hour <= 48 else { throw Failure() }
        return hour * 60 + minute
    }

    // MARK: Tokens

    private func peek(_ offset: Int = 0) -> OpeningToken? {
        let index = position + offset
        return tokens.indices.contains(index) ? tokens[index] : nil
    }

    private mutating func advance(_ count: Int = 1) { position += count }

    private mutating func number(in range: ClosedRange<Int>) throws(Failure) -> Int {
        guard case .number(let value, _)? = peek(), range.contains(value) else { throw Failure() }
        advance()
        return value
    }

    /// Consumes a comma when the token after it continues the current list.
    private mutating func consumeComma(if continues: (OpeningToken) -> Bool) -> Bool {
        guard peek() == .comma, let next = peek(1), continues(next) else { return false }
        advance()
        return true
    }

    // MARK: Words

    private static let sunEvents: [String: SunEvent] = [
        "dawn": .dawn, "sunrise": .sunrise, "sunset": .sunset, "dusk": .dusk,
    ]

    private static let states: [String: RuleState] = [
        "open": .open, "closed": .closed, "off": .closed, "unknown": .unknown,
    ]

    /// "mo", "mon", "monday" … → 0 (Monday) to 6; also read by `TimeExpression`.
    static let weekdays: [String: Int] = {
        let names = [["mo", "mon", "monday"], ["tu", "tue", "tues", "tuesday"], ["we", "wed", "wednesday"],
                     ["th", "thu", "thur", "thurs", "thursday"], ["fr", "fri", "friday"],
                     ["sa", "sat", "saturday"], ["su", "sun", "sunday"]]
        var table: [String: Int] = [:]
        for (index, words) in names.enumerated() { for word in words { table[word] = index } }
        return table
    }()

    /// "jan", "january" … → 1 to 12; also read by `TimeExpression`.
    static let months: [String: Int] = {
        let names = [["jan", "january"], ["feb", "february"], ["mar", "march"], ["apr", "april"], ["may"],
                     ["jun", "june"], ["jul", "july"], ["aug", "august"], ["sep", "sept", "september"],
                     ["oct", "october"], ["nov", "november"], ["dec", "december"]]
        var table: [String: Int] = [:]
        for (index, words) in names.enumerated() { for word in words { table[word] = index + 1 } }
        return table
    }()
}
