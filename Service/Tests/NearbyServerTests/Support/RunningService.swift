import Foundation
import NearbyCore
import NearbyData
import NearbyServer
import Locking
import Testing
import NearbyHTTP

/// The backends the API tests run against: both, so the routes cannot drift apart.
enum BackendKind: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case sqlite
    case postgres

    var testDescription: String { rawValue }

    /// SQLite always; PostgreSQL when it is installed (else skipped, with a note).
    static let available: [BackendKind] = {
        if let reason = PostgresCluster.unavailableReason {
            print("PostgreSQL API tests skipped: \(reason).")
            return [.sqlite]
        }
        return [.sqlite, .postgres]
    }()
}

/// A backend made for one test: a store in a temporary folder, or a database of its own in the shared
/// PostgreSQL cluster, migrated. `close()` removes it.
final class TestBackend: Sendable {
    let backend: any ServiceBackend
    let kind: BackendKind
    /// The PostgreSQL database's URL (nil for SQLite).
    let databaseURL: String?
    let cluster: PostgresCluster?
    private let cleanup: @Sendable () async -> Void

    private init(backend: any ServiceBackend, kind: BackendKind, databaseURL: String?, cluster: PostgresCluster?,
                 cleanup: @escaping @Sendable () async -> Void) {
        self.backend = backend
        self.kind = kind
        self.databaseURL = databaseURL
        self.cluster = cluster
        self.cleanup = cleanup
    }

    static func make(_ kind: BackendKind) async throws -> TestBackend {
        switch kind {
        case .sqlite:
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("nearby-srv-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let database = try AppDatabase.open(at: folder.appendingPathComponent("nearby.sqlite"))
            return TestBackend(backend: LocalServiceBackend(database: database), kind: kind, databaseURL: nil,
                               cluster: nil) {
                try? FileManager.default.removeItem(at: folder)
            }
        case .postgres:
            guard let cluster = try await SharedPostgres.get() else { throw TestSkip() }
            let name = try await cluster.createDatabase()
            let urlText = cluster.url(database: name)
            let pools = PostgresPools(primary: try DatabaseURL(urlText), maximumConnections: 8)
            let running = await pools.started()
            _ = try await pools.migrate()
            return TestBackend(backend: PostgresServiceBackend(pools: pools), kind: kind, databaseURL: urlText,
                               cluster: cluster) {
                running.cancel()
                _ = await running.result
                _ = try? await cluster.psql("DROP DATABASE IF EXISTS \(name) WITH (FORCE)")
            }
        }
    }

    func close() async { await cleanup() }

    struct TestSkip: Error {}
}

/// A service started on a free port over a test backend, and a raw HTTP client to it.
final class RunningService: Sendable {
    let service: NearbyService
    let client: HTTPClient
    let port: UInt16
    let store: TestBackend
    private let lines = LogLines()

    init(_ kind: BackendKind, token: String? = nil, friends: [FriendDraft] = [], limits: HTTPLimits = HTTPLimits())
        async throws {
        store = try await TestBackend.make(kind)
        for friend in friends { _ = try await store.backend.friends.addFriend(friend) }
        let lines = self.lines
        service = try NearbyService(backend: store.backend, host: "127.0.0.1", port: 0, token: token, limits: limits,
                                    log: { lines.append($0) })
        port = try await service.start()
        client = HTTPClient(baseURL: try #require(URL(string: "http://127.0.0.1:\(port)")), timeout: .seconds(20))
    }

    var friends: any FriendsRepository { store.backend.friends }
    var log: [String] { lines.all }

    func send(_ method: String, _ path: String, _ body: String? = nil, token: String? = nil,
              headers extra: [String: String] = [:]) async throws -> (status: Int, json: JSONValue?, headers: [String: String], body: Data) {
        var headers = ["Content-Type": "application/json"]
        if let token { headers["Authorization"] = "Bearer \(token)" }
        headers.merge(extra) { $1 }
        let response = try await client.send(.init(method: method, path: path, headers: headers,
                                                   body: body.map { Data($0.utf8) }))
        return (response.status, try? JSONValue.parse(response.body), response.headers, response.body)
    }

    func stop() async {
        await service.stop()
        await store.close()
    }
}

/// Lines a server logged, gathered from its tasks.
final class LogLines: Sendable {
    private let lines = Locked<[String]>([])
    func append(_ line: String) { lines.withLock { $0.append(line) } }
    var all: [String] { lines.withLock { $0 } }
}
