import Foundation
import NearbyData
import NearbyServer
import Testing
import TestSupport
import NearbyHTTP

/// `nearby-server serve` as a process: how it stops, and that it never stops on its own with status 0.
@Suite("nearby-server lifecycle")
struct ServerLifecycleTests {
    /// Until the server is answering one request: /metrics (not delayed) counts it and itself in flight.
    private static func waitUntilInFlight(_ server: ServerProcess) async throws {
        let metrics = HTTPClient(baseURL: server.url, timeout: .seconds(10))
        let givingUp = ContinuousClock.now + .seconds(30)
        while !String(decoding: try await metrics.send(.init(method: "GET", path: "/metrics")).body, as: UTF8.self)
            .contains("nearby_http_requests_in_flight 2") {
            // Bounded: a request that ended unseen must fail the test, not hang the run.
            try #require(ContinuousClock.now < givingUp, "the request was never seen in flight")
            try await Task.sleep(for: .milliseconds(10))  // a poll interval
        }
    }

    @Test("SIGTERM finishes the request in flight, refuses new connections, and exits 0")
    func gracefulShutdown() async throws {
        // Each answer but the operational ones waits 4 s: long enough to see it in flight on a busy machine.
        let server = try await ServerProcess(["serve", "--memory", "--port", "0", "--delay-ms", "4000"])
        let client = HTTPClient(baseURL: server.url, timeout: .seconds(30))
        async let inFlight = client.send(.init(method: "GET", path: "/listFriends"))
        try await Self.waitUntilInFlight(server)
        server.signal(SIGTERM)
        let answer = try await inFlight
        #expect(answer.status == 200)
        let status = try await server.waitForExit()
        #expect(status == 0, "\(server.output)")
        #expect(server.output.contains("Stopped."))
        await #expect(throws: HTTPFailure.self) {
            _ = try await HTTPClient(baseURL: server.url, timeout: .seconds(5)).send(.init(method: "GET", path: "/healthz"))
        }
        await server.stop()
    }

    @Test("SIGTERM ends it within --shutdown-grace even with a request stuck in flight, saying so, status 1")
    func shutdownGrace() async throws {
        // Each answer but the operational ones waits 60 s: a request that will not finish within the grace.
        let server = try await ServerProcess(["serve", "--memory", "--port", "0", "--delay-ms", "60000",
                                              "--shutdown-grace", "1.5"])
        let client = HTTPClient(baseURL: server.url, timeout: .seconds(90))
        let inFlight = Task { try? await client.send(.init(method: "GET", path: "/listFriends")) }
        try await Self.waitUntilInFlight(server)
        let clock = ContinuousClock()
        let signalled = clock.now
        server.signal(SIGTERM)
        let status = try await server.waitForExit()
        #expect(clock.now - signalled < .seconds(20), "it waited for the stuck request")
        #expect(status == 1, "\(server.output)")
        #expect(server.output.contains("requests still in flight were cut off"), "\(server.output)")
        inFlight.cancel()
        await server.stop()
    }

    @Test("a port in use ends it with status 1 and says why")
    func portInUse() async throws {
        let first = try await ServerProcess(["serve", "--memory", "--port", "0"])
        let second = try await ServerProcess.run(["serve", "--memory", "--port", String(first.port)])
        #expect(second.status == 1)
        #expect(second.output.contains("Cannot listen"), "\(second.output)")
        await first.stop()
    }

    @Test("a database no one answers at ends it with status 1, in words, without the password")
    func databaseUnreachable() async throws {
        let port = try PostgresCluster.freePort()
        let started = try await ServerProcess.run(["serve", "--port", "0", "--database",
                                                   "postgresql://nearby:hunter2@127.0.0.1:\(port)/nearby"])
        #expect(started.status == 1)
        #expect(started.output.contains("Cannot reach the database at postgresql://nearby:***@127.0.0.1"),
                "\(started.output)")
        #expect(started.output.contains("no answer within 10"), "\(started.output)")
        #expect(!started.output.contains("hunter2"))
        #expect(!started.output.contains("Deadline"), "a type's name is no message: \(started.output)")
    }

    @Test("out of file descriptors it backs off and keeps serving; it never exits on its own")
    func descriptorExhaustion() async throws {
        let server = try await ServerProcess(["serve", "--memory", "--port", "0", "--header-timeout", "30"],
                                             prefix: ["/usr/bin/prlimit", "--nofile=48:48"])
        let port = server.port
        // More connections than the server has descriptors: the rest wait in the backlog while accept fails.
        let held = try await Blocking.run { () -> [RawConnection] in
            try (0..<80).map { _ in try RawConnection(port: port, receiveTimeout: 1) }
        }
        try await Task.sleep(for: .seconds(1))  // accept() keeps failing with EMFILE meanwhile
        #expect(!server.hasExited, "\(server.output)")
        for connection in held { shutdown(connection.fd, Int32(SHUT_RDWR)) }
        _ = held
        let answer = try await HTTPClient(baseURL: server.url, timeout: .seconds(30)).send(.init(method: "GET", path: "/healthz"))
        #expect(answer.status == 200)
        #expect(!server.hasExited)
        server.signal(SIGTERM)
        #expect(try await server.waitForExit() == 0)
        await server.stop()
    }

    @Test("out of file descriptors under load it keeps serving and does not crash: connections are capped below the limit")
    func descriptorExhaustionUnderLoad() async throws {
        let folder = try TemporaryFolder("nearby-nofile")
        defer { folder.remove() }
        let server = try await ServerProcess(["serve", "--data-dir", folder.path, "--port", "0"],
                                             prefix: ["/usr/bin/prlimit", "--nofile=48:48"])
        #expect(server.output.contains("At most "), "the cap below --max-connections is said: \(server.output)")
        let port = server.port
        // Many keep-alive clients, more than the descriptors allow, each sending requests back to back: the work
        // they queue is what makes the runtime's thread pool look at /proc, which needs a free descriptor.
        let answered = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<100 {
                group.addTask {
                    try await Blocking.run { () -> Int in
                        var answered = 0
                        var connection = try? RawConnection(port: port, receiveTimeout: 30)
                        for _ in 0..<60 {
                            guard let open = connection else { break }
                            open.send("GET /listFriends HTTP/1.1\r\nHost: x\r\n\r\n")
                            if open.readResponse()?.status == 200 {
                                answered += 1
                            } else {
                                connection = try? RawConnection(port: port, receiveTimeout: 30)
                            }
                        }
                        return answered
                    }
                }
            }
            return try await group.reduce(0, +)
        }
        #expect(!server.hasExited, "it died under load: \(server.output.suffix(600))")
        #expect(answered > 0)
        let answer = try await HTTPClient(baseURL: server.url, timeout: .seconds(30)).send(.init(method: "GET", path: "/healthz"))
        #expect(answer.status == 200)
        server.signal(SIGTERM)
        #expect(try await server.waitForExit() == 0, "\(server.output.suffix(600))")
        await server.stop()
    }

    @Test("a descriptor limit too small to serve is refused at start with status 1, naming the fix")
    func descriptorLimitTooSmall() async throws {
        let result = try await Blocking.run {
            try Spawned.run("/usr/bin/prlimit", ["--nofile=24:24", ServerProcess.binary.path, "serve", "--memory", "--port", "0"],
                            environment: ProcessInfo.processInfo.environment)
        }
        #expect(result.status == 1, "\(result.output)")
        #expect(result.output.contains("file descriptors"), "\(result.output)")
        #expect(result.output.contains("ulimit -n"), "\(result.output)")
    }

    @Test("two clients sending 1 MB headers are cut off, and an authenticated request is still answered")
    func headerFloodBeforeAuth() async throws {
        let server = try await ServerProcess(["serve", "--memory", "--port", "0"], environment: ["NEARBY_SERVE_TOKEN": "tok"])
        let port = server.port
        async let attackers = withThrowingTaskGroup(of: Int?.self) { group in
            for _ in 0..<2 {
                group.addTask {
                    try await Blocking.run { () -> Int? in
                        let connection = try RawConnection(port: port)
                        connection.send("GET /listFriends HTTP/1.1\r\nHost: x\r\nX-Flood: ")
                        let piece = [UInt8](repeating: UInt8(ascii: "f"), count: 8192)
                        var sent = 0
                        while sent < 1 << 20, connection.send(piece) == piece.count { sent += piece.count }
                        return RawResponse(connection.readToEnd().data)?.status
                    }
                }
            }
            var statuses: [Int?] = []
            for try await status in group { statuses.append(status) }
            return statuses
        }
        let client = HTTPClient(baseURL: server.url, timeout: .seconds(10))
        let answer = try await client.send(.init(method: "GET", path: "/listFriends", headers: ["Authorization": "Bearer tok"]))
        #expect(answer.status == 200)
        #expect(try await attackers == [431, 431])
        await server.stop()
    }

    @Test("HTTPS with --tls-cert and --tls-key")
    func tls() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("nearby-tls-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let cert = folder.appendingPathComponent("cert.pem").path, key = folder.appendingPathComponent("key.pem").path
        let made = try await Command.run("/usr/bin/openssl",
                                         ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", cert,
                                          "-days", "1", "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1"])
        try #require(made.exit == .exited(0), "openssl could not make a test certificate: \(made.output)")
        let server = try await ServerProcess(["serve", "--memory", "--port", "0", "--tls-cert", cert, "--tls-key", key])
        let curl = try await Command.run("/usr/bin/curl",
                                         ["-sS", "--cacert", cert, "https://127.0.0.1:\(server.port)/healthz"])
        let (status, body) = (curl.exit, curl.output)
        #expect(status == .exited(0), "\(body)")
        #expect(body.contains("alive"))
        // Plain HTTP to the TLS port gets nothing served.
        let plain = try? await HTTPClient(baseURL: try #require(URL(string: "http://127.0.0.1:\(server.port)")), timeout: .seconds(5))
            .send(.init(method: "GET", path: "/healthz"))
        #expect(plain?.status != 200)
        await server.stop()
    }
}
