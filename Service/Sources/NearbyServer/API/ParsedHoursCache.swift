import NearbyCore
import Locking

/// Opening hours already read, by their source text: a page of places evaluates each place's hours on every
/// request, and reading them again was 18 % of the service's CPU for a page of 50. Few distinct texts recur
/// among many places ("Mo-Fr 08:00-18:00"), so a bounded table holds nearly all of them; when it is full it
/// starts again, which keeps its memory bounded whatever the data holds.
final class ParsedHoursCache: Sendable {
    private let capacity: Int
    private let table = Locked<[OpeningHoursSource: OpeningHours]>([:])

    init(capacity: Int = 4_096) {
        self.capacity = capacity
    }

    /// The hours read from `source`, read now only the first time.
    func hours(_ source: OpeningHoursSource) -> OpeningHours {
        if let known = table.withLock({ $0[source] }) { return known }
        let parsed = OpeningHours(source)
        table.withLock { table in
            if table.count >= capacity { table.removeAll(keepingCapacity: true) }
            table[source] = parsed
        }
        return parsed
    }

    /// How many are held (for tests).
    var count: Int { table.withLock { $0.count } }
}
