import HummingbirdCore

/// At most `limit` connections at once, unless one of them is waiting on its client (a request still arriving,
/// or idle): then a newcomer is accepted all the same and the connection that has waited the longest is closed
/// to make room (`ConnectionRoster`), so clients that trickle bytes cannot keep a newcomer (a health probe)
/// out. When every connection is being answered the server stops accepting: new connections wait in the listen
/// backlog (and are refused by the kernel once it is full) until one closes. Reaching the limit and leaving it
/// are logged once each, so an operator sees why clients wait.
struct ConnectionCap: AvailableConnectionsDelegate {
    let limit: Int
    let roster: ConnectionRoster?
    let log: (@Sendable (String) -> Void)?
    private var open = 0
    private var full = false

    init(limit: Int, roster: ConnectionRoster? = nil, log: (@Sendable (String) -> Void)?) {
        self.limit = max(1, limit)
        self.roster = roster
        self.log = log
    }

    mutating func connectionOpened() {
        open += 1
        if open >= limit, !full {
            full = true
            log?("connection limit reached: \(limit) connections open; a new one makes the connection that has waited "
                 + "longest on its client close, or waits until one closes (--max-connections)")
        }
        // Accepted past the limit because a connection was waiting on its client: that one goes (a request cut
        // off that way is logged as refused, "evicted").
        if open > limit { roster?.evictLongestWaiting() }
    }

    mutating func connectionClosed() {
        open -= 1
        // Said once the pressure is off, not at every connection that comes and goes at the limit.
        if full, open <= limit - max(1, limit / 10) {
            full = false
            log?("below the connection limit again: \(open) connections open")
        }
    }

    func isAcceptingNewConnections() -> Bool {
        open < limit || (open == limit && roster?.hasWaiting == true)
    }
}
