import FoundationEssentials

/// The words screens show for opening hours: short for list rows, long for the detail screen.
/// Pure: the instant comes from the status, the time zone is passed in.
public enum OpeningHoursText {
    static let weekdayAbbreviations = ["Mo", "Tu", "We", "Th", "Fr", "Sa", "Su"]
    static let monthAbbreviations = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov",
                                     "Dec"]
    /// Below this many minutes a change reads "closes in 20 min" and the row shows it is soon.
    public static let soonMinutes = 60

    /// "open · until 18:00", "open · closes in 20 min", "closed · opens Mo 07:30", "open · 24/7",
    /// "open unless holiday · until 18:00", "maybe open · open end", "open now" (as a source reported), "hours unknown".
    public static func row(_ status: OpeningStatus, timeZone: ZoneRules) -> String {
        if status.isReported { return status.state == .open ? "open now" : "closed now" }
        if status.unreadableText != nil { return "hours unknown" }
        switch status.state {
        case .unknown:
            if status.isOpenEnd { return "maybe open · open end" }
            if let ordinary = status.ifNotHoliday {
                let words = ordinary == .open ? "open unless holiday" : "closed unless holiday"
                guard let change = status.nextChange else { return words }
                return words + " · until " + when(change, from: status.instant, timeZone: timeZone, sayTomorrow: false,
                                                  closing: true)
            }
            return status.comment.map(printable) ?? "hours unknown"
        case .open:
            guard let change = status.nextChange else { return "open · 24/7" }
            if status.nextState == .closed, let minutes = status.minutesUntilChange, minutes < soonMinutes {
                return "open · closes in \(minutes) min"
            }
            return "open · until " + when(change, from: status.instant, timeZone: timeZone, sayTomorrow: false,
                                         closing: true)
        case .closed:
            guard let change = status.nextChange, status.nextState != .closed else { return "closed" }
            let verb = status.nextState == .open ? "opens" : "maybe opens"
            if let minutes = status.minutesUntilChange, minutes < soonMinutes { return "closed · \(verb) in \(minutes) min" }
            return "closed · \(verb) " + when(change, from: status.instant, timeZone: timeZone, sayTomorrow: false)
        }
    }

    /// "Open · closes 18:00", "Closed · Christmas Day · opens tomorrow 07:30", "Open now · as the source says",
    /// "Hours could not be read: <raw>".
    public static func detail(_ status: OpeningStatus, timeZone: ZoneRules) -> String {
        if status.isReported { return (status.state == .open ? "Open now" : "Closed now") + " · as the source says" }
        if let raw = status.unreadableText { return "Hours could not be read: " + printable(raw) }
        var text: String
        switch status.state {
        case .unknown:
            if status.isOpenEnd {
                text = "Maybe open · open end, closing time unknown"
            } else if let ordinary = status.ifNotHoliday {
                text = ordinary == .open ? "Open unless today is a holiday" : "Closed unless today is a holiday"
                if let change = status.nextChange {
                    text += " · until " + when(change, from: status.instant, timeZone: timeZone, sayTomorrow: true,
                                               closing: true)
                }
            } else {
                return "Hours unknown" + (status.comment.map { " · " + printable($0) } ?? "")
            }
        case .open:
            if let change = status.nextChange {
                let time = when(change, from: status.instant, timeZone: timeZone, sayTomorrow: true, closing: true)
                if status.nextState == .closed, let minutes = status.minutesUntilChange, minutes < soonMinutes {
                    text = "Open · closes in \(minutes) min (\(time))"
                } else {
                    text = (status.nextState == .unknown ? "Open · until " : "Open · closes ") + time
                }
            } else {
                text = "Open · 24/7"
            }
        case .closed:
            text = "Closed"
            if let holiday = status.holiday { text += " · " + printable(holiday) }
            if let change = status.nextChange, status.nextState != .closed {
                let verb = status.nextState == .open ? "opens" : "maybe opens"
                text += " · \(verb) " + when(change, from: status.instant, timeZone: timeZone, sayTomorrow: true)
            }
        }
        if let comment = status.comment { text += " · " + printable(comment) }
        return text
    }

    /// "07:30" later today, "tomorrow 07:30" (detail) or "Tu 07:30" within a week, "Apr 1" beyond.
    /// A closing time after midnight reads "02:00": for a place open now, the coming night is clear.
    static func when(_ date: Date, from now: Date, timeZone: ZoneRules, sayTomorrow: Bool,
                     closing: Bool = false) -> String {
        let today = timeZone.localDateTime(at: now).day
        let local = timeZone.localDateTime(at: date)
        let time = clock(local.minuteOfDay)
        let daysAhead = local.day.number - today.number
        if daysAhead == 0 || (closing && daysAhead == 1 && date.timeIntervalSince(now) < 12 * 3600) { return time }
        if daysAhead == 1, sayTomorrow { return "tomorrow " + time }
        if daysAhead < 7 { return weekdayAbbreviations[local.day.weekday] + " " + time }
        let text = monthAbbreviations[local.day.month - 1] + " \(local.day.day)"
        return sayTomorrow ? text + " " + time : text
    }

    /// "07:30"; an end at midnight reads "24:00", past it wraps ("02:00").
    public static func clock(_ minutes: Int, isEnd: Bool = false) -> String {
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
    public func rowText(timeZone: ZoneRules) -> String { OpeningHoursText.row(self, timeZone: timeZone) }
    /// The detail screen's words ("Closed · opens tomorrow 07:30").
    public func detailText(timeZone: ZoneRules) -> String { OpeningHoursText.detail(self, timeZone: timeZone) }

    /// Whole minutes until the next change, rounded up ("closes in 1 min" until it closes); nil without one.
    public var minutesUntilChange: Int? {
        guard let nextChange else { return nil }
        let seconds = nextChange.timeIntervalSince(instant)
        guard seconds > 0 else { return nil }
        return Int((seconds / 60).rounded(.up))
    }

    /// Open, and closing within the hour: the row's colour for "closing soon".
    public var isClosingSoon: Bool {
        state == .open && nextState == .closed && (minutesUntilChange ?? Int.max) < OpeningHoursText.soonMinutes
    }

    /// When the row's words next change without a change of state: the minute "closes in 21 min" becomes
    /// "20 min", or the moment a change comes within the hour.
    public var wordsValidUntil: Date? {
        guard let nextChange, let minutes = minutesUntilChange else { return nil }
        if minutes < OpeningHoursText.soonMinutes {
            // The count drops at each whole minute before the change.
            let wholeMinutes = Double(minutes - 1) * 60
            return nextChange.addingTimeInterval(-wholeMinutes)
        }
        return nextChange.addingTimeInterval(-Double(OpeningHoursText.soonMinutes - 1) * 60)
    }
}
