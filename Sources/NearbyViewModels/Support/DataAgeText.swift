import FoundationEssentials

/// How old the places on screen are, for a live source's cache: "from 3 min ago".
public enum DataAgeText {
    /// The words for data fetched at `fetchedAt`, and the instant they next change (screens redraw then).
    public static func text(fetchedAt: Date, now: Date) -> (text: String, changesAt: Date) {
        let age = max(0, now.timeIntervalSince(fetchedAt))
        let minute = 60.0, hour = 3_600.0, day = 86_400.0
        if age < minute { return ("fetched just now", fetchedAt.addingTimeInterval(minute)) }
        if age < hour {
            let minutes = Int(age / minute)
            return ("from \(minutes) min ago", fetchedAt.addingTimeInterval(Double(minutes + 1) * minute))
        }
        if age < 2 * day {
            let hours = Int(age / hour)
            return ("from \(hours) h ago", fetchedAt.addingTimeInterval(Double(hours + 1) * hour))
        }
        let days = Int(age / day)
        return ("from \(days) days ago", fetchedAt.addingTimeInterval(Double(days + 1) * day))
    }
}
