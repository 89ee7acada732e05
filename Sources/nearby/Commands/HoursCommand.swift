import ArgumentParser
import Foundation
import NearbyCore

/// `nearby hours EXPR`: evaluates an OpenStreetMap `opening_hours` text at an instant, as the screens do.
struct HoursCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hours",
        abstract: "Evaluate an opening_hours text: the state, the next change and the week.",
        discussion: "Times are local to $TZ, else the system's time zone."
    )

    @Argument(help: "The opening_hours text, e.g. \"Mo-Fr 08:00-18:00; Sa 09:00-12:00\".")
    var expression: String

    @Option(parsing: .unconditional, help: "The instant to evaluate at, YYYY-MM-DDTHH:MM in local time (default: now).")
    var at: String?

    @Flag(help: "Print JSON instead of a table.")
    var json = false

    func run() throws {
        let timeZone = Self.localTimeZone()
        var instant = Date()
        if let at {
            guard let parsed = Self.parseLocalTime(at, in: timeZone) else {
                let message = "nearby hours: --at \"\(OpeningHoursText.printable(at))\" is not a time in "
                    + "\(timeZone.identifier); write YYYY-MM-DDTHH:MM\n"
                FileHandle.standardError.write(Data(message.utf8))
                throw ExitCode.validationFailure
            }
            instant = parsed
        }
        let hours = OpeningHours(osm: expression)
        let status = hours.evaluate(at: instant, timeZone: timeZone)
        let week = hours.week(containing: instant, timeZone: timeZone)
        if json {
            printJSON(status: status, week: week, readable: hours.isReadable, timeZone: timeZone)
        } else {
            printTable(status: status, week: week, timeZone: timeZone)
        }
    }

    private func printTable(status: OpeningStatus, week: [OpeningDay], timeZone: TimeZone) {
        print("State:        \(status.state.rawValue)")
        print("Now:          \(status.detailText(timeZone: timeZone))")
        if let change = status.nextChange {
            let next = status.nextState.map { " (\($0.rawValue))" } ?? ""
            print("Next change:  \(Self.iso8601(change, timeZone: timeZone))\(next)")
        } else {
            print("Next change:  none")
        }
        print("Week:")
        for day in week {
            var hours = day.intervals.map(\.label).joined(separator: ", ")
            if hours.isEmpty { hours = status.unreadableText == nil ? "closed" : "?" }
            if let comment = day.comment { hours += " \"\(OpeningHoursText.printable(comment))\"" }
            let line = "  \(day.weekdayAbbreviation) \(day.isoDate)  \(hours)"
            print(day.isToday ? line + "   ← today" : line)
        }
    }

    /// One key per line and one day per line, in the order a reader expects (JSONEncoder would not keep it).
    private func printJSON(status: OpeningStatus, week: [OpeningDay], readable: Bool, timeZone: TimeZone) {
        let days = week.map { day in
            var fields = [
                "\"day\": \(Self.jsonString(day.weekdayAbbreviation))",
                "\"date\": \(Self.jsonString(day.isoDate))",
                "\"intervals\": [" + day.intervals.map { Self.jsonString($0.label) }.joined(separator: ", ") + "]",
                "\"today\": \(day.isToday)",
            ]
            if let comment = day.comment { fields.append("\"comment\": \(Self.jsonString(comment))") }
            return "    {" + fields.joined(separator: ", ") + "}"
        }
        let fields = [
            "\"state\": \(Self.jsonString(status.state.rawValue))",
            "\"next_change\": "
                + (status.nextChange.map { Self.jsonString(Self.iso8601($0, timeZone: timeZone)) } ?? "null"),
            "\"next_state\": " + (status.nextState.map { Self.jsonString($0.rawValue) } ?? "null"),
            "\"readable\": \(readable)",
            "\"text\": \(Self.jsonString(status.detailText(timeZone: timeZone)))",
            "\"week\": [\n" + days.joined(separator: ",\n") + "\n  ]",
        ]
        print("{\n  " + fields.joined(separator: ",\n  ") + "\n}")
    }

    /// A JSON string literal, escaped as every `--json` escapes (see `JSONOutput`).
    static func jsonString(_ text: String) -> String {
        JSONOutput.quoted(text)
    }

    /// $TZ when it names a zone, else the system's.
    static func localTimeZone() -> TimeZone {
        if var name = ProcessInfo.processInfo.environment["TZ"], !name.isEmpty {
            if name.hasPrefix(":") { name.removeFirst() }
            if let zone = TimeZone(identifier: name) { return zone }
        }
        return TimeZone.current
    }

    /// "2026-11-23T07:30" (or with a space) as an instant in `timeZone`; nil for anything else, for dates
    /// that do not exist (Feb 30) and for times the clocks skip.
    static func parseLocalTime(_ text: String, in timeZone: TimeZone) -> Date? {
        let scalars = Array(text.trimmingCharacters(in: .whitespaces).unicodeScalars)
        guard scalars.count == 16, scalars[4] == "-", scalars[7] == "-", scalars[10] == "T" || scalars[10] == " ",
              scalars[13] == ":" else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            guard scalars[range].allSatisfy({ ("0"..."9").contains($0) }) else { return nil }
            return Int(String(String.UnicodeScalarView(scalars[range])))
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
              let hour = number(11..<13), let minute = number(14..<16) else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let wanted = DateComponents(year: year, month: month, day: day, hour: hour, minute: minute)
        guard let date = calendar.date(from: wanted) else { return nil }
        let back = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
        guard back.year == year, back.month == month, back.day == day, back.hour == hour, back.minute == minute
        else { return nil }
        return date
    }

    static func iso8601(_ date: Date, timeZone: TimeZone) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = timeZone
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: date)
    }
}
