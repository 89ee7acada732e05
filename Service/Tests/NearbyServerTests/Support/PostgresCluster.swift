import Foundation
import TestSupport
import Locking
import Synchronization
import Testing

/// A private PostgreSQL 15 cluster for one test (or suite): `initdb` into a temporary folder, a free port on
/// 127.0.0.1, password authentication, PostGIS available; optionally streaming replicas made with
/// `pg_basebackup`. Run as the unprivileged `postgres` user when the tests run as root. `stop()` ends every
/// server and removes the folder; a watcher process does the same if the test process dies first, so a run
/// leaves no server behind.
final class PostgresCluster: Sendable {
    static let binaries = "/usr/lib/postgresql/15/bin"
    static let password = "pg-s3cret-Pa55"
    static let user = "postgres"

    /// Why the PostgreSQL tests were skipped, or nil when they can run.
    static var unavailableReason: String? {
        let fileManager = FileManager.default
        for tool in ["initdb", "pg_ctl", "postgres", "pg_basebackup", "psql"]
        where !fileManager.isExecutableFile(atPath: "\(binaries)/\(tool)") {
            return "PostgreSQL 15 is not installed (\(binaries)/\(tool) is missing; apt-get install postgresql postgresql-15-postgis-3)"
        }
        if !fileManager.fileExists(atPath: "/usr/share/postgresql/15/extension/postgis.control") {
            return "PostGIS is not installed (apt-get install postgresql-15-postgis-3)"
        }
        return nil
    }

    let directory: URL
    let port: UInt16
    private let replicas = Locked<[(directory: URL, port: UInt16)]>([])
    private let stopped = Atomic<Bool>(false)
    /// The shell that cleans up after a test process that died without stopping the cluster.
    private let watcher = Locked<ChildProcess?>(nil)

    private init(directory: URL, port: UInt16) {
        self.directory = directory
        self.port = port
    }

    /// A running primary, or nil (and a note in the test log) when PostgreSQL is not installed.
    static func start() async throws -> PostgresCluster? {
        try await Blocking.run { try startBlocking() }
    }

    fileprivate static func startBlocking() throws -> PostgresCluster? {
        if let reason = unavailableReason {
            print("Skipping the PostgreSQL tests: \(reason).")
            return nil
        }
        let directory = URL(fileURLWithPath: NSTemporaryDirectory())
            .appendingPathComponent("nearby-pg-\(UUID().uuidString.prefix(8))", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        // The server runs as postgres, which must own its folders.
        try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: directory.path)
        let passwordFile = directory.appendingPathComponent("pw")
        try Data(password.utf8).write(to: passwordFile)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: passwordFile.path)
        try handOver(directory)
        let data = directory.appendingPathComponent("primary")
        try run("initdb", ["-D", data.path, "-U", user, "--pwfile", passwordFile.path, "--auth-local=trust",
                           "--auth-host=scram-sha-256", "--no-sync", "--encoding=UTF8", "--locale=C.UTF-8"])
        let port = try freePort()
        let cluster = PostgresCluster(directory: directory, port: port)
        try cluster.watchParent()
        try cluster.startServer(data: data, port: port)
        return cluster
    }

    /// A streaming replica of the primary, started; returns its port.
    func addReplica() async throws -> UInt16 {
        try await Blocking.run { try self.addReplicaBlocking() }
    }

    private func addReplicaBlocking() throws -> UInt16 {
        let index = replicas.withLock { $0.count }
        let data = directory.appendingPathComponent("replica\(index)")
        // A fast checkpoint: the default spreads it over minutes when the primary has many dirty pages (seen
        // beside other suites: a page every 100 ms).
        try Self.run("pg_basebackup", ["-h", "127.0.0.1", "-p", String(port), "-U", Self.user, "-D", data.path,
                                       "-R", "-X", "stream", "--no-sync", "--checkpoint=fast"],
                     environment: ["PGPASSWORD": Self.password])
        let replicaPort = try Self.freePort()
        try startServer(data: data, port: replicaPort)
        replicas.withLock { $0.append((data, replicaPort)) }
        return replicaPort
    }

    func stopReplica(_ index: Int) async throws {
        try await Blocking.run { try self.stopReplicaBlocking(index) }
    }

    private func stopReplicaBlocking(_ index: Int) throws {
        guard let replica = replicas.withLock({ index < $0.count ? $0[index] : nil }) else { return }
        try Self.run("pg_ctl", ["-D", replica.directory.path, "stop", "-m", "fast", "-w"])
    }

    func startReplica(_ index: Int) async throws {
        try await Blocking.run { try self.startReplicaBlocking(index) }
    }

    private func startReplicaBlocking(_ index: Int) throws {
        guard let replica = replicas.withLock({ index < $0.count ? $0[index] : nil }) else { return }
        try startServer(data: replica.directory, port: replica.port)
    }

    /// Stops the primary at once, as a crash would (`immediate`: no checkpoint, connections dropped).
    func stopPrimary() async throws {
        let data = directory.appendingPathComponent("primary")
        _ = try await Blocking.run { try Self.run("pg_ctl", ["-D", data.path, "stop", "-m", "immediate", "-w"]) }
    }

    func startPrimary() async throws {
        let data = directory.appendingPathComponent("primary")
        try await Blocking.run { try self.startServer(data: data, port: self.port) }
    }

    /// Freezes (SIGSTOP) or thaws (SIGCONT) the primary's server and every process it started: connections
    /// stay open and nothing answers, as with a server that hangs or a network that drops every packet.
    func signalPrimary(_ signal: Int32) throws {
        let pidFile = directory.appendingPathComponent("primary/postmaster.pid")
        guard let text = try? String(contentsOf: pidFile, encoding: .utf8),
              let first = text.split(separator: "\n").first, let postmaster = Int32(first) else {
            throw ClusterError.failed("no postmaster.pid")
        }
        var pids = [postmaster]
        // Its children, from /proc (the backends serving our connections among them).
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
            guard let pid = Int32(entry),
                  let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { continue }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            if fields.count > 1, Int32(fields[1]) == postmaster { pids.append(pid) }
        }
        for pid in pids { kill(pid, signal) }
    }

    /// `postgresql://postgres:…@127.0.0.1:PORT/database`.
    func url(database: String = "postgres", port: UInt16? = nil) -> String {
        "postgresql://\(Self.user):\(Self.password)@127.0.0.1:\(port ?? self.port)/\(database)?sslmode=disable"
    }

    /// A new, empty database: each test gets its own, so tests share a cluster without seeing each other.
    func createDatabase(prefix: String = "t") async throws -> String {
        let name = "\(prefix)_\(UUID().uuidString.prefix(8).lowercased())"
        try await psql("CREATE DATABASE \(name)")
        return name
    }

    /// Runs SQL with psql as the superuser; returns what it printed (unaligned, tuples only).
    /// The tools run on a thread of their own, never on the cooperative pool: dozens of tests set up at once,
    /// and a pool of two threads blocked on psql starved the services under test.
    @discardableResult
    func psql(_ sql: String, database: String = "postgres", port: UInt16? = nil) async throws -> String {
        let port = port ?? self.port
        return try await Blocking.run { try self.psqlBlocking(sql, database: database, port: port) }
    }

    private func psqlBlocking(_ sql: String, database: String, port: UInt16) throws -> String {
        try Self.run("psql", ["-h", "127.0.0.1", "-p", String(port), "-U", Self.user, "-d", database,
                              "-v", "ON_ERROR_STOP=1", "-At", "-c", sql],
                     environment: ["PGPASSWORD": Self.password])
    }

    /// Stops every server of the cluster and removes its folder.
    func stop() {
        guard !stopped.exchange(true, ordering: .relaxed) else { return }
        for replica in replicas.withLock({ $0 }) {
            _ = try? Self.run("pg_ctl", ["-D", replica.directory.path, "stop", "-m", "immediate", "-w"])
        }
        _ = try? Self.run("pg_ctl", ["-D", directory.appendingPathComponent("primary").path, "stop", "-m", "immediate", "-w"])
        try? FileManager.default.removeItem(at: directory)
        // Nothing is left for the watcher to clean up: dropping it stops it and reaps it.
        watcher.withLock { $0 = nil }
    }

    deinit { stop() }

    // MARK: -

    private func startServer(data: URL, port: UInt16) throws {
        let log = directory.appendingPathComponent("\(data.lastPathComponent).log")
        let options = "-p \(port) -c listen_addresses=127.0.0.1 -c unix_socket_directories=\(directory.path) "
            + "-c fsync=off -c full_page_writes=off -c max_connections=300 -c shared_buffers=64MB "
            + "-c hot_standby_feedback=on -c wal_level=replica"
        try Self.run("pg_ctl", ["-D", data.path, "-l", log.path, "-o", options, "-w", "-t", "60", "start"])
    }

    /// A shell that outlives this process by a second at most: when the test process is gone, it stops the
    /// servers and removes the folder.
    private func watchParent() throws {
        let me = ProcessInfo.processInfo.processIdentifier
        // The servers run as postgres when the tests run as root, else as the user running them (who cannot
        // use runuser).
        let asOwner = getuid() == 0 ? "runuser -u \(Self.user) -- " : ""
        let script = """
            while kill -0 \(me) 2>/dev/null; do sleep 1; done
            for d in '\(directory.path)'/primary '\(directory.path)'/replica*; do
              [ -d "$d" ] && \(asOwner)\(Self.binaries)/pg_ctl -D "$d" stop -m immediate >/dev/null 2>&1
            done
            rm -rf '\(directory.path)'
            """
        let watcher = try ChildProcess("/bin/sh", ["-c", script])
        // Kept for the cluster's life: dropping it would stop the watcher.
        self.watcher.withLock { $0 = watcher }
    }

    private static func handOver(_ directory: URL) throws {
        guard getuid() == 0 else { return }
        _ = try run("/bin/chown", ["-R", "\(user):\(user)", directory.path], asPostgres: false)
    }

    /// Runs a PostgreSQL tool (as postgres when root) and returns its output; throws with the output on failure.
    @discardableResult
    static func run(_ tool: String, _ arguments: [String], environment: [String: String] = [:],
                    asPostgres: Bool = true) throws -> String {
        let path = tool.hasPrefix("/") ? tool : "\(binaries)/\(tool)"
        let result: (status: Int32, output: String)
        if asPostgres, getuid() == 0 {
            // From a folder postgres may enter (env -C), or the tools complain.
            result = try Spawned.run("/usr/sbin/runuser", ["-u", user, "--", "env", "-C", "/tmp"]
                                     + environment.map { "\($0.key)=\($0.value)" } + [path] + arguments,
                                     environment: ProcessInfo.processInfo.environment)
        } else {
            result = try Spawned.run(path, arguments,
                                     environment: ProcessInfo.processInfo.environment.merging(environment) { $1 })
        }
        let text = result.output
        guard result.status == 0 else {
            throw ClusterError.failed("\(tool) \(arguments.joined(separator: " ")): \(text)")
        }
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// A port no one listens on now (bound and released: there is a small window for a race).
    static func freePort() throws -> UInt16 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw ClusterError.failed("socket") }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { raw in
                bind(fd, raw, length) == 0 && getsockname(fd, raw, &length) == 0
            }
        }
        guard bound else { throw ClusterError.failed("bind") }
        return UInt16(bigEndian: address.sin_port)
    }

    enum ClusterError: Error, CustomStringConvertible {
        case failed(String)
        var description: String {
            switch self { case .failed(let detail): "PostgreSQL test cluster: \(detail)" }
        }
    }
}

/// One cluster shared by the tests of this process, started on first use (each test takes a database of its
/// own). Stopped when the process exits; the cluster's watcher covers a crash.
enum SharedPostgres {
    private static let cluster = Locked<Result<PostgresCluster?, any Error>?>(nil)

    static func get() async throws -> PostgresCluster? {
        try await Blocking.run { try getBlocking() }
    }

    private static func getBlocking() throws -> PostgresCluster? {
        try cluster.withLock { state in
            if let state { return try state.get() }
            let started = Result { try PostgresCluster.startBlocking() }
            state = started
            if case .success(let running?) = started {
                atexit { SharedPostgres.stopAtExit() }
                _ = running
            }
            return try started.get()
        }
    }

    private static func stopAtExit() {
        if case .success(let running?)? = cluster.withLock({ $0 }) { running.stop() }
    }
}
