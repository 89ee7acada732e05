import FoundationEssentials
import Locking
import NearbyData

/// What Overpass asked of this client after refusing it: not before an instant (`Retry-After`), and after a
/// 429, a look at `/api/status` before the next query, so a query is only sent when a slot is free.
final class OverpassRateGate: Sendable {
    private struct State {
        var notBefore: Date?
        var asksStatusFirst = false
    }

    private let state = Locked(State())

    /// How long until a query may go (nil: now), and whether the status page must be asked first.
    func admission(at now: Date) -> (wait: TimeInterval?, asksStatus: Bool) {
        state.withLock { state in
            if let notBefore = state.notBefore, notBefore > now { return (notBefore.timeIntervalSince(now), false) }
            return (nil, state.asksStatusFirst)
        }
    }

    /// Overpass refused a query: wait until `notBefore` when it said so, and ask the status page first next
    /// time when it was a 429.
    func refused(notBefore: Date?, asksStatus: Bool) {
        state.withLock { state in
            if let notBefore { state.notBefore = max(state.notBefore ?? notBefore, notBefore) }
            if asksStatus { state.asksStatusFirst = true }
        }
    }

    /// The status page said when the next slot is free.
    func slotFree(at date: Date, now: Date) {
        state.withLock { state in
            if date > now {
                state.notBefore = date
            } else {
                state.notBefore = nil
                state.asksStatusFirst = false
            }
        }
    }

    /// A query went through.
    func admitted() {
        state.withLock { $0 = State() }
    }
}
