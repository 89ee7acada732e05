import FoundationEssentials

/// A wake-up a screen asked for: its action runs once when the host's clock reaches `date`.
///
/// The host holds it weakly, so dropping the last reference (or calling `cancel()`) is all it takes to call
/// it off; a screen keeps one per thing that changes with time and replaces it when the time moves.
@MainActor
public final class ScheduledWake {
    public let date: Date
    private let action: @MainActor () -> Void
    public private(set) var isCancelled = false
    public private(set) var hasFired = false

    public init(at date: Date, _ action: @escaping @MainActor () -> Void) {
        self.date = date
        self.action = action
    }

    public func cancel() { isCancelled = true }

    /// Runs the action once, unless cancelled (hosts call this for the wakes `WakeSchedule.takeDue` returns).
    public func fire() {
        guard !isCancelled, !hasFired else { return }
        hasFired = true
        action()
    }

    var isPending: Bool { !isCancelled && !hasFired }
}

/// The wake-ups a host holds, earliest first; the host's timer asks for the due ones.
@MainActor
public struct WakeSchedule {
    private var entries: [Weak] = []

    private struct Weak {
        weak var wake: ScheduledWake?
    }

    public init() {}

    public mutating func add(_ wake: ScheduledWake) {
        guard wake.isPending else { return }
        entries.append(Weak(wake: wake))
    }

    /// The earliest pending wake's date; nil when none is pending.
    public mutating func earliest() -> Date? {
        prune()
        return entries.lazy.compactMap { $0.wake?.date }.min()
    }

    /// The pending wakes' dates, earliest first (for tests).
    public mutating func pendingDates() -> [Date] {
        prune()
        return entries.compactMap { $0.wake?.date }.sorted()
    }

    /// Removes and returns the wakes due at `now`, earliest first; the caller fires them.
    public mutating func takeDue(at now: Date) -> [ScheduledWake] {
        prune()
        var due: [ScheduledWake] = []
        entries.removeAll { entry in
            guard let wake = entry.wake, wake.date <= now else { return false }
            due.append(wake)
            return true
        }
        return due.sorted { $0.date < $1.date }
    }

    private mutating func prune() {
        entries.removeAll { $0.wake?.isPending != true }
    }
}
