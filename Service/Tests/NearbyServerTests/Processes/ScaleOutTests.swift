import Foundation
import Locking
import NearbyCore
import NearbyData
import NearbyServer
import Synchronization
import Testing
import NearbyHTTP

/// Several `nearby-server` processes on one PostgreSQL database.
@Suite("Instances on one PostgreSQL database", .enabled(if: PostgresCluster.unavailableReason == nil,
                                                         "needs PostgreSQL 15 and PostGIS 3"))
struct ScaleOutTests {
    /// A migrated database of its own in the shared cluster, and its URL.
    private static func database() async throws -> (PostgresCluster, String, String) {
        let cluster = try #require(try await SharedPostgres.get())
        let name = try await cluster.createDatabase(prefix: "scale")
        let url = cluster.url(database: name)
        let migrated = try await ServerProcess.run(["serve", "migrate"], environment: ["NEARBY_DATABASE_URL": url])
        #expect(migrated.status == 0, "\(migrated.output)")
        return (cluster, name, url)
    }

    private static func instances(_ count: Int, url: String, token: String = "tok") async throws -> [ServerProcess] {
        var started: [ServerProcess] = []
        for _ in 0..<count {
            started.append(try await ServerProcess(["serve", "--port", "0", "--pool-size", "10"],
                                                   environment: ["NEARBY_DATABASE_URL": url, "NEARBY_SERVE_TOKEN": token]))
        }
        return started
    }

    private static func client(_ server: ServerProcess) -> HTTPClient {
        HTTPClient(baseURL: server.url, timeout: .seconds(30), headers: ["Authorization": "Bearer tok", "Content-Type": "application/json"])
    }

    @Test("serve refuses a database that is behind and names the command; migrate applies once, never showing the password")
    func migrations() async throws {
        let cluster = try #require(try await SharedPostgres.get())
        let name = try await cluster.createDatabase(prefix: "fresh")
        let url = cluster.url(database: name)
        let refused = try await ServerProcess.run(["serve", "--port", "0"], environment: ["NEARBY_DATABASE_URL": url])
        #expect(refused.status == 1)
        #expect(refused.output.contains("schema version 0"), "\(refused.output)")
        #expect(refused.output.contains("nearby serve migrate --database postgresql://postgres:***@127.0.0.1"))
        let first = try await ServerProcess.run(["serve", "migrate", "--database", url])
        #expect(first.status == 0)
        #expect(first.output.contains("Migrated"))
        let second = try await ServerProcess.run(["serve", "migrate"], environment: ["NEARBY_DATABASE_URL": url])
        #expect(second.output.contains("up to date"))
        #expect(try await cluster.psql("SELECT count(*) FROM nearby_schema", database: name) == "\(PostgresSchema.latestVersion)")
        // An import through the command: its one summary line, and nothing from the database client on stderr.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("nearby-mig-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let extract = folder.appendingPathComponent("village.osm")
        try Data(#"<?xml version='1.0'?><osm version="0.6"><node id="1" lat="47.1" lon="9.5"><tag k="amenity" v="cafe"/><tag k="name" v="Café"/></node></osm>"#.utf8)
            .write(to: extract)
        let imported = try await ServerProcess.run(["import", extract.path], environment: ["NEARBY_DATABASE_URL": url])
        #expect(imported.status == 0, "\(imported.output)")
        #expect(imported.output.hasPrefix("Imported 1 places of village into"), "\(imported.output)")
        for output in [refused.output, first.output, second.output, imported.output] {
            #expect(!output.contains(PostgresCluster.password))
            // postgres-nio's warning when a connection is asked for before its client runs.
            #expect(!output.contains("run()"), "\(output)")
            #expect(!output.contains("warning"), "\(output)")
        }
        #expect(first.output.split(separator: "\n").count == 1, "\(first.output)")
        #expect(imported.output.split(separator: "\n").count == 1, "\(imported.output)")
        let wrongPassword = url.replacingOccurrences(of: PostgresCluster.password, with: "not-the-password")
        let denied = try await ServerProcess.run(["serve", "--port", "0"], environment: ["NEARBY_DATABASE_URL": wrongPassword])
        #expect(denied.status == 1)
        #expect(!denied.output.contains("not-the-password"))
        _ = try? await cluster.psql("DROP DATABASE \(name) WITH (FORCE)")
    }

    /// `number` in letters, one per digit (12 → "bc"), for names that must be valid and distinct.
    private static func letters(_ number: Int) -> String {
        String(String(number).unicodeScalars.map { Character(Unicode.Scalar($0.value - 48 + 97)!) })
    }

    @Test("20 clients × 500 adds over two instances: the count equals the acknowledged adds exactly")
    func manyAdds() async throws {
        let (cluster, name, url) = try await Self.database()
        let servers = try await Self.instances(2, url: url)
        let acknowledged = Locked(0)
        let ids = Locked<Set<Int64>>([])
        let refusals = Locked<[Int: Int]>([:])
        try await withThrowingTaskGroup(of: Void.self) { group in
            for clientIndex in 0..<20 {
                let client = Self.client(servers[clientIndex % 2])
                group.addTask {
                    for index in 0..<500 {
                        // Names take letters only (FriendValidation.nameProblem): the numbers are spelled in letters.
                        let body = #"{"firstname":"C\#(Self.letters(clientIndex))","lastname":"N\#(Self.letters(index))","phonenumber":"555 \#(clientIndex) \#(index)"}"#
                        let answer: HTTPClient.Response
                        do {
                            answer = try await client.send(.init(method: "POST", path: "/addFriend", body: Data(body.utf8)))
                        } catch {
                            let servers = servers.map(\.diagnosis).joined(separator: "\n")
                            Issue.record("client \(clientIndex), add \(index): \(error)\n\(servers)")
                            throw error
                        }
                        if answer.status == 200, let id = try JSONValue.parse(answer.body)["id"]?.integerValue {
                            acknowledged.update { $0 += 1 }
                            ids.update { _ = $0.insert(id) }
                        } else {
                            refusals.update { $0[answer.status, default: 0] += 1 }
                        }
                    }
                }
            }
            try await group.waitForAll()
        }
        #expect(acknowledged.value == 10_000, "refused, by status: \(refusals.value)")
        #expect(ids.value.count == 10_000)
        #expect(try await cluster.psql("SELECT count(*) FROM friend", database: name) == "10000")
        let total = try await Self.client(servers[1]).send(.init(method: "GET", path: "/api/friends?limit=1"))
        #expect(total.headers["x-total-count"] == "10000")
        for server in servers { await server.stop() }
        _ = try? await cluster.psql("DROP DATABASE \(name) WITH (FORCE)")
    }

    @Test("concurrent edits and deletes of the same friends through two instances end in one consistent state")
    func editsAndDeletes() async throws {
        let (cluster, name, url) = try await Self.database()
        let servers = try await Self.instances(2, url: url)
        var ids: [Int64] = []
        for index in 0..<200 {
            let answer = try await Self.client(servers[0]).send(.init(
                method: "POST", path: "/addFriend", body: Data(#"{"firstname":"E","lastname":"D","phonenumber":"555 \#(index)"}"#.utf8)))
            ids.append(try #require(try JSONValue.parse(answer.body)["id"]?.integerValue))
        }
        let deletes = Locked<[Int: Int]>([:])
        let patchStatuses = Locked<[Int: Int]>([:])
        try await withThrowingTaskGroup(of: Void.self) { group in
            for worker in 0..<4 {
                let client = Self.client(servers[worker % 2])
                let ids = ids
                group.addTask {
                    for id in ids {
                        if worker < 2 {
                            let status = try await client.send(.init(method: "DELETE", path: "/editFriend/\(id)")).status
                            deletes.update { $0[status, default: 0] += 1 }
                        } else {
                            let field = worker == 2 ? "firstname" : "email"
                            let value = worker == 2 ? "Edited" : "e@example.org"
                            let status = try await client.send(.init(method: "PATCH", path: "/editFriend/\(id)",
                                                                     body: Data(#"{"\#(field)":"\#(value)"}"#.utf8))).status
                            patchStatuses.update { $0[status, default: 0] += 1 }
                        }
                    }
                }
            }
            try await group.waitForAll()
        }
        // Every friend deleted exactly once; patches either landed before the delete or found nothing.
        #expect(deletes.value == [200: 200, 404: 200])
        #expect(Set(patchStatuses.value.keys).isSubset(of: [200, 404]))
        #expect(try await cluster.psql("SELECT count(*) FROM friend", database: name) == "0")
        for server in servers { await server.stop() }
        _ = try? await cluster.psql("DROP DATABASE \(name) WITH (FORCE)")
    }

    @Test("one instance SIGKILLed mid-load loses no acknowledged write, and the other keeps serving")
    func killedInstance() async throws {
        let (cluster, name, url) = try await Self.database()
        let servers = try await Self.instances(2, url: url)
        let acknowledged = Locked<Set<Int64>>([])
        let sentToVictim = Locked(0)
        let survivorAcknowledged = Locked(0)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for clientIndex in 0..<8 {
                let server = servers[clientIndex % 2]
                let client = Self.client(server)
                group.addTask {
                    for index in 0..<300 {
                        if clientIndex % 2 == 0 { sentToVictim.update { $0 += 1 } }
                        let body = #"{"firstname":"K","lastname":"L","phonenumber":"555 \#(clientIndex) \#(index)"}"#
                        guard let answer = try? await client.send(.init(method: "POST", path: "/addFriend", body: Data(body.utf8))) else {
                            continue  // the killed instance: no answer, so not acknowledged
                        }
                        if answer.status == 200, let id = try? JSONValue.parse(answer.body)["id"]?.integerValue {
                            acknowledged.update { _ = $0.insert(id) }
                            if clientIndex % 2 == 1 { survivorAcknowledged.update { $0 += 1 } }
                        }
                    }
                }
            }
            group.addTask {
                while sentToVictim.value < 200 { try await Task.sleep(for: .milliseconds(5)) }
                servers[0].signal(SIGKILL)
            }
            try await group.waitForAll()
        }
        #expect(try await servers[0].waitForExit() == 128 + SIGKILL)
        let stored = Set(try await cluster.psql("SELECT id FROM friend", database: name).split(separator: "\n").compactMap { Int64($0) })
        let lost = acknowledged.value.subtracting(stored)
        #expect(lost.isEmpty, "acknowledged but missing: \(lost.sorted().prefix(10))")
        // The survivor answered every one of its clients' adds.
        #expect(survivorAcknowledged.value == 4 * 300)
        let health = try await Self.client(servers[1]).send(.init(method: "GET", path: "/readyz"))
        #expect(health.status == 200)
        await servers[1].stop()
        await servers[0].stop()
        _ = try? await cluster.psql("DROP DATABASE \(name) WITH (FORCE)")
    }

    @Test("a client whose answer was dropped retries on the other instance with its Idempotency-Key: one friend")
    func retryAfterDroppedAnswer() async throws {
        let (cluster, name, url) = try await Self.database()
        let servers = try await Self.instances(2, url: url)
        let body = #"{"firstname":"Ida","lastname":"Empotent","phonenumber":"555 0199"}"#
        let request = "POST /api/friends HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer tok\r\nContent-Type: application/json\r\n"
            + "Idempotency-Key: dropped-1\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)"
        // Sent in full, then the connection is dropped before the answer is read.
        let port = servers[0].port
        try await Blocking.run {
            let connection = try RawConnection(port: port)
            connection.send(request)
            shutdown(connection.fd, Int32(SHUT_RDWR))
        }
        // The first attempt may still be committing: the retry waits on the key and then answers the same.
        var retried: HTTPClient.Response?
        for _ in 0..<50 {
            let answer = try await Self.client(servers[1]).send(.init(method: "POST", path: "/api/friends",
                                                                      headers: ["Idempotency-Key": "dropped-1"], body: Data(body.utf8)))
            retried = answer
            if answer.status != 409 { break }
            try await Task.sleep(for: .milliseconds(50))  // a poll interval while the first attempt finishes
        }
        #expect(retried?.status == 201)
        #expect(try await cluster.psql("SELECT count(*) FROM friend WHERE last_name = 'Empotent'", database: name) == "1")
        let again = try await Self.client(servers[0]).send(.init(method: "POST", path: "/api/friends",
                                                                  headers: ["Idempotency-Key": "dropped-1"], body: Data(body.utf8)))
        #expect(again.body == retried?.body)
        #expect(try await cluster.psql("SELECT count(*) FROM friend", database: name) == "1")
        for server in servers {
            #expect(!server.output.contains(PostgresCluster.password))
            await server.stop()
        }
        _ = try? await cluster.psql("DROP DATABASE \(name) WITH (FORCE)")
    }
}
