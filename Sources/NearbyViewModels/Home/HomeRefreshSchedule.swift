import FoundationEssentials
import NearbyCore

/// When what Home shows next changes by the clock alone, so the view schedules one redraw, not a timer.
enum HomeRefreshSchedule {
    /// The earliest of: any state change (a pick may move to another place), and for each text shown the
    /// instants its wording changes without a state change ("opens Tu 07:30" reads "opens 07:30" from
    /// midnight; a closing time after midnight loses its weekday twelve hours before).
    static func next(after now: Date, changes: [Date], shown: [OpeningStatus], timeZone: TimeZone) -> Date? {
        var candidates = changes.filter { $0 > now }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let referencesAnotherDay = shown.contains { status in
            guard let change = status.nextChange else { return false }
            return !calendar.isDate(change, inSameDayAs: now)
        }
        if referencesAnotherDay, let midnight = calendar.date(byAdding: .day, value: 1,
                                                               to: calendar.startOfDay(for: now)) {
            candidates.append(midnight)
        }
        for status in shown where status.state == .open {
            if let change = status.nextChange {
                let window = change.addingTimeInterval(-12 * 3600)
                if window > now { candidates.append(window) }
            }
        }
        return candidates.min()
    }
}
