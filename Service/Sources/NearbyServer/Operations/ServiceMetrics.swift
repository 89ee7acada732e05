import Locking

/// The service's counters for `/metrics`, in Prometheus's text format: requests by route, method and status,
/// a latency histogram by route, requests refused before routing, and failures.
public final class ServiceMetrics: Sendable {
    /// Upper bounds of the latency buckets, in seconds.
    static let buckets: [Double] = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5]

    private struct RequestKey: Hashable {
        var route: String
        var method: String
        var status: Int
    }

    private struct Histogram {
        var counts = [Int](repeating: 0, count: ServiceMetrics.buckets.count)
        var sum = 0.0
        var total = 0
    }

    private struct State {
        var requests: [RequestKey: Int] = [:]
        var latency: [String: Histogram] = [:]
        var refused: [Int: Int] = [:]
        var failures = 0
        var inFlight = 0
    }

    private let state = Locked(State())

    public init() {}

    /// Counts one answered request.
    public func record(_ answer: AnsweredRequest) {
        let route = Self.route(of: answer.path)
        let method = Self.knownMethods.contains(answer.method) ? answer.method : "OTHER"
        let seconds = Double(answer.elapsed.components.seconds) + Double(answer.elapsed.components.attoseconds) / 1e18
        state.withLock { state in
            state.requests[RequestKey(route: route, method: method, status: answer.status), default: 0] += 1
            var histogram = state.latency[route] ?? Histogram()
            if let bucket = Self.buckets.firstIndex(where: { seconds <= $0 }) { histogram.counts[bucket] += 1 }
            histogram.sum += seconds
            histogram.total += 1
            state.latency[route] = histogram
            if answer.status >= 500 { state.failures += 1 }
        }
    }

    /// A request reached the routes; `requestEnded` follows when it is answered.
    public func requestStarted() {
        state.withLock { $0.inFlight += 1 }
    }

    public func requestEnded() {
        state.withLock { $0.inFlight -= 1 }
    }

    /// Counts a request refused before it reached the routes (400, 408, 414, 431).
    public func recordRefusal(status: Int) {
        state.withLock { $0.refused[status, default: 0] += 1 }
    }

    /// Counts a failure that answered no request (a store error in the background).
    public func recordFailure() {
        state.withLock { $0.failures += 1 }
    }

    /// Everything, with `gauges` after the counters.
    public func exposition(gauges: [Gauge]) -> String {
        let snapshot = state.withLock { $0 }
        var text = ""
        text += "# HELP nearby_http_requests_total Requests answered, by route, method and status.\n"
        text += "# TYPE nearby_http_requests_total counter\n"
        for (key, count) in snapshot.requests.sorted(by: { ($0.key.route, $0.key.method, $0.key.status) < ($1.key.route, $1.key.method, $1.key.status) }) {
            text += "nearby_http_requests_total{route=\"\(key.route)\",method=\"\(key.method)\",status=\"\(key.status)\"} \(count)\n"
        }
        text += "# HELP nearby_http_request_duration_seconds Time from a request's head to its answer, by route.\n"
        text += "# TYPE nearby_http_request_duration_seconds histogram\n"
        for (route, histogram) in snapshot.latency.sorted(by: { $0.key < $1.key }) {
            var cumulative = 0
            for (index, bound) in Self.buckets.enumerated() {
                cumulative += histogram.counts[index]
                text += "nearby_http_request_duration_seconds_bucket{route=\"\(route)\",le=\"\(bound)\"} \(cumulative)\n"
            }
            text += "nearby_http_request_duration_seconds_bucket{route=\"\(route)\",le=\"+Inf\"} \(histogram.total)\n"
            text += "nearby_http_request_duration_seconds_sum{route=\"\(route)\"} \(histogram.sum)\n"
            text += "nearby_http_request_duration_seconds_count{route=\"\(route)\"} \(histogram.total)\n"
        }
        text += "# HELP nearby_http_refused_total Requests refused before routing (bad HTTP, heads too large or too slow).\n"
        text += "# TYPE nearby_http_refused_total counter\n"
        for (status, count) in snapshot.refused.sorted(by: { $0.key < $1.key }) {
            text += "nearby_http_refused_total{status=\"\(status)\"} \(count)\n"
        }
        text += "# HELP nearby_errors_total Answers that failed on the server's side (5xx) and store failures.\n"
        text += "# TYPE nearby_errors_total counter\n"
        text += "nearby_errors_total \(snapshot.failures)\n"
        text += "# HELP nearby_http_requests_in_flight Requests being answered now (this one included).\n"
        text += "# TYPE nearby_http_requests_in_flight gauge\n"
        text += "nearby_http_requests_in_flight \(snapshot.inFlight)\n"
        var described = Set<String>()
        // A family's samples go together; the order within one is kept.
        let grouped = gauges.enumerated().sorted { ($0.element.name, $0.offset) < ($1.element.name, $1.offset) }.map(\.element)
        for gauge in grouped {
            if described.insert(gauge.name).inserted {
                text += "# HELP \(gauge.name) \(gauge.help)\n# TYPE \(gauge.name) \(gauge.type)\n"
            }
            let labels = gauge.labels.sorted(by: { $0.key < $1.key })
                .map { "\($0.key)=\"\(Self.escaped($0.value))\"" }.joined(separator: ",")
            text += labels.isEmpty ? "\(gauge.name) \(gauge.value)\n" : "\(gauge.name){\(labels)} \(gauge.value)\n"
        }
        return text
    }

    private static let knownMethods: Set<String> = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]

    /// The route a path belongs to, with ids replaced, so the label set stays small whatever clients send.
    static func route(of path: String) -> String {
        let segments = path.split(separator: "/", omittingEmptySubsequences: true)
        switch segments.count {
        case 1 where ["listFriends", "addFriend", "healthz", "readyz", "metrics"].contains(segments[0]):
            return "/\(segments[0])"
        case 2 where segments[0] == "editFriend": return "/editFriend/{id}"
        case 2 where segments[0] == "api" && (segments[1] == "friends" || segments[1] == "places"):
            return "/api/\(segments[1])"
        case 3 where segments[0] == "api" && segments[1] == "friends": return "/api/friends/{id}"
        case 3 where segments[0] == "api" && segments[1] == "places":
            return segments[2] == "count" ? "/api/places/count" : "/api/places/{id}"
        default: return "other"
        }
    }

    private static func escaped(_ value: String) -> String {
        var result = ""
        for character in value {
            switch character {
            case "\\": result += "\\\\"
            case "\"": result += "\\\""
            case "\n": result += "\\n"
            default: result.append(character)
            }
        }
        return result
    }
}
