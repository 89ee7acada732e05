import Foundation
import NearbyCore
import NearbyData
import NearbyServer
import Testing
import NearbyHTTP

@Suite("Operations routes and Idempotency-Key on every backend")
struct OperationsAndIdempotencyTests {
    static let anna = #"{"firstname":"Anna","lastname":"Beck","phonenumber":"555 0101"}"#

    @Test("/healthz answers alive and /readyz ready, naming the database", arguments: BackendKind.available)
    func health(_ kind: BackendKind) async throws {
        let running = try await RunningService(kind, token: "t0ken")
        let health = try await running.send("GET", "/healthz")
        #expect(health.status == 200)
        #expect(health.json?["status"] == .string("alive"))
        let ready = try await running.send("GET", "/readyz")
        #expect(ready.status == 200)
        #expect(ready.json?["status"] == .string("ready"))
        #expect(ready.json?["checks"]?["database"]?.stringValue?.hasPrefix("ok") == true)
        #expect(try await running.send("POST", "/healthz").status == 405)
        await running.stop()
    }

    @Test("/metrics counts requests by route and status, with a latency histogram and failures",
          arguments: BackendKind.available)
    func metrics(_ kind: BackendKind) async throws {
        let running = try await RunningService(kind)
        _ = try await running.send("GET", "/listFriends")
        _ = try await running.send("POST", "/addFriend", Self.anna)
        _ = try await running.send("GET", "/api/friends/1")
        _ = try await running.send("GET", "/api/friends/77")
        let answer = try await running.send("GET", "/metrics")
        #expect(answer.status == 200)
        #expect(answer.headers["content-type"]?.hasPrefix("text/plain") == true)
        let text = String(decoding: answer.body, as: UTF8.self)
        #expect(text.contains(#"nearby_http_requests_total{route="/listFriends",method="GET",status="200"} 1"#))
        #expect(text.contains(#"nearby_http_requests_total{route="/addFriend",method="POST",status="200"} 1"#))
        #expect(text.contains(#"nearby_http_requests_total{route="/api/friends/{id}",method="GET",status="404"} 1"#))
        #expect(text.contains(#"nearby_http_request_duration_seconds_bucket{route="/api/friends/{id}",le="+Inf"} 2"#))
        #expect(text.contains("# TYPE nearby_http_request_duration_seconds histogram"))
        #expect(text.contains("nearby_errors_total 0"))
        if kind == .postgres {
            #expect(text.contains(#"nearby_db_connections_in_use{pool="primary"}"#))
        }
        await running.stop()
    }

    @Test("a POST retried with the same Idempotency-Key adds one friend and answers the first result",
          arguments: BackendKind.available)
    func retry(_ kind: BackendKind) async throws {
        let running = try await RunningService(kind)
        let key = ["Idempotency-Key": "retry-\(UUID().uuidString)"]
        let first = try await running.send("POST", "/api/friends", Self.anna, headers: key)
        #expect(first.status == 201)
        let again = try await running.send("POST", "/api/friends", Self.anna, headers: key)
        #expect(again.status == 201)
        #expect(again.json?["id"] == first.json?["id"])
        #expect(again.headers["location"] == first.headers["location"])
        #expect(again.headers["idempotent-replayed"] == "true")
        #expect(try await running.friends.listFriends().count == 1)
        // The same key for another request is refused; a new key adds another friend.
        let other = try await running.send("POST", "/api/friends", #"{"firstname":"Ben","lastname":"Adler","phonenumber":"555"}"#,
                                           headers: key)
        #expect(other.status == 422)
        let fresh = try await running.send("POST", "/addFriend", Self.anna, headers: ["Idempotency-Key": "another"])
        #expect(fresh.status == 200)
        #expect(try await running.friends.listFriends().count == 2)
        // A refused request is not remembered: fixed, the same key goes through.
        let bad = try await running.send("POST", "/addFriend", #"{"firstname":"","lastname":"B","phonenumber":"555"}"#,
                                         headers: ["Idempotency-Key": "fix-me"])
        #expect(bad.status == 400)
        let fixed = try await running.send("POST", "/addFriend", #"{"firstname":"C","lastname":"B","phonenumber":"555"}"#,
                                           headers: ["Idempotency-Key": "fix-me"])
        #expect(fixed.status == 200)
        #expect(try await running.send("POST", "/addFriend", Self.anna, headers: ["Idempotency-Key": "bad key"]).status == 400)
        await running.stop()
    }

    @Test("ten requests sent at once with one key add one friend and all answer it", arguments: BackendKind.available)
    func simultaneous(_ kind: BackendKind) async throws {
        let running = try await RunningService(kind)
        let key = ["Idempotency-Key": "same-\(UUID().uuidString)"]
        let ids = try await withThrowingTaskGroup(of: JSONValue?.self) { group in
            for _ in 0..<10 {
                group.addTask {
                    let answer = try await running.send("POST", "/addFriend", Self.anna, headers: key)
                    return answer.status == 200 ? answer.json?["id"] : .string("status \(answer.status)")
                }
            }
            var ids: [JSONValue?] = []
            for try await id in group { ids.append(id) }
            return ids
        }
        #expect(Set(ids.map { $0 ?? .null }).count == 1, "\(ids)")
        #expect(try await running.friends.listFriends().count == 1)
        await running.stop()
    }

    @Test("an Idempotency-Key is kept in the store, so a restarted service answers a retry the same",
          arguments: BackendKind.available)
    func survivesRestart(_ kind: BackendKind) async throws {
        let store = try await TestBackend.make(kind)
        let first = try NearbyService(backend: store.backend, port: 0)
        let firstPort = try await first.start()
        let client = HTTPClient(baseURL: try #require(URL(string: "http://127.0.0.1:\(firstPort)")))
        let request = HTTPClient.Request(method: "POST", path: "/addFriend",
                                         headers: ["Idempotency-Key": "restart", "Content-Type": "application/json"],
                                         body: Data(Self.anna.utf8))
        let answer = try await client.send(request)
        await first.stop()
        let second = try NearbyService(backend: store.backend, port: 0)
        let secondPort = try await second.start()
        let again = try await HTTPClient(baseURL: try #require(URL(string: "http://127.0.0.1:\(secondPort)"))).send(request)
        #expect(again.status == answer.status)
        #expect(again.body == answer.body)
        #expect(try await store.backend.friends.listFriends().count == 1)
        await second.stop()
        await store.close()
    }

    @Test("on PostgreSQL a key is kept 24 hours: a retry a day later is a new request",
          .enabled(if: PostgresCluster.unavailableReason == nil, "needs PostgreSQL 15"))
    func keyExpires() async throws {
        let running = try await RunningService(.postgres)
        let key = ["Idempotency-Key": "day-old"]
        let first = try await running.send("POST", "/addFriend", Self.anna, headers: key)
        #expect(first.status == 200)
        let url = try #require(running.store.databaseURL)
        let database = try #require(url.split(separator: "/").last?.split(separator: "?").first.map(String.init))
        let cluster = try #require(running.store.cluster)
        // Within the day: answered from the key.
        _ = try await cluster.psql("UPDATE idempotency_key SET created_at = now() - interval '23 hours'", database: database)
        #expect(try await running.send("POST", "/addFriend", Self.anna, headers: key).headers["idempotent-replayed"] == "true")
        #expect(try await running.friends.listFriends().count == 1)
        // A day and more later: forgotten, so the same key adds again.
        _ = try await cluster.psql("UPDATE idempotency_key SET created_at = now() - interval '25 hours'", database: database)
        let later = try await running.send("POST", "/addFriend", Self.anna, headers: key)
        #expect(later.status == 200)
        #expect(later.headers["idempotent-replayed"] == nil)
        #expect(later.json?["id"] != first.json?["id"])
        #expect(try await running.friends.listFriends().count == 2)
        await running.stop()
    }
}
