import ArgumentParser
import Foundation
import Logging
import NearbyData
import NearbyServer
import ServiceLifecycle

/// `serve`: the friends and places service over HTTP, on the local store or on PostgreSQL/PostGIS.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve friends and places over HTTP (friends: /listFriends, /addFriend, /editFriend/{id}, /api/friends; places: /api/places).",
        discussion: """
            Without --database, the local store (the same SQLite file the app uses). With --database \
            postgresql://…, PostgreSQL and PostGIS: any number of instances may serve one database; run \
            `nearby serve migrate --database …` first and after each upgrade. \
            Without --token only a loopback address (127.0.0.1, ::1, localhost) is accepted. With --token every \
            request but /healthz, /readyz and /metrics needs the header 'Authorization: Bearer TOKEN'. \
            One line per request is logged to standard error. SIGTERM or SIGINT stops it gracefully: requests in \
            flight finish, new connections are refused. It exits with status 0 only when stopped that way.
            """,
        subcommands: [MigrateCommand.self])

    @Option(name: .customLong("data-dir"), help: "Folder of the local store (default: $XDG_DATA_HOME/nearby).")
    var dataDirectory: String?

    @OptionGroup var databaseOptions: DatabaseOptions

    @Option(help: "Address to listen on.")
    var host: String = "127.0.0.1"

    @Option(help: "Port to listen on (0 picks a free one).")
    var port: UInt16 = 8080

    @Option(help: "Bearer token clients must send; required to listen beyond this machine. Also read from NEARBY_SERVE_TOKEN, which keeps it out of the process list.")
    var token: String?

    @Flag(help: "Serve an address book kept in memory only (starts empty, forgotten on exit), and no places.")
    var memory = false

    @Option(name: .customLong("tls-cert"), help: ArgumentHelp("Serve HTTPS with this PEM certificate chain (with --tls-key).", valueName: "FILE"))
    var tlsCertificate: String?

    @Option(name: .customLong("tls-key"), help: ArgumentHelp("The PEM private key of --tls-cert.", valueName: "FILE"))
    var tlsKey: String?

    @Option(name: .customLong("max-connections"), help: "Connections served at once; more wait until one closes.")
    var maxConnections: Int = 1024

    @Option(name: .customLong("header-timeout"), help: ArgumentHelp("Seconds a client may take to send a request's headers.", valueName: "SECONDS"))
    var headerTimeout: Double = 10

    @Option(name: .customLong("idle-timeout"), help: ArgumentHelp("Seconds an idle kept-alive connection stays open.", valueName: "SECONDS"))
    var idleTimeout: Double = 60

    @Option(name: .customLong("pool-size"), help: "Database connections per server (PostgreSQL), for the primary and for each replica.")
    var poolSize: Int = 20

    // For end-to-end tests: holds every answer, so a client's loading state can be seen.
    @Option(name: .customLong("delay-ms"), help: .hidden)
    var delayMilliseconds: Int = 0

    func validate() throws {
        guard (0...60_000).contains(delayMilliseconds) else {
            throw ValidationError("--delay-ms wants milliseconds between 0 and 60000.")
        }
        guard (1...1_000_000).contains(maxConnections) else {
            throw ValidationError("--max-connections wants a number from 1 to 1000000.")
        }
        guard (1...1_000).contains(poolSize) else { throw ValidationError("--pool-size wants a number from 1 to 1000.") }
        guard headerTimeout > 0, headerTimeout <= 3600, idleTimeout > 0, idleTimeout <= 86_400 else {
            throw ValidationError("--header-timeout and --idle-timeout want seconds, more than 0.")
        }
        if (tlsCertificate == nil) != (tlsKey == nil) { throw ValidationError("--tls-cert and --tls-key go together.") }
        if memory, databaseOptions.database != nil { throw ValidationError("--memory and --database exclude each other.") }
    }

    func run() async throws {
        let token = self.token ?? ProcessInfo.processInfo.environment["NEARBY_SERVE_TOKEN"].flatMap { $0.isEmpty ? nil : $0 }
        var limits = HTTPLimits()
        limits.maxConnections = maxConnections
        limits.headerReadTimeout = .milliseconds(Int64(headerTimeout * 1000))
        limits.keepAliveIdle = .milliseconds(Int64(idleTimeout * 1000))
        let tls = tlsCertificate.flatMap { certificate in tlsKey.map { TLSFiles(certificatePath: certificate, keyPath: $0) } }

        let backend: any ServiceBackend
        var services: [any Service] = []
        let source: String
        if memory {
            backend = MemoryServiceBackend()
            source = "memory"
        } else if let url = try databaseOptions.primary() {
            try await Self.requireMigrated(url)
            let pools = PostgresPools(primary: url, replicas: try databaseOptions.replicaURLs(),
                                      maximumConnections: poolSize)
            backend = PostgresServiceBackend(pools: pools)
            services.append(pools)
            source = "\(url)" + (pools.hasReplicas ? " and its replicas" : "")
        } else {
            let directory = dataDirectory.map { URL(fileURLWithPath: $0, isDirectory: true) } ?? DataLocation.defaultDirectory()
            let file = DataLocation.storeFile(in: directory)
            do {
                backend = LocalServiceBackend(database: try AppDatabase.open(at: file))
            } catch {
                throw ServerFailure("Cannot open the store at \(file.path): \(error)")
            }
            source = "the local store at \(file.path)"
        }

        let service: NearbyService
        do {
            service = try NearbyService(backend: backend, host: host, port: port, token: token, limits: limits, tls: tls,
                                        responseDelay: .milliseconds(delayMilliseconds), log: StandardError.writeLine)
        } catch {
            throw ServerFailure(error.description)
        }
        services.append(service)
        let shownHost = host.contains(":") ? "[\(host)]" : host
        let scheme = tls == nil ? "http" : "https"
        let announce = Task {
            guard let bound = try? await service.server.waitUntilListening() else { return }
            StandardError.writeLine("Serving friends on \(scheme)://\(shownHost):\(bound) and places at /api/places, "
                                    + "from \(source)\(token == nil ? "" : " (bearer token required)")")
        }
        var logger = Logger(label: "nearby.serve")
        logger.logLevel = .critical
        let group = ServiceGroup(configuration: .init(services: services, gracefulShutdownSignals: [.sigterm, .sigint],
                                                      logger: logger))
        do {
            try await group.run()
        } catch {
            announce.cancel()
            // A port in use, or the server stopping on its own: never a silent exit with status 0.
            if case .cannotBind(let detail)? = await Self.startFailure(service) { throw ServerFailure("Cannot listen: \(detail)") }
            throw ServerFailure("The service stopped unexpectedly: \(error)")
        }
        StandardError.writeLine("Stopped.")
    }

    private static func startFailure(_ service: NearbyService) async -> ServerStartError? {
        if await service.server.boundPort() != nil { return nil }
        do {
            _ = try await service.server.waitUntilListening()
            return nil
        } catch {
            return error
        }
    }

    /// Refuses a database whose schema is not this build's, naming the command that fixes it.
    static func requireMigrated(_ url: DatabaseURL) async throws {
        let version: Int
        // A pool of its own: a pool runs once, and the service's runs in its service group.
        let pools = PostgresPools(primary: url, maximumConnections: 1)
        do {
            version = try await pools.withRunningPools { try await pools.schemaVersion() }
        } catch {
            throw ServerFailure("Cannot reach the database at \(url): \(PostgresPools.describe(error))")
        }
        let wanted = PostgresSchema.latestVersion
        if version < wanted {
            throw ServerFailure("The database at \(url) is at schema version \(version); this nearby needs version "
                                + "\(wanted). Run: nearby serve migrate --database \(url)")
        }
        if version > wanted {
            throw ServerFailure("The database at \(url) is at schema version \(version), newer than this nearby "
                                + "(\(wanted)): upgrade nearby on this machine.")
        }
    }
}

/// `serve migrate`: brings the database's schema up to this build's version.
struct MigrateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "migrate",
        abstract: "Create or upgrade the service's tables in PostgreSQL (each step in one transaction).")

    @OptionGroup var databaseOptions: DatabaseOptions

    func run() async throws {
        guard let url = try databaseOptions.primary() else {
            throw ValidationError("migrate needs --database postgresql://… (or NEARBY_DATABASE_URL).")
        }
        let pools = PostgresPools(primary: url, maximumConnections: 2)
        let applied: [Int]
        do {
            applied = try await pools.withRunningPools { try await pools.migrate() }
        } catch {
            throw ServerFailure("Migrating \(url) failed, nothing was changed by the failing step: "
                                + PostgresPools.describe(error))
        }
        if applied.isEmpty {
            print("The database at \(url) is up to date (schema version \(PostgresSchema.latestVersion)).")
        } else {
            print("Migrated \(url) to schema version \(PostgresSchema.latestVersion) "
                  + "(applied \(applied.map(String.init).joined(separator: ", "))).")
        }
    }
}
