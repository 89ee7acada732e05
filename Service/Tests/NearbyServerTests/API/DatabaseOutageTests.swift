import Foundation
import NearbyCore
import NearbyData
import NearbyServer
import Testing
import NearbyHTTP

/// PostgreSQL failing under a running service: every request is answered within the call deadline, 503 with
/// `Retry-After`, the log says why, and `/readyz` says it in words. Each test stops a cluster of its own.
@Suite("A PostgreSQL outage", .serialized, .enabled(if: PostgresCluster.unavailableReason == nil, "needs PostgreSQL 15"))
struct DatabaseOutageTests {
    static let anna = #"{"firstname":"Anna","lastname":"Beck","phonenumber":"555 0101"}"#
    /// How long a test lets an answer take: the service's deadline for a database call is 5 s.
    static let patience = Duration.seconds(9)

    /// A service with a token over a private cluster, its log, and how long each answer took.
    final class Outage: Sendable {
        let cluster: PostgresCluster
        let service: NearbyService
        let client: HTTPClient
        let log = LogLines()
        private let pools: Task<Void, Never>

        init() async throws {
            guard let cluster = try await PostgresCluster.start() else { throw TestBackend.TestSkip() }
            self.cluster = cluster
            let pools = PostgresPools(primary: try DatabaseURL(cluster.url()), maximumConnections: 4)
            self.pools = await pools.started()
            _ = try await pools.migrate()
            let log = self.log
            service = try NearbyService(backend: PostgresServiceBackend(pools: pools), port: 0, token: "tok",
                                        log: { log.append($0) })
            let port = try await service.start()
            client = HTTPClient(baseURL: try #require(URL(string: "http://127.0.0.1:\(port)")), timeout: .seconds(20))
        }

        func send(_ method: String, _ path: String, _ body: String? = nil, headers extra: [String: String] = [:])
            async throws -> (status: Int, json: JSONValue?, headers: [String: String], took: Duration) {
            var headers = ["Authorization": "Bearer tok", "Content-Type": "application/json"]
            headers.merge(extra) { $1 }
            let clock = ContinuousClock()
            let start = clock.now
            let answer = try await client.send(.init(method: method, path: path, headers: headers,
                                                     body: body.map { Data($0.utf8) }))
            return (answer.status, try? JSONValue.parse(answer.body), answer.headers, clock.now - start)
        }

        /// Polls until `path` answers 200 (the database is back), at most `limit`.
        func waitUntilServed(_ path: String, limit: Duration) async throws -> Bool {
            let giveUp = ContinuousClock.now + limit
            while ContinuousClock.now < giveUp {
                if try await send("GET", path).status == 200 { return true }
                try await Task.sleep(for: .milliseconds(200))  // a poll interval
            }
            return false
        }

        func close() async {
            try? cluster.signalPrimary(SIGCONT)
            await service.stop()
            pools.cancel()
            _ = await pools.result
            cluster.stop()
        }
    }

    /// What every request says while the database is out.
    private static func expectUnavailable(_ outage: Outage, _ method: String, _ path: String, _ body: String? = nil,
                                          headers: [String: String] = [:]) async throws {
        let answer = try await outage.send(method, path, body, headers: headers)
        #expect(answer.status == 503, "\(method) \(path)")
        #expect(answer.headers["retry-after"] == "5", "\(method) \(path)")
        #expect(answer.json?["error"]?.stringValue?.lowercased().contains("try again") == true, "\(method) \(path)")
        #expect(answer.took < patience, "\(method) \(path) took \(answer.took)")
    }

    /// `/readyz` says the database is unreachable, why in plain words, and no Swift type name.
    private static func expectReadinessInWords(_ outage: Outage) async throws -> String {
        let ready = try await outage.send("GET", "/readyz")
        #expect(ready.status == 503)
        #expect(ready.took < patience)
        let state = ready.json?["checks"]?["database"]?.stringValue ?? ""
        #expect(state.hasPrefix("unreachable ("), "\(state)")
        for typeWord in ["Error", "base:", "PSQL", "Pool", "_", "("] where state.dropFirst("unreachable (".count).contains(typeWord) {
            Issue.record("/readyz shows a type's name: \(state)")
        }
        return state
    }

    @Test("a database that stops answering (frozen) gets 503 and Retry-After within the deadline, then serves again")
    func frozen() async throws {
        let outage = try await Outage()
        do {
            #expect(try await outage.send("POST", "/api/friends", Self.anna).status == 201)
            try outage.cluster.signalPrimary(SIGSTOP)
            try await Self.expectUnavailable(outage, "GET", "/api/friends")
            try await Self.expectUnavailable(outage, "GET", "/api/friends/1")
            try await Self.expectUnavailable(outage, "GET", "/api/places?near=47.14,9.52")
            try await Self.expectUnavailable(outage, "POST", "/api/friends", Self.anna)
            // The idempotent path: answered the same, and its failure logged.
            try await Self.expectUnavailable(outage, "POST", "/api/friends", Self.anna, headers: ["Idempotency-Key": "k1"])
            #expect(outage.log.all.contains { $0.hasPrefix("idempotency key store failure: no answer within") },
                    "\(outage.log.all.suffix(5))")
            #expect(outage.log.all.contains { $0.hasPrefix("store unavailable:") })
            let state = try await Self.expectReadinessInWords(outage)
            #expect(state.contains("no answer within"), "\(state)")
            try outage.cluster.signalPrimary(SIGCONT)
            #expect(try await outage.waitUntilServed("/api/friends", limit: .seconds(30)))
        } catch {
            await outage.close()
            throw error
        }
        await outage.close()
    }

    @Test("a database that is shut down gets 503 within the deadline, /readyz says why in words, and it serves again once back")
    func shutDown() async throws {
        let outage = try await Outage()
        do {
            #expect(try await outage.send("GET", "/api/friends").status == 200)
            try await outage.cluster.stopPrimary()
            try await Self.expectUnavailable(outage, "GET", "/api/friends")
            try await Self.expectUnavailable(outage, "PATCH", "/api/friends/1", #"{"firstname":"Ann"}"#)
            try await Self.expectUnavailable(outage, "POST", "/api/friends", Self.anna, headers: ["Idempotency-Key": "k2"])
            #expect(outage.log.all.contains { $0.hasPrefix("idempotency key store failure:") })
            _ = try await Self.expectReadinessInWords(outage)
            try await outage.cluster.startPrimary()
            #expect(try await outage.waitUntilServed("/readyz", limit: .seconds(60)))
            #expect(try await outage.send("GET", "/api/friends").status == 200)
        } catch {
            await outage.close()
            throw error
        }
        await outage.close()
    }
}
