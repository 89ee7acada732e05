import Foundation
import Logging
import NearbyCore
import NearbyData
@testable import NearbyServer
import PostgresNIO
import Testing
import NearbyHTTP

/// Reads on streaming replicas: a cluster of its own (a primary and one replica made with pg_basebackup),
/// since these tests stop and start the replica.
@Suite("Read replicas", .serialized, .enabled(if: PostgresCluster.unavailableReason == nil, "needs PostgreSQL 15 and PostGIS 3"))
struct ReplicaTests {
    @Test("a write on the primary is read through a replica instance once replicated; read-your-writes; with the replica stopped, reads fall back and /readyz says so")
    func replicaReads() async throws {
        let cluster = try #require(try await PostgresCluster.start())
        defer { cluster.stop() }
        let primaryURL = cluster.url(database: "postgres")
        let migrated = try await ServerProcess.run(["serve", "migrate"], environment: ["NEARBY_DATABASE_URL": primaryURL])
        #expect(migrated.status == 0, "\(migrated.output)")
        let replicaPort = try await cluster.addReplica()
        let replicaURL = cluster.url(database: "postgres", port: replicaPort)
        let writer = try await ServerProcess(["serve", "--port", "0"], environment: ["NEARBY_DATABASE_URL": primaryURL])
        let reader = try await ServerProcess(["serve", "--port", "0", "--database-replica", replicaURL],
                                             environment: ["NEARBY_DATABASE_URL": primaryURL])
        let writing = HTTPClient(baseURL: writer.url, timeout: .seconds(20), headers: ["Content-Type": "application/json"])
        let reading = HTTPClient(baseURL: reader.url, timeout: .seconds(20), headers: ["Content-Type": "application/json"])

        let added = try await writing.send(.init(method: "POST", path: "/addFriend",
                                                 body: Data(#"{"firstname":"Rita","lastname":"Replica","phonenumber":"555 0777"}"#.utf8)))
        let id = try #require(try JSONValue.parse(added.body)["id"]?.integerValue)
        // Replication is asynchronous: poll (with a deadline) until the replica has it.
        var seen = false
        for _ in 0..<200 where !seen {
            seen = try await reading.send(.init(method: "GET", path: "/api/friends/\(id)")).status == 200
            if !seen { try await Task.sleep(for: .milliseconds(50)) }  // a poll interval
        }
        #expect(seen)
        // On a loaded machine one replica read can outlast the replica timeout, and the replica then sits out its
        // retry time; it must come back up by itself.
        let up = #"nearby_db_replica_up{replica="127.0.0.1:\#(replicaPort)"} 1"#
        var metrics = ""
        for _ in 0..<60 {
            metrics = String(decoding: try await reading.send(.init(method: "GET", path: "/metrics")).body, as: UTF8.self)
            if metrics.contains(up) { break }
            _ = try await reading.send(.init(method: "GET", path: "/api/friends/\(id)"))
            try await Task.sleep(for: .milliseconds(250))  // a poll interval
        }
        #expect(metrics.contains(#"nearby_db_operations_total{pool="replica 127.0.0.1:\#(replicaPort)"}"#), "\(metrics)")
        #expect(metrics.contains(up), "\(metrics)")

        // Read-your-writes: a write through the reader answers its position; a read sent with it sees the write.
        for index in 0..<20 {
            let saved = try await reading.send(.init(method: "POST", path: "/addFriend",
                                                     body: Data(#"{"firstname":"Own","lastname":"Write","phonenumber":"555 \#(index)"}"#.utf8)))
            let position = try #require(saved.headers["x-nearby-written"])
            let savedID = try #require(try JSONValue.parse(saved.body)["id"]?.integerValue)
            let read = try await reading.send(.init(method: "GET", path: "/api/friends/\(savedID)",
                                                    headers: ["X-Nearby-Read-After": position]))
            #expect(read.status == 200)
        }

        try await cluster.stopReplica(0)
        let list = try await reading.send(.init(method: "GET", path: "/listFriends"))
        #expect(list.status == 200)
        #expect(try JSONValue.parse(list.body).arrayValue?.count == 21)
        let ready = try await reading.send(.init(method: "GET", path: "/readyz"))
        #expect(ready.status == 200)
        let replicaState = try JSONValue.parse(ready.body)["checks"]?["replica 127.0.0.1:\(replicaPort)"]?.stringValue ?? ""
        #expect(replicaState.contains("down") && replicaState.contains("fall back to the primary"), "\(replicaState)")
        #expect(!reader.output.contains(PostgresCluster.password))

        try await cluster.startReplica(0)
        await reader.stop()
        await writer.stop()
    }

    @Test("a replica connection cannot write: replica sessions are read-only")
    func replicaIsReadOnly() async throws {
        let cluster = try #require(try await PostgresCluster.start())
        defer { cluster.stop() }
        let replicaPort = try await cluster.addReplica()
        // The replica given as the primary too: only the replica's pool's own setting is under test here.
        let pools = PostgresPools(primary: try DatabaseURL(cluster.url(database: "postgres")),
                                  replicas: [try DatabaseURL(cluster.url(database: "postgres", port: replicaPort))])
        let outcome = try await pools.withRunningPools {
            let readOnly = try await pools.read { connection in
                let rows = try await connection.query("SHOW default_transaction_read_only", logger: pools.logger)
                var value = ""
                for try await text in rows.decode(String.self) { value = text }
                return value
            }
            let recovery = try await pools.read { connection in
                let rows = try await connection.query("SELECT pg_is_in_recovery()", logger: pools.logger)
                var value = false
                for try await flag in rows.decode(Bool.self) { value = flag }
                return value
            }
            return (readOnly, recovery)
        }
        #expect(outcome.0 == "on")
        #expect(outcome.1)
    }
}
