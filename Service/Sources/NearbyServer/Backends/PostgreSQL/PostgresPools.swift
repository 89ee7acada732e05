import Foundation
import Logging
import NIOSSL
import PostgresNIO
import ServiceLifecycle
import Locking
import Synchronization

/// The connection pools of one service: the primary, which takes every write, and any streaming replicas,
/// which take reads. A replica that fails or does not answer within `replicaTimeout` is set aside for
/// `replicaRetry` and its reads go to the primary meanwhile (`/readyz` says so). Replica sessions are
/// read-only (`default_transaction_read_only`), and only `read` ever hands one out, so nothing can write there.
public final class PostgresPools: Service, Sendable {
    public let primaryURL: DatabaseURL
    let primary: PostgresClient
    private let replicas: [Replica]
    private let next = Atomic<Int>(0)
    let logger: Logger
    private let inUse = Locked<[String: Int]>([:])
    /// Database work done, by pool: what the replicas took off the primary.
    private let served = Locked<[String: Int]>([:])

    /// How long a request's call to the primary may take, waiting for a connection included: past it the
    /// request is answered 503 (the database is not answering) rather than held for as long as the pool keeps
    /// trying to connect (67 s were seen) or, on a connection whose server died, for ever.
    let callTimeout: Duration
    /// How long a read waits for a replica before it is served by the primary.
    let replicaTimeout: Duration
    /// How long a failed replica is left alone before it is tried again.
    let replicaRetry: Duration
    /// Set when the task running the clients starts: see `StartedPoolLogHandler`.
    private let runStarted: PoolRunStarted

    final class Replica: Sendable {
        let url: DatabaseURL
        let client: PostgresClient
        /// Until when it is set aside, and why.
        let down = Locked<(until: ContinuousClock.Instant, reason: String)?>(nil)

        init(url: DatabaseURL, client: PostgresClient) {
            self.url = url
            self.client = client
        }
    }

    public init(primary: DatabaseURL, replicas: [DatabaseURL] = [], maximumConnections: Int = 20,
                callTimeout: Duration = .seconds(5), replicaTimeout: Duration = .seconds(2),
                replicaRetry: Duration = .seconds(5), logger: Logger? = nil) {
        var logger = logger ?? Logger(label: "nearby.postgres")
        if logger.logLevel < .warning { logger.logLevel = .warning }
        self.logger = logger
        primaryURL = primary
        self.callTimeout = callTimeout
        self.replicaTimeout = replicaTimeout
        self.replicaRetry = replicaRetry
        let started = PoolRunStarted()
        runStarted = started
        let background = Logger(label: logger.label) { _ in StartedPoolLogHandler(base: logger.handler, started: started) }
        self.primary = PostgresClient(configuration: Self.configuration(primary, maximumConnections: maximumConnections,
                                                                       readOnly: false),
                                      backgroundLogger: background)
        self.replicas = replicas.map { url in
            Replica(url: url, client: PostgresClient(
                configuration: Self.configuration(url, maximumConnections: maximumConnections, readOnly: true),
                backgroundLogger: background))
        }
    }

    /// Whether reads may go elsewhere than the primary (then writes note their position).
    public var hasReplicas: Bool { !replicas.isEmpty }

    /// Runs the pools until the service group shuts down.
    public func run() async throws {
        await run(started: {})
    }

    /// Runs the pools; `started` is called once every client's `run()` has been entered.
    private func run(started: @escaping @Sendable () -> Void) async {
        let clients = [primary] + replicas.map(\.client)
        let entered = EnteredCount()
        runStarted.set()
        await withDiscardingTaskGroup { group in
            for client in clients {
                group.addTask {
                    // Counted just before the call: `run()` marks its client running before it first suspends.
                    if entered.increment() == clients.count { started() }
                    await client.run()
                }
            }
        }
    }

    /// Starts the pools in a task of their own, returned once that task runs them; cancel it to stop them.
    /// (For a caller that keeps the pools beyond one call, as tests do; a service uses `run()`.)
    public func started() async -> Task<Void, Never> {
        let (running, signal) = AsyncStream<Void>.makeStream()
        let task = Task {
            await self.run(started: {
                signal.yield()
                signal.finish()
            })
        }
        for await _ in running { break }
        return task
    }

    /// Runs `body` with the pools running, then stops them: for commands that do one thing and exit.
    /// (A pool runs once; a service runs its own pools in its `ServiceGroup`.) `body` starts only once the
    /// pools run: a connection leased before that would wait on a pool nobody drives, and postgres-nio
    /// warns about it on standard error.
    public func withRunningPools<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) async throws -> T {
        let running = await started()
        do {
            let value = try await body()
            running.cancel()
            await running.value
            return value
        } catch {
            running.cancel()
            await running.value
            throw error
        }
    }

    /// The primary's schema version (0 when never migrated); gives up after `limit`.
    public func schemaVersion(within limit: Duration = .seconds(10)) async throws -> Int {
        try await Deadline.run(within: limit) { [self] in try await PostgresSchema.currentVersion(primary, logger: logger) }
    }

    /// Applies the missing migrations to the primary, up to `target` (all by default); returns the versions applied.
    public func migrate(through target: Int = .max) async throws -> [Int] {
        try await PostgresSchema.migrate(primary, through: target, logger: logger)
    }

    static func configuration(_ url: DatabaseURL, maximumConnections: Int, readOnly: Bool) -> PostgresClient.Configuration {
        let tls: PostgresClient.Configuration.TLS
        switch url.tls {
        case .disable: tls = .disable
        case .prefer: tls = .prefer(.makeClientConfiguration())
        case .require: tls = .require(.makeClientConfiguration())
        }
        var configuration = PostgresClient.Configuration(host: url.host, port: url.port, username: url.username,
                                                         password: url.password, database: url.database, tls: tls)
        configuration.options.maximumConnections = maximumConnections
        configuration.options.connectTimeout = .seconds(5)
        // No JIT: the service's queries are short, and compiling one (several hundred ms on a page of nearest
        // places at 1,000,000 rows) costs far more than it saves.
        configuration.options.additionalStartupParameters = [("application_name", "nearby-server"), ("jit", "off")]
        if readOnly {
            configuration.options.additionalStartupParameters.append(("default_transaction_read_only", "on"))
        }
        return configuration
    }

    /// Runs `body` on a primary connection: every write, and reads that must see the latest writes. Throws
    /// `DeadlineExceeded` after `callTimeout`, whether or not the call heeds its cancellation.
    func write<T: Sendable>(_ body: @escaping @Sendable (PostgresConnection) async throws -> T) async throws -> T {
        try await Deadline.run(within: callTimeout) { [self] in
            try await counting("primary") {
                try await primary.withConnection { connection in try await body(connection) }
            }
        }
    }

    /// Runs `body` in one transaction on the primary, with no deadline: for imports, which take minutes.
    func transaction<T: Sendable>(_ body: (PostgresConnection) async throws -> sending T) async throws -> sending T {
        try await counting("primary") {
            do {
                return try await primary.withConnection { connection in
                    try await connection.withTransaction(logger: logger) { connection in try await body(connection) }
                }
            } catch {
                throw unwrappedTransactionError(error)
            }
        }
    }

    /// Runs a read on a replica that is up (in turn), else on the primary (within `callTimeout`, as `write`).
    /// With `ReadYourWrites.readAfter` set, a replica serves it only once it has replayed that write position.
    func read<T: Sendable>(_ body: @escaping @Sendable (PostgresConnection) async throws -> T) async throws -> T {
        let position = ReadYourWrites.readAfter.flatMap(Self.walPosition)
        for _ in replicas.indices {
            guard let replica = pickReplica() else { break }
            switch await attempt(on: replica, after: position, body) {
            case .done(let value): return value
            case .failed(let error): throw error
            case .behind: return try await write { try await body($0) }
            case .unavailable: continue
            }
        }
        return try await write { try await body($0) }
    }

    private enum Attempt<T: Sendable>: Sendable {
        case done(T)
        /// The query itself failed (a SQL error): the primary would fail the same way.
        case failed(any Error)
        /// The replica has not replayed the caller's write yet.
        case behind
        /// The replica could not be reached in time.
        case unavailable
    }

    private func attempt<T: Sendable>(on replica: Replica, after position: String?,
                                      _ body: @escaping @Sendable (PostgresConnection) async throws -> T) async -> Attempt<T> {
        let timeout = replicaTimeout
        let name = replica.url.server
        do {
            return try await Deadline.run(within: timeout) { [self] in
                try await counting("replica \(name)") {
                    try await replica.client.withConnection { connection -> Attempt<T> in
                        if let position {
                            let rows = try await connection.query(
                                "SELECT pg_last_wal_replay_lsn() >= \(position)::pg_lsn", logger: logger)
                            var caughtUp = false
                            for try await value in rows.decode(Bool?.self) { caughtUp = value ?? false }
                            if !caughtUp { return .behind }
                        }
                        return .done(try await body(connection))
                    }
                }
            }
        } catch let error as PSQLError where error.code == .server {
            return .failed(error)
        } catch {
            setAside(replica, because: DatabaseFailure.describe(error))
            return .unavailable
        }
    }

    private func pickReplica() -> Replica? {
        guard !replicas.isEmpty else { return nil }
        let now = ContinuousClock.now
        let start = next.add(1, ordering: .relaxed).oldValue
        for offset in replicas.indices {
            let replica = replicas[(start + offset) % replicas.count]
            let isDown = replica.down.withLock { state -> Bool in
                guard let state else { return false }
                if state.until <= now { return false }
                return true
            }
            if !isDown { return replica }
        }
        return nil
    }

    private func setAside(_ replica: Replica, because reason: String) {
        let until = ContinuousClock.now + replicaRetry
        let wasUp = replica.down.withLock { state -> Bool in
            let wasUp = state == nil
            state = (until, reason)
            return wasUp
        }
        if wasUp {
            logger.warning("replica \(replica.url.server) unavailable (\(reason)); its reads go to the primary")
        }
    }

    /// What `/readyz` reports: the primary answers and is migrated; each replica answers (or reads fell back).
    func readiness(expectedVersion: Int) async -> Readiness {
        var checks: [(name: String, state: String)] = []
        var ready = true
        do {
            let version = try await Deadline.run(within: .seconds(3)) { [self] in
                try await PostgresSchema.currentVersion(primary, logger: logger)
            }
            if version == expectedVersion {
                checks.append(("database", "ok (\(primaryURL.server), schema version \(version))"))
            } else if version > expectedVersion {
                ready = false
                checks.append(("database", PostgresSchema.NewerSchema(found: version).description))
            } else {
                ready = false
                checks.append(("database", "schema version \(version), this server needs \(expectedVersion): "
                               + "run nearby serve migrate"))
            }
        } catch {
            ready = false
            checks.append(("database", "unreachable (\(DatabaseFailure.describe(error)))"))
        }
        for replica in replicas {
            let name = "replica \(replica.url.server)"
            do {
                _ = try await Deadline.run(within: replicaTimeout) {
                    try await replica.client.query("SELECT 1", logger: self.logger).collect()
                }
                replica.down.withLock { $0 = nil }
                checks.append((name, "ok"))
            } catch {
                setAside(replica, because: DatabaseFailure.describe(error))
                checks.append((name, "down (\(replica.down.withLock { $0?.reason } ?? "unavailable")): reads fall back to the primary"))
            }
        }
        return Readiness(isReady: ready, checks: checks)
    }

    /// Connections in use now, by pool; replicas set aside.
    func gauges() -> [Gauge] {
        let counts = inUse.withLock { $0 }
        let work = served.withLock { $0 }
        var gauges = [Gauge(name: "nearby_db_connections_in_use", help: "Database connections in use, by pool.",
                            labels: ["pool": "primary"], value: Double(counts["primary"] ?? 0))]
        for (pool, count) in work.sorted(by: { $0.key < $1.key }) {
            gauges.append(Gauge(name: "nearby_db_operations_total", help: "Database operations run, by pool.",
                                labels: ["pool": pool], value: Double(count), type: "counter"))
        }
        let now = ContinuousClock.now
        for replica in replicas {
            let name = "replica \(replica.url.server)"
            gauges.append(Gauge(name: "nearby_db_connections_in_use", help: "Database connections in use, by pool.",
                                labels: ["pool": name], value: Double(counts[name] ?? 0)))
            let up = replica.down.withLock { state in state.map { $0.until <= now } ?? true }
            gauges.append(Gauge(name: "nearby_db_replica_up", help: "1 when reads go to the replica, 0 when they fall back.",
                                labels: ["replica": replica.url.server], value: up ? 1 : 0))
        }
        return gauges
    }

    private func counting<T>(_ pool: String, _ body: () async throws -> sending T) async throws -> sending T {
        served.withLock { $0[pool, default: 0] += 1 }
        inUse.withLock { $0[pool, default: 0] += 1 }
        defer { inUse.withLock { $0[pool, default: 1] -= 1 } }
        return try await body()
    }

    /// A WAL position as PostgreSQL writes it ("16/B374D848"), or nil for anything else.
    static func walPosition(_ text: String) -> String? {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.count <= 8 && UInt32($0, radix: 16) != nil }) else {
            return nil
        }
        return text
    }
}

/// How many pool clients have been started, shared by the tasks that start them.
private final class EnteredCount: Sendable {
    private let value = Atomic<Int>(0)

    func increment() -> Int { value.add(1, ordering: .acquiringAndReleasing).newValue }
}

/// What the body of a transaction threw, as it threw it: postgres-nio wraps it in a `PostgresTransactionError`
/// (after rolling back), and callers match on their own errors (a friend not found is a 404, an answer not to
/// be kept is that answer), not on a 500.
func unwrappedTransactionError(_ error: any Error) -> any Error {
    if let error = error as? PostgresTransactionError, let inner = error.closureError, error.beginError == nil,
       error.rollbackError == nil, error.commitError == nil {
        return inner
    }
    return error
}
