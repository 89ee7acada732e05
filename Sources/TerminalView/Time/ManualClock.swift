import FoundationEssentials
import Locking

/// A clock that moves only when told to: tests hand its `now` to view models and advance it together with
/// the headless runner, so every wake-up and every text that depends on the time is deterministic.
public final class ManualClock: Sendable {
    private let current: Locked<Date>

    public init(_ start: Date) {
        current = Locked(start)
    }

    public var now: Date { current.withLock { $0 } }

    /// Moves the clock to `date` (never backwards).
    public func set(_ date: Date) {
        current.withLock { $0 = max($0, date) }
    }
}
