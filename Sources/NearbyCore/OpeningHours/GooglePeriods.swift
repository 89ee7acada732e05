/// Turns Google's weekly periods into the same rules OpenStreetMap text gives.
enum GooglePeriods {
    /// The rules, or nil when a period names an impossible day or minute.
    static func rules(_ periods: [WeeklyPeriod]) -> [OpeningRule]? {
        guard !periods.isEmpty else { return nil }
        // Google's 24/7: a period with no close.
        if periods.contains(where: { $0.closeDay == nil || $0.closeMinute == nil }) {
            return [OpeningRule()]
        }
        var rules: [OpeningRule] = []
        for period in periods {
            guard let closeDay = period.closeDay, let closeMinute = period.closeMinute,
                  (0...6).contains(period.openDay), (0...6).contains(closeDay),
                  (0..<1440).contains(period.openMinute), (0...1440).contains(closeMinute) else { return nil }
            var length = (closeDay - period.openDay + 7) % 7 * 1440 + closeMinute - period.openMinute
            if length <= 0 { length += 7 * 1440 }
            var weekday = (period.openDay + 6) % 7  // Google counts from Sunday, OpenStreetMap from Monday.
            var start = period.openMinute
            // One rule per day touched; a stretch ending by the next midnight stays whole ("22:00-02:00").
            while length > 0 {
                let end = start + length <= 2880 ? start + length : 1440
                rules.append(OpeningRule(kind: .additional,
                                         selector: DaySelector(weekdays: [WeekdayRange(from: weekday, to: weekday)]),
                                         spans: [TimeSpan(start: .clock(start), end: .clock(end))]))
                length -= end - start
                weekday = (weekday + 1) % 7
                start = 0
            }
        }
        return rules
    }

    /// The rules in OpenStreetMap's words ("Mo 08:00-18:00, Tu 22:00-02:00"), shown as the source text.
    static func describe(_ rules: [OpeningRule]) -> String {
        rules.map { rule in
            let day = rule.selector.weekdays.first.map { OpeningHoursText.weekdayAbbreviations[$0.from] + " " } ?? ""
            let spans = rule.spans.map { span -> String in
                guard case .clock(let start) = span.start, case .clock(let end) = span.end else { return "" }
                return OpeningInterval(start: start, end: end, state: .open).text
            }
            return spans.isEmpty ? "24/7" : day + spans.joined(separator: ",")
        }.joined(separator: ", ")
    }

    /// Periods that could not be read, as numbers.
    static func describeRaw(_ periods: [WeeklyPeriod]) -> String {
        guard !periods.isEmpty else { return "no opening periods" }
        return periods.map { period in
            let close = period.closeDay.map { "\($0)/\(period.closeMinute.map(String.init) ?? "?")" } ?? "none"
            return "open \(period.openDay)/\(period.openMinute) close \(close)"
        }.joined(separator: "; ")
    }
}
