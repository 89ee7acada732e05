import Locking

/// The connections the listener accepted and those the serving loop has taken up since.
///
/// A connection accepted but not yet taken up holds an async writer that must be finished; cancelling the serving
/// loop in that moment drops it unfinished, which NIO treats as a fatal error (swift-nio#2637). `LocalHTTPServer`
/// waits (briefly) for this count to reach zero, after it stops listening, before it cancels what still runs.
final class AcceptedConnections: Sendable {
    private let counts = Locked((accepted: 0, takenUp: 0))

    /// A connection is set up and about to be handed to the serving loop.
    func accepted() {
        counts.withLock { $0.accepted += 1 }
    }

    /// The serving loop has taken a connection up; it will be finished however the loop ends.
    func takenUp() {
        counts.withLock { $0.takenUp += 1 }
    }

    /// Connections accepted and not yet taken up.
    var waiting: Int {
        counts.withLock { $0.accepted - $0.takenUp }
    }
}
