import Foundation
import NearbyData
import Testing

@testable import NearbyServer

@Suite("Expired idempotency keys are swept")
struct ExpiredKeySweepTests {
    @Test("the first call is due, then none until the interval has passed")
    func oncePerInterval() {
        let sweep = ExpiredKeySweep(interval: .seconds(600))
        let start = ContinuousClock.now
        #expect(sweep.isDue(at: start))
        #expect(!sweep.isDue(at: start))
        #expect(!sweep.isDue(at: start + .seconds(599)))
        #expect(sweep.isDue(at: start + .seconds(600)))
        #expect(!sweep.isDue(at: start + .seconds(601)))
    }

    @Test("on PostgreSQL a request deletes every expired key, not only its own, and keeps the fresh ones",
          .enabled(if: PostgresCluster.unavailableReason == nil, "needs PostgreSQL 15"))
    func requestsSweepOtherKeys() async throws {
        guard let cluster = try await SharedPostgres.get() else { return }
        let name = try await cluster.createDatabase()
        let pools = PostgresPools(primary: try DatabaseURL(cluster.url(database: name)), maximumConnections: 4)
        let running = await pools.started()
        _ = try await pools.migrate()
        let store = PostgresIdempotencyStore(pools: pools, sweepEvery: .zero)
        func send(_ key: String) async throws -> Int {
            let request = IdempotentRequest(key: key, method: "POST", path: "/addFriend", body: Data(key.utf8))
            return try await store.answer(request) { .json(200, .object(["key": .string(key)])) }.status
        }
        for key in ["old-1", "old-2", "recent"] { #expect(try await send(key) == 200) }
        _ = try await cluster.psql("""
            UPDATE idempotency_key SET created_at = now() - interval '25 hours' WHERE key LIKE 'old-%';
            UPDATE idempotency_key SET created_at = now() - interval '23 hours' WHERE key = 'recent'
            """, database: name)
        #expect(try await send("new") == 200)
        let kept = try await cluster.psql("SELECT key FROM idempotency_key ORDER BY key", database: name)
        #expect(kept.split(separator: "\n") == ["new", "recent"])
        running.cancel()
        _ = await running.result
        _ = try? await cluster.psql("DROP DATABASE IF EXISTS \(name) WITH (FORCE)")
    }
}
