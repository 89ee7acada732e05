import Foundation
import NearbyData
@testable import NearbyServer
import Testing

/// A database a newer nearby migrated: this one neither migrates it (as if it were up to date) nor advises
/// migrating it.
@Suite("Schema versions on PostgreSQL", .enabled(if: PostgresCluster.unavailableReason == nil, "needs PostgreSQL 15"))
struct SchemaVersionTests {
    @Test("on a newer schema, serve migrate refuses and changes nothing, and /readyz says to upgrade nearby")
    func newerSchema() async throws {
        let cluster = try #require(try await SharedPostgres.get())
        let name = try await cluster.createDatabase()
        let url = cluster.url(database: name)
        let first = try await ServerProcess.run(["serve", "migrate"], environment: ["NEARBY_DATABASE_URL": url])
        #expect(first.status == 0, "\(first.output)")
        let newer = PostgresSchema.latestVersion + 1
        try await cluster.psql("INSERT INTO nearby_schema (version, summary) VALUES (\(newer), 'from a newer nearby')",
                               database: name)
        let again = try await ServerProcess.run(["serve", "migrate"], environment: ["NEARBY_DATABASE_URL": url])
        #expect(again.status == 1, "\(again.output)")
        #expect(again.output.contains("newer than this nearby (\(PostgresSchema.latestVersion)): upgrade nearby"),
                "\(again.output)")
        #expect(!again.output.contains("up to date"), "\(again.output)")
        #expect(try await cluster.psql("SELECT max(version) FROM nearby_schema", database: name) == String(newer))

        let pools = PostgresPools(primary: try DatabaseURL(url), maximumConnections: 1)
        let running = await pools.started()
        let readiness = await PostgresServiceBackend(pools: pools).readiness()
        running.cancel()
        _ = await running.result
        let state = readiness.checks.first { $0.name == "database" }?.state ?? ""
        #expect(!readiness.isReady)
        #expect(state.contains("newer than this nearby"), "\(state)")
        #expect(!state.contains("migrate"), "\(state)")
        _ = try? await cluster.psql("DROP DATABASE IF EXISTS \(name) WITH (FORCE)")
    }
}
