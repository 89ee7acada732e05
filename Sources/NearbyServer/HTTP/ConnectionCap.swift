import HummingbirdCore

/// At most `limit` connections at once: at the limit the server stops accepting, so new connections wait in
/// the listen backlog (and are refused by the kernel once it is full) until one closes. Reaching the limit and
/// leaving it are logged once each, so an operator sees why clients wait.
struct ConnectionCap: AvailableConnectionsDelegate {
    let limit: Int
    let log: (@Sendable (String) -> Void)?
    private var open = 0

    init(limit: Int, log: (@Sendable (String) -> Void)?) {
        self.limit = max(1, limit)
        self.log = log
    }

    mutating func connectionOpened() {
        open += 1
        if open == limit {
            log?("connection limit reached: \(limit) connections open; new ones wait until one closes (--max-connections)")
        }
    }

    mutating func connectionClosed() {
        if open == limit { log?("below the connection limit again: accepting new connections") }
        open -= 1
    }

    func isAcceptingNewConnections() -> Bool {
        open < limit
    }
}
