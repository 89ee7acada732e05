import FoundationEssentials
import NearbyCore

/// When what Home shows next changes by the clock alone, so the view schedules one redraw, not a timer.
enum HomeRefreshSchedule {
    /// The earliest of: any state change (a pick may move to another place), and for each text shown the
    /// instants its wording changes without a state change ("opens Tu 07:30" reads "opens 07:30" from
    /// midnight; a closing time after midnight loses its weekday twelve hours before).
    static func next(after now: Date, changes: [Date], shown: [OpeningStatus], timeZone: ZoneRules) -> Date? {
        var candidates = changes.filter { $0 > now }
        let today = timeZone.localDateTime(at: now).day
        let referencesAnotherDay = shown.contains { status in
            guard let change = status.nextChange else { return false }
            return timeZone.localDateTime(at: change).day != today
        }
        if referencesAnotherDay, let midnight = timeZone.instant(of: LocalDateTime(day: today.next, secondOfDay: 0)) {
            candidates.append(midnight)
        }
        // "closes in 21 min" becomes "20 min" a minute later.
        candidates += shown.compactMap(\.wordsValidUntil).filter { $0 > now }
        for status in shown where status.state == .open {
            if let change = status.nextChange {
                let window = change.addingTimeInterval(-12 * 3600)
                if window > now { candidates.append(window) }
            }
        }
        return candidates.min()
    }
}
