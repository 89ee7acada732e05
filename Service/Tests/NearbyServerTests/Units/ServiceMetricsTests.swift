import Foundation
@testable import NearbyServer
import Testing

@Suite("ServiceMetrics")
struct ServiceMetricsTests {
    @Test("ids and unknown paths collapse into a few route labels", arguments: [
        ("/api/friends/123", "/api/friends/{id}"), ("/editFriend/9", "/editFriend/{id}"), ("/api/places/osm:n1", "/api/places/{id}"),
        ("/api/places/count", "/api/places/count"), ("/listFriends", "/listFriends"), ("/random/junk\u{1B}", "other"),
    ])
    func routes(_ path: String, _ label: String) {
        #expect(ServiceMetrics.route(of: path) == label)
    }

    @Test("the exposition is Prometheus text: counters, a cumulative histogram, gauges grouped by family")
    func exposition() {
        let metrics = ServiceMetrics()
        metrics.record(AnsweredRequest(method: "GET", path: "/listFriends", status: 200, elapsed: .microseconds(800)))
        metrics.record(AnsweredRequest(method: "GET", path: "/listFriends", status: 200, elapsed: .milliseconds(30)))
        metrics.record(AnsweredRequest(method: "BREW", path: "/x", status: 500, elapsed: .milliseconds(1)))
        metrics.recordRefusal(status: 431)
        let text = metrics.exposition(gauges: [
            Gauge(name: "b_gauge", help: "B.", labels: ["pool": "primary"], value: 1),
            Gauge(name: "a_total", help: "A.", value: 5, type: "counter"),
            Gauge(name: "b_gauge", help: "B.", labels: ["pool": "replica \"x\""], value: 2),
        ])
        #expect(text.contains(#"nearby_http_requests_total{route="/listFriends",method="GET",status="200"} 2"#))
        #expect(text.contains(#"nearby_http_requests_total{route="other",method="OTHER",status="500"} 1"#))
        #expect(text.contains(#"nearby_http_request_duration_seconds_bucket{route="/listFriends",le="0.001"} 1"#))
        #expect(text.contains(#"nearby_http_request_duration_seconds_bucket{route="/listFriends",le="0.05"} 2"#))
        #expect(text.contains(#"nearby_http_request_duration_seconds_count{route="/listFriends"} 2"#))
        #expect(text.contains(#"nearby_http_refused_total{status="431"} 1"#))
        #expect(text.contains("nearby_errors_total 1"))
        #expect(text.contains("# TYPE a_total counter\na_total 5.0\n# HELP b_gauge B.\n# TYPE b_gauge gauge\n"
                              + #"b_gauge{pool="primary"} 1.0"# + "\n" + #"b_gauge{pool="replica \"x\""} 2.0"#))
    }
}
