import NearbyData
import NearbyHTTP

/// What the HTTP layer reports as it serves: one line a request for the log, and the answers it gave before
/// a request reached the routes (for the metrics).
public struct HTTPServerEvents: Sendable {
    /// A request answered by the handler.
    public var onAnswer: (@Sendable (AnsweredRequest) -> Void)?
    /// A request refused before the handler saw it: its status (400, 408, 414, 431).
    public var onRefusal: (@Sendable (Int) -> Void)?
    /// One line for the operator's log.
    public var log: (@Sendable (String) -> Void)?

    public init(onAnswer: (@Sendable (AnsweredRequest) -> Void)? = nil, onRefusal: (@Sendable (Int) -> Void)? = nil,
                log: (@Sendable (String) -> Void)? = nil) {
        self.onAnswer = onAnswer
        self.onRefusal = onRefusal
        self.log = log
    }

    func answered(remote: String, method: String, path: String, status: Int, elapsed: Duration) {
        let answer = AnsweredRequest(method: method, path: path, status: status, elapsed: elapsed)
        onAnswer?(answer)
        if let log {
            let milliseconds = Double(elapsed.components.seconds) * 1000
                + Double(elapsed.components.attoseconds) / 1e15
            // Paths come from the network: control characters and escape sequences must not reach a terminal.
            let shownPath = UntrustedText.clean(path, maxLength: 200) ?? "(long path)"
            let shownMethod = UntrustedText.clean(method, maxLength: 20) ?? "(long method)"
            log("\(remote) \(shownMethod) \(shownPath) \(status) \((milliseconds * 1000).rounded() / 1000)ms")
        }
    }

    func refused(_ refusal: HeadRefusal) {
        onRefusal?(refusal.status)
        if case .evicted = refusal {
            log?("refused a request: evicted, to make room at the connection limit (it had waited longest on its client)")
        } else {
            log?("refused a request: \(refusal)")
        }
    }

    func malformed(status: Int) {
        onRefusal?(status)
        log?("refused a request: \(status == 431 ? "headers too large" : "not valid HTTP")")
    }
}

/// One answered request, as the metrics count it.
public struct AnsweredRequest: Sendable {
    public var method: String
    public var path: String
    public var status: Int
    public var elapsed: Duration
}
