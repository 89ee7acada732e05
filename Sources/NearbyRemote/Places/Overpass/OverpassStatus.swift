import FoundationEssentials
import NearbyCore
import NearbyData

/// What `/api/status` says about this client's query slots: free now, or free in so many seconds.
///
/// The page is plain text, for example
/// ```
/// Rate limit: 2
/// Slot available after: 2026-11-23T10:00:12Z, in 12 seconds.
/// Currently running queries (pid, space limit, time limit, start time):
/// ```
/// or "2 slots available now." when a query may go at once.
enum OverpassStatus {
    /// Seconds until a slot is free (0: now), or nil when the page says neither.
    static func secondsUntilSlot(_ page: String) -> Int? {
        var soonest: Int?
        for line in page.split(whereSeparator: \.isNewline).prefix(200) {
            let text = line.trimmingSpaces()
            if text.hasSuffix("available now."), let count = Int(text.prefix { $0.isNumber }), count > 0 { return 0 }
            if text == "Rate limit: 0" { return 0 }
            guard text.hasPrefix("Slot available after:"), let range = text.firstRange(of: ", in ") else { continue }
            let seconds = text[range.upperBound...].prefix { $0.isNumber }
            guard let wait = Int(seconds), wait >= 0 else { continue }
            soonest = min(soonest ?? wait, wait)
        }
        return soonest
    }
}
