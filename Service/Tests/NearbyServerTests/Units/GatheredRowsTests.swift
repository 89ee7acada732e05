import PostgresNIO
import Testing

@testable import NearbyServer

@Suite("Rows gathered on the event loop")
struct GatheredRowsTests {
    @Test("an answer of many socket reads comes back whole and in order; a failing statement throws the server's error",
          .enabled(if: PostgresCluster.unavailableReason == nil, "needs PostgreSQL 15"))
    func wholeAndInOrder() async throws {
        guard let cluster = try await SharedPostgres.get() else { return }
        let pools = PostgresPools(primary: try DatabaseURL(cluster.url()), maximumConnections: 2)
        let running = await pools.started()
        // About 2 MB of rows: far more than one read from the socket brings.
        let numbers = try await pools.write { connection in
            let rows = try await connection.gatheredRows(
                "SELECT n, repeat('x', 100) FROM generate_series(1, 20000) AS n", logger: pools.logger)
            return try rows.map { try $0.decode((Int, String).self).0 }
        }
        #expect(numbers == Array(1...20_000))
        let empty = try await pools.write { connection in
            try await connection.gatheredRows("SELECT 1 WHERE false", logger: pools.logger).count
        }
        #expect(empty == 0)
        await #expect(throws: PSQLError.self) {
            try await pools.write { connection in
                try await connection.gatheredRows("SELECT 1 / (0 * n) FROM generate_series(1, 3) AS n",
                                                  logger: pools.logger).count
            }
        }
        running.cancel()
        _ = await running.result
    }
}
