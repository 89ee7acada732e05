import FoundationEssentials

/// The words screens show for opening hours: short for list rows, long for the detail screen.
/// Pure: the instant comes from the status, the time zone is passed in.
public enum OpeningHoursText {
    static let weekdayAbbreviations = ["Mo", "Tu", "We", "Th", "Fr", "Sa", "Su"]
    static let monthAbbreviations = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov",
                                     "Dec"]

    /// "open · until 18:00", "closed · opens Mo 07:30", "open · 24/7", "hours unknown".
    public static func row(_ status: OpeningStatus, timeZone: TimeZone) -> String {
        if status.isReported { return status.state == .open ? "open now" : "closed now" }
        if status.unreadableText != nil { return "hours unknown" }
        switch status.state {
        case .unknown:
            return status.comment.map(printable) ?? "hours unknown"
        case .open:
            if status.isOpenEnd { return "open · open end" }
            guard let change = status.nextChange else { return "open · 24/7" }
            return "open · until " + when(change, from: status.instant, timeZone: timeZone, sayTomorrow: false,
                                         closing: true)
        case .closed:
            guard let change = status.nextChange, status.nextState == .open else { return "closed" }
            return "closed · opens " + when(change, from: status.instant, timeZone: timeZone, sayTomorrow: false)
        }
    }

    /// "Open · closes 18:00", "Closed · opens tomorrow 07:30", "Hours could not be read: <raw text>".
    public static func detail(_ status: OpeningStatus, timeZone: TimeZone) -> String {
        if status.isReported { return (status.state == .open ? "Open now" : "Closed now") + " · as the source says" }
        if let raw = status.unreadableText { return "Hours could not be read: " + printable(raw) }
        var text: String
        switch status.state {
        case .unknown:
            return "Hours unknown" + (status.comment.map { " · " + printable($0) } ?? "")
        case .open:
            if status.isOpenEnd {
                text = "Open · open end"
            } else if let change = status.nextChange {
                text = "Open · closes "
                    + when(change, from: status.instant, timeZone: timeZone, sayTomorrow: true, closing: true)
            } else {
                text = "Open · 24/7"
            }
        case .closed:
            if let change = status.nextChange, status.nextState == .open {
                text = "Closed · opens " + when(change, from: status.instant, timeZone: timeZone, sayTomorrow: true)
            } else {
                text = "Closed"
            }
        }
        if let comment = status.comment { text += " · " + printable(comment) }
        return text
    }

    /// "07:30" later today, "tomorrow 07:30" (detail) or "Tu 07:30" within a week, "Apr 1" beyond.
    /// A closing time after midnight reads "02:00": for a place open now, the coming night is clear.
    static func when(_ date: Date, from now: Date, timeZone: TimeZone, sayTomorrow: Bool,
                     closing: Bool = false) -> String {
        let (today, _) = LocalDay.locate(now, in: timeZone)
        let (day, minute) = LocalDay.locate(date, in: timeZone)
        let time = clock(minute)
        let daysAhead = day.number - today.number
        if daysAhead == 0 || (closing && daysAhead == 1 && date.timeIntervalSince(now) < 12 * 3600) { return time }
        if daysAhead == 1, sayTomorrow { return "tomorrow " + time }
        if daysAhead < 7 { return weekdayAbbreviations[day.weekday] + " " + time }
        let date = monthAbbreviations[day.month - 1] + " \(day.day)"
        return sayTomorrow ? date + " " + time : date
    }

    /// "07:30"; an end at midnight reads "24:00", past it wraps ("02:00").
    static func clock(_ minutes: Int, isEnd: Bool = false) -> String {
        var value = minutes
        if !(isEnd && value == 1440) { value %= 1440 }
        let hours = value / 60, rest = value % 60
        return (hours < 10 ? "0" : "") + "\(hours):" + (rest < 10 ? "0" : "") + "\(rest)"
    }

    /// Text from outside with control and direction-override characters made visible, so that it
    /// cannot move the cursor or restyle the terminal.
    public static func printable(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            let value = scalar.value
            let isControl = value < 0x20 || (0x7F...0x9F).contains(value)
            let isBidi = (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value)
            scalars.append(isControl || isBidi ? "\u{FFFD}" : scalar)
        }
        return String(scalars)
    }
}

extension OpeningStatus {
    /// The list row's words ("open · until 18:00").
    public func rowText(timeZone: TimeZone) -> String { OpeningHoursText.row(self, timeZone: timeZone) }
    /// The detail screen's words ("Closed · opens tomorrow 07:30").
    public func detailText(timeZone: TimeZone) -> String { OpeningHoursText.detail(self, timeZone: timeZone) }
}
