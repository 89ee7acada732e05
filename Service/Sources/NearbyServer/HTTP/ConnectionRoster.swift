import Locking
import NIOCore

/// The open connections, and since when each has been waiting on its client: a request's head or body still
/// arriving, or a kept-alive connection with nothing to do. When the connection cap fills up, the one that
/// has waited the longest is closed to make room (`ConnectionCap`): otherwise clients that send a byte now and
/// then hold every connection, and everyone else, a load balancer's `/healthz` probe too, waits in the listen
/// backlog. A connection whose request is being answered is never chosen: its client did its part.
final class ConnectionRoster: Sendable {
    private struct Entry: Sendable {
        /// Nil while the connection's request is being answered.
        var waitingSince: NIODeadline?
        let evict: @Sendable () -> Void
    }

    private let state = Locked((entries: [Int: Entry](), next: 0, waiting: 0))

    /// Adds a connection, waiting from now; `evict` closes it (on its own event loop). Returns its number.
    func register(evict: @escaping @Sendable () -> Void) -> Int {
        state.withLock { state in
            let id = state.next
            state.next += 1
            state.entries[id] = Entry(waitingSince: .now(), evict: evict)
            state.waiting += 1
            return id
        }
    }

    /// The connection waits on its client again (its answer is written), since `since`.
    func waiting(_ id: Int, since: NIODeadline) {
        state.withLock { state in
            guard let entry = state.entries[id] else { return }
            if entry.waitingSince == nil { state.waiting += 1 }
            state.entries[id]?.waitingSince = since
        }
    }

    /// The connection's request is being answered: not to be evicted.
    func busy(_ id: Int) {
        state.withLock { state in
            guard let entry = state.entries[id], entry.waitingSince != nil else { return }
            state.waiting -= 1
            state.entries[id]?.waitingSince = nil
        }
    }

    func remove(_ id: Int) {
        state.withLock { state in
            guard let entry = state.entries.removeValue(forKey: id) else { return }
            if entry.waitingSince != nil { state.waiting -= 1 }
        }
    }

    /// Whether some connection waits on its client (a newcomer may then be accepted past the cap).
    var hasWaiting: Bool {
        state.withLock { $0.waiting > 0 }
    }

    /// Closes the connection that has waited the longest on its client; false when none waits. It leaves
    /// the roster at once, so two newcomers never pick the same one.
    @discardableResult
    func evictLongestWaiting() -> Bool {
        let victim = state.withLock { state -> Entry? in
            var oldest: (id: Int, since: NIODeadline)?
            for (id, entry) in state.entries {
                guard let since = entry.waitingSince else { continue }
                if oldest.map({ since < $0.since }) ?? true { oldest = (id, since) }
            }
            guard let oldest else { return nil }
            state.waiting -= 1
            return state.entries.removeValue(forKey: oldest.id)
        }
        victim?.evict()
        return victim != nil
    }
}
