import FoundationEssentials

/// Times as people type them: "22:00", "tomorrow 10:00", "Sa 14:00", "Sat 2pm", "2026-11-21 14:00",
/// "2026-11-21T14:00", "2026-11-21", "21.11.2026", "Nov 21", "now".
///
/// A time alone is the next time the clock shows it (today, or tomorrow once it has passed); a weekday with
/// a time is the next such moment; a day alone (a date, a weekday, "tomorrow") is that day's midnight.
/// A time the clocks skip (a DST gap) is refused with the reason; a repeated one is its first occurrence.
public enum TimeExpression {
    /// The instant `text` names, read in `zone` with `now` as the reference.
    public static func parse(_ text: String, now: Date, zone: ZoneRules) -> Result<Date, TimeExpressionError> {
        let trimmed = text.trimmed
        if let explicit = explicitInstant(trimmed) { return .success(explicit) }
        switch local(trimmed, now: zone.localDateTime(at: now)) {
        case .failure(let error):
            return .failure(error)
        case .success(let local):
            switch zone.resolve(local) {
            case .unique(let date), .repeated(let date, _):
                return .success(date)
            case .skipped(let jump):
                let before = LocalDateTime(localSeconds: jump.instant + jump.before.seconds)
                let after = LocalDateTime(localSeconds: jump.instant + jump.after.seconds)
                return .failure(.skipped(isoText(local), zone: zone.identifier, from: clockText(before.secondOfDay),
                                         to: clockText(after.secondOfDay)))
            }
        }
    }

    /// "18:00-20:00", "Sa 18:00-20:00", "2026-11-21 22:00-02:00": from the first instant to the second,
    /// which is on the next day when it is not after the first. `base` is when a time alone is counted from.
    public static func span(_ text: String, base: Date, zone: ZoneRules) -> Result<(Date, Date), TimeExpressionError> {
        let trimmed = text.trimmed
        let words = trimmed.split(whereSeparator: \.isWhitespace)
        guard let last = words.last else { return .failure(.empty) }
        // The times may be written "18:00-20:00" or "18:00 - 20:00".
        let joined = words.count >= 3 && words[words.count - 2] == "-"
            ? words.dropLast(3).joined(separator: " ") + " " + words[words.count - 3] + "-" + last
            : trimmed
        let parts = joined.split(separator: " ")
        guard let range = parts.last, let dash = range.firstIndex(where: { $0 == "-" || $0 == "–" }),
              dash != range.startIndex, range.index(after: dash) != range.endIndex else {
            return .failure(.badSpan(trimmed))
        }
        let day = parts.dropLast().joined(separator: " ")
        let from = String(range[..<dash]), to = String(range[range.index(after: dash)...])
        let start: Date
        switch parse(day.isEmpty ? from : day + " " + from, now: base, zone: zone) {
        case .success(let date): start = date
        case .failure(let error): return .failure(error)
        }
        let endTime: Int
        switch clock(to.lowercased()) {
        case .success(let seconds)?: endTime = seconds
        case .failure(let error)?: return .failure(error)
        case nil: return .failure(.badSpan(trimmed))
        }
        let startLocal = zone.localDateTime(at: start)
        var endDay = startLocal.day
        if endTime <= startLocal.secondOfDay { endDay = endDay.next }
        let end = zone.instant(of: LocalDateTime(day: endDay, secondOfDay: endTime)) ?? start
        return end > start ? .success((start, end)) : .failure(.badSpan(trimmed))
    }

    /// "Sat 14:00" within the coming week, "Sat 2026-11-21 14:00" beyond; for headers ("as of Sat 14:00").
    public static func label(_ date: Date, now: Date, zone: ZoneRules) -> String {
        let local = zone.localDateTime(at: date)
        let today = zone.localDateTime(at: now).day
        let weekday = weekdayNames[local.day.weekday]
        let time = clockText(local.secondOfDay)
        let ahead = local.day.number - today.number
        return (0..<7).contains(ahead) ? "\(weekday) \(time)" : "\(weekday) \(local.day.isoText) \(time)"
    }

    static let weekdayNames = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]

    // MARK: Reading

    /// The wall-clock time `text` names.
    static func local(_ text: String, now: LocalDateTime) -> Result<LocalDateTime, TimeExpressionError> {
        var words = text.lowercased().split(whereSeparator: { $0.isWhitespace || $0 == "," }).map(String.init)
        guard !words.isEmpty else { return .failure(.empty) }
        if words == ["now"] { return .success(now) }
        // "2026-11-21T14:00".
        words = words.flatMap { word -> [String] in
            let parts = word.split(separator: "t", maxSplits: 1).map(String.init)
            return parts.count == 2 && isoDate(parts[0]) != nil ? parts : [word]
        }
        var day: (value: CivilDay, text: String, isWeekday: Bool)?
        var time: (seconds: Int, text: String)?
        var index = 0
        while index < words.count {
            let word = words[index]
            // "2 pm", "Nov 21", "21 Nov 2026": a word may need the next ones.
            if index + 1 < words.count, words[index + 1] == "am" || words[index + 1] == "pm" {
                words[index] = word + words[index + 1]
                words.remove(at: index + 1)
                continue
            }
            if let (found, used) = monthDate(words, at: index, today: now.day) {
                switch found {
                case .failure(let error): return .failure(error)
                case .success(let value):
                    let text = words[index..<(index + used)].joined(separator: " ")
                    if let day { return .failure(.twice(day.text, text)) }
                    day = (value, text, false)
                }
                index += used
                continue
            }
            if let clockResult = clock(word) {
                switch clockResult {
                case .failure(let error): return .failure(error)
                case .success(let seconds):
                    if let time { return .failure(.twice(time.text, word)) }
                    time = (seconds, word)
                }
            } else if let dayResult = dayWord(word, today: now.day) {
                switch dayResult {
                case .failure(let error): return .failure(error)
                case .success(let found):
                    if let day { return .failure(.twice(day.text, word)) }
                    day = (found.0, word, found.1)
                }
            } else {
                return .failure(.notUnderstood(word))
            }
            index += 1
        }
        let seconds = time?.seconds ?? 0
        guard var chosen = day?.value else {
            // A time alone: today, or tomorrow once it has passed (to the minute).
            let passed = seconds / 60 < now.secondOfDay / 60
            return .success(LocalDateTime(day: passed ? now.day.next : now.day, secondOfDay: seconds))
        }
        if let day, day.isWeekday, time != nil, chosen == now.day, seconds / 60 < now.secondOfDay / 60 {
            chosen = chosen.adding(days: 7)
        }
        return .success(LocalDateTime(day: chosen, secondOfDay: seconds))
    }

    /// A day word: today, tomorrow, yesterday, a weekday (the next one, today included), a date.
    private static func dayWord(_ word: String, today: CivilDay) -> Result<(CivilDay, Bool), TimeExpressionError>? {
        switch word {
        case "today": return .success((today, false))
        case "tomorrow", "tmrw": return .success((today.next, false))
        case "yesterday": return .success((today.previous, false))
        default: break
        }
        let bare = word.hasSuffix(".") ? String(word.dropLast()) : word
        if let weekday = weekdays[bare] { return .success((today.onOrAfter(weekday: weekday), true)) }
        if let date = isoDate(word) { return date.map { ($0, false) } }
        if let date = dottedDate(word, today: today) { return date.map { ($0, false) } }
        return nil
    }

    /// "2026-11-21"; nil when the word is not shaped like one.
    private static func isoDate(_ word: String) -> Result<CivilDay, TimeExpressionError>? {
        let parts = word.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count <= 2, parts[2].count <= 2,
              let year = number(parts[0]), let month = number(parts[1]), let day = number(parts[2]) else { return nil }
        return civilDay(year: year, month: month, day: day, text: word)
    }

    /// "21.11.2026", "21.11." (this year).
    private static func dottedDate(_ word: String, today: CivilDay) -> Result<CivilDay, TimeExpressionError>? {
        let parts = word.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count <= 2, parts[1].count <= 2,
              let day = number(parts[0]), let month = number(parts[1]) else { return nil }
        let year = parts[2].isEmpty ? today.year : number(parts[2])
        guard let year, parts[2].isEmpty || parts[2].count == 4 else { return nil }
        return civilDay(year: year, month: month, day: day, text: word)
    }

    /// "nov 21", "21 nov", with an optional year after; the result and how many words it used.
    private static func monthDate(_ words: [String], at index: Int, today: CivilDay)
        -> (Result<CivilDay, TimeExpressionError>, Int)? {
        func monthNumber(_ word: String) -> Int? { months[word.hasSuffix(".") ? String(word.dropLast()) : word] }
        var month: Int?, day: Int?, used = 0
        if let found = monthNumber(words[index]), index + 1 < words.count, let number = number(Substring(words[index + 1])),
           words[index + 1].count <= 2 {
            (month, day, used) = (found, number, 2)
        } else if words[index].count <= 3, let number = number(Substring(words[index].hasSuffix(".") ? String(words[index].dropLast()) : words[index])),
                  index + 1 < words.count, let found = monthNumber(words[index + 1]) {
            (month, day, used) = (found, number, 2)
        }
        guard let month, let day else { return nil }
        var year = today.year
        if index + used < words.count, words[index + used].count == 4, let explicit = number(Substring(words[index + used])) {
            year = explicit
            used += 1
        }
        let text = words[index..<(index + used)].joined(separator: " ")
        return (civilDay(year: year, month: month, day: day, text: text), used)
    }

    private static func civilDay(year: Int, month: Int, day: Int, text: String) -> Result<CivilDay, TimeExpressionError> {
        guard (1...9999).contains(year) else { return .failure(.noSuchDate(text, reason: "years run from 1 to 9999")) }
        guard (1...12).contains(month) else { return .failure(.noSuchDate(text, reason: "months run from 1 to 12")) }
        let length = CivilDate.daysInMonth(year: year, month: month)
        guard (1...length).contains(day) else {
            return .failure(.noSuchDate(text, reason: "\(monthNames[month - 1]) \(year) has \(length) days"))
        }
        return .success(CivilDay(year: year, month: month, day: day))
    }

    /// A time of day in seconds: "14:00", "9:30", "14.30", "14:00:00", "14h", "14h30", "2pm", "2:30pm",
    /// "noon", "midnight"; nil when the word is not shaped like a time.
    static func clock(_ word: String) -> Result<Int, TimeExpressionError>? {
        if word == "noon" { return .success(12 * 3600) }
        if word == "midnight" { return .success(0) }
        var body = Substring(word)
        var meridiem: String?
        for suffix in ["am", "pm", "a.m.", "p.m."] where body.hasSuffix(suffix) {
            meridiem = String(suffix.prefix(1))
            body = body.dropLast(suffix.count)
            break
        }
        let separators: Set<Character> = [":", ".", "h"]
        let parts = body.split(omittingEmptySubsequences: false, whereSeparator: { separators.contains($0) })
        guard !parts.isEmpty, parts.count <= 3, let hourPart = parts.first, (1...2).contains(hourPart.count),
              let hour = number(hourPart) else { return nil }
        // A bare number ("14") is a time only with am/pm or an "h" ("14h").
        guard parts.count > 1 || meridiem != nil else { return nil }
        var minute = 0, second = 0
        if parts.count > 1, !(parts[1].isEmpty && body.hasSuffix("h")) {
            guard parts[1].count == 2, let value = number(parts[1]) else { return nil }
            minute = value
        }
        if parts.count > 2 {
            guard parts[2].count == 2, let value = number(parts[2]) else { return nil }
            second = value
        }
        var hours = hour
        if let meridiem {
            guard (1...12).contains(hour) else { return .failure(.badTime(word, reason: "with am or pm, hours run from 1 to 12")) }
            hours = hour % 12 + (meridiem == "p" ? 12 : 0)
        }
        guard hours < 24 || (hours == 24 && minute == 0 && second == 0) else {
            return .failure(.badTime(word, reason: "hours run from 00 to 23"))
        }
        guard minute < 60, second < 60 else { return .failure(.badTime(word, reason: "minutes run from 00 to 59")) }
        // "24:00" is the end of the day: the next midnight.
        return .success(hours == 24 ? 0 : hours * 3600 + minute * 60 + second)
    }

    /// "2026-11-21T14:00Z", "2026-11-21T14:00+01:00": an instant with its offset, as scripts write it.
    private static func explicitInstant(_ text: String) -> Date? {
        let upper = text.uppercased()
        guard upper.count >= 17, let t = upper.firstIndex(of: "T"),
              case .success(let day)? = isoDate(String(upper[..<t]).lowercased()) else { return nil }
        var rest = upper[upper.index(after: t)...]
        var offset = 0
        if rest.hasSuffix("Z") {
            rest = rest.dropLast()
        } else if let sign = rest.lastIndex(where: { $0 == "+" || $0 == "-" }) {
            let zone = rest[sign...].dropFirst().split(separator: ":")
            guard zone.count == 2, let hours = number(zone[0]), let minutes = number(zone[1]), hours < 24, minutes < 60
            else { return nil }
            offset = (hours * 3600 + minutes * 60) * (rest[sign] == "-" ? -1 : 1)
            rest = rest[..<sign]
        } else {
            return nil
        }
        guard case .success(let seconds)? = clock(String(rest)) else { return nil }
        return Date(timeIntervalSince1970: Double(day.number * 86_400 + seconds - offset))
    }

    private static func number(_ text: Substring) -> Int? {
        guard !text.isEmpty, text.count <= 4, text.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(text)
    }

    private static func isoText(_ local: LocalDateTime) -> String {
        local.day.isoText + " " + clockText(local.secondOfDay)
    }

    public static func clockText(_ secondOfDay: Int) -> String {
        CivilDate.pad(secondOfDay / 3600, 2) + ":" + CivilDate.pad(secondOfDay / 60 % 60, 2)
    }

    // The words for weekdays and months are the ones opening hours accept.
    private static var weekdays: [String: Int] { OpeningHoursParser.weekdays }
    private static var months: [String: Int] { OpeningHoursParser.months }

    private static let monthNames = ["January", "February", "March", "April", "May", "June", "July", "August",
                                     "September", "October", "November", "December"]
}

extension String {
    /// Without leading and trailing white space (FoundationEssentials has no trimming by character set).
    var trimmed: String {
        String(drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }
}
