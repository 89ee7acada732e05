import FoundationEssentials
import NearbyCore

/// What `nearby hours` prints: a table for people or JSON for scripts, from one evaluation.
struct HoursReport {
    let hours: OpeningHours
    let status: OpeningStatus
    let week: [OpeningDay]
    let context: HoursContext

    var table: [String] {
        let zone = context.zone
        var lines = ["State:        \(status.state.rawValue)", "Now:          \(status.detailText(timeZone: zone))"]
        if let change = status.nextChange {
            let next = status.nextState.map { " (\($0.rawValue))" } ?? ""
            lines.append("Next change:  \(Self.iso8601(change, zone: zone))\(next)")
        } else {
            lines.append("Next change:  none")
        }
        if let holidays = holidaysText { lines.append("Holidays:     \(holidays)") }
        for note in notes { lines.append("Note:         \(note)") }
        lines.append("Week:")
        for day in week {
            var text = day.intervals.map(\.label).joined(separator: ", ")
            if text.isEmpty { text = status.unreadableText == nil ? "closed" : "?" }
            if let comment = day.comment { text += " \"\(OpeningHoursText.printable(comment))\"" }
            if let holiday = day.holiday { text += " (\(OpeningHoursText.printable(holiday)))" }
            let line = "  \(day.weekdayAbbreviation) \(day.isoDate)  \(text)"
            lines.append(day.isToday ? line + "   ← today" : line)
        }
        return lines
    }

    /// Which holiday calendar applied, when the hours name holidays.
    var holidaysText: String? {
        guard hours.mentionsPublicHolidays || hours.mentionsSchoolHolidays else { return nil }
        guard let calendar = context.holidays else { return "no holiday table for here" }
        return calendar.name
    }

    /// Why the answer may not be the whole truth.
    var notes: [String] {
        var notes: [String] = []
        if hours.mentionsPublicHolidays && context.holidays == nil {
            notes.append("the state may differ on a public holiday: no holiday table applies here "
                         + "(set --country, or country or holidays_file in the config file)")
        } else if status.ifNotHoliday != nil {
            notes.append("the state may differ if today is a holiday (the table is not sure of it here)")
        }
        if hours.dependsOnTheSun, context.position == nil {
            notes.append("sunrise and sunset need a position: --near LAT,LON")
        }
        return notes
    }

    /// One key per line and one day per line, in the order a reader expects.
    var json: String {
        let zone = context.zone
        let days = week.map { day in
            var fields = [
                "\"day\": \(JSONOutput.quoted(day.weekdayAbbreviation))",
                "\"date\": \(JSONOutput.quoted(day.isoDate))",
                "\"intervals\": [" + day.intervals.map { JSONOutput.quoted($0.label) }.joined(separator: ", ") + "]",
                "\"today\": \(day.isToday)",
            ]
            if let comment = day.comment { fields.append("\"comment\": \(JSONOutput.quoted(comment))") }
            if let holiday = day.holiday { fields.append("\"holiday\": \(JSONOutput.quoted(holiday))") }
            return "    {" + fields.joined(separator: ", ") + "}"
        }
        let fields = [
            "\"state\": \(JSONOutput.quoted(status.state.rawValue))",
            "\"next_change\": " + (status.nextChange.map { JSONOutput.quoted(Self.iso8601($0, zone: zone)) } ?? "null"),
            "\"next_state\": " + (status.nextState.map { JSONOutput.quoted($0.rawValue) } ?? "null"),
            "\"readable\": \(hours.isReadable)",
            "\"text\": \(JSONOutput.quoted(status.detailText(timeZone: zone)))",
            "\"holidays\": " + (holidaysText.map(JSONOutput.quoted) ?? "null"),
            "\"notes\": [" + notes.map(JSONOutput.quoted).joined(separator: ", ") + "]",
            "\"week\": [\n" + days.joined(separator: ",\n") + "\n  ]",
        ]
        return "{\n  " + fields.joined(separator: ",\n  ") + "\n}"
    }

    /// "2026-11-23T18:00:00+01:00" in the zone's local time.
    static func iso8601(_ date: Date, zone: ZoneRules) -> String {
        let local = zone.localDateTime(at: date)
        let second = local.secondOfDay
        func pad(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return local.day.isoText + "T" + pad(second / 3600) + ":" + pad(second / 60 % 60) + ":" + pad(second % 60)
            + zone.offset(at: date).isoText
    }
}
