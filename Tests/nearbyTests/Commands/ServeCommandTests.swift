import NearbyServerOptions
import Testing
@testable import nearby

/// `nearby serve` checks its options, then hands them to `nearby-server`: the same values, secrets out of the
/// process list.
@Suite("Serve command")
struct ServeCommandTests {
    @Test("the options reach nearby-server as given; the token and database URLs only through its environment")
    func handOver() throws {
        let command = try #require(try CommandRouter.parse([
            "serve", "--host", "::1", "--port", "0", "--token", "-s3cret", "--data-dir", "-data",
            "--database", "postgresql://app:pw@db:5432/nearby", "--database-replica", "postgresql://app:pw@r1/nearby",
            "--database-replica=postgresql://app:pw@r2/nearby", "--header-timeout", "2.5", "--idle-timeout=30", "--shutdown-grace", "12",
            "--max-connections", "7", "--pool-size", "3", "--event-loops", "1", "--tls-cert", "c.pem", "--tls-key", "k.pem",
        ]) as? ServeStartCommand)
        let (arguments, environment) = command.options.handOver
        #expect(!arguments.contains { $0.contains("s3cret") || $0.contains("pw@") })
        #expect(environment == ["NEARBY_SERVE_TOKEN": "-s3cret", "NEARBY_DATABASE_URL": "postgresql://app:pw@db:5432/nearby",
                                "NEARBY_DATABASE_REPLICAS": "postgresql://app:pw@r1/nearby postgresql://app:pw@r2/nearby"])
        let received = try ServeOptions.parse(arguments)
        #expect(received.host == "::1")
        #expect(received.port == 0)
        #expect(received.dataDirectory == "-data")
        #expect(received.headerTimeout == 2.5)
        #expect(received.idleTimeout == 30)
        #expect(received.shutdownGrace == 12)
        #expect(received.maxConnections == 7)
        #expect(received.poolSize == 3)
        #expect(received.eventLoops == 1)
        #expect(received.tlsCertificate == "c.pem" && received.tlsKey == "k.pem")
        #expect(received.token == nil && received.database.database == nil && received.database.replicas.isEmpty)
        #expect(!received.memory)
    }

    @Test("nearby serve is nearby serve start")
    func startIsTheDefault() throws {
        let command = try #require(try CommandRouter.parse(["serve", "--port=0", "--memory"]) as? ServeStartCommand)
        #expect(command.options.port == 0 && command.options.memory)
        let explicit = try #require(try CommandRouter.parse(["serve", "start", "--port", "9"]) as? ServeStartCommand)
        #expect(explicit.options.port == 9)
        #expect(try CommandRouter.parse(["serve", "migrate", "--database", "postgresql://h/db"]) is ServeMigrateCommand)
    }

    @Test("a wrong line is refused by nearby itself, naming the option, before nearby-server is looked for")
    func refusals() {
        for (line, option) in [(["serve", "--port", "-7"], "--port"), (["serve", "--tls-cert", "c.pem"], "--tls-cert"),
                               (["serve", "--memory", "--database", "postgresql://h/db"], "--memory"),
                               (["serve", "--idle-timeout", "0"], "--idle-timeout"),
                               (["serve", "--shutdown-grace", "0"], "--shutdown-grace"),
                               (["serve", "--event-loops", "0"], "--event-loops"),
                               (["serve", "migrate", "--port", "1"], "--port"),
                               (["serve", "start", "--radius", "1"], "--radius")] {
            do {
                _ = try CommandRouter.parse(line)
                Issue.record("\(line) was accepted")
            } catch {
                #expect(NearbyCommand.message(for: error).contains(option), "\(line)")
                #expect(NearbyCommand.exitCode(for: error).rawValue == 64, "\(line)")
            }
        }
    }
}
