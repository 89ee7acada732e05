import ArgumentParser
import Foundation
import Logging
import NearbyData
import NearbyServer
import NearbyServerOptions
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
            Without --token only a loopback address (127.0.0.0/8, ::1, localhost) is accepted. With --token every \
            request but /healthz, /readyz and /metrics needs the header 'Authorization: Bearer TOKEN'. \
            One line per request is logged to standard error. SIGTERM or SIGINT stops it gracefully: requests in \
            flight finish, new connections are refused. It exits with status 0 only when stopped that way; \
            requests still running after --shutdown-grace seconds are cut off, with status 1.
            """,
        subcommands: [MigrateCommand.self])

    @OptionGroup var options: ServeOptions

    func run() async throws {
        // Before anything opens a descriptor: the soft limit up to what the administrator allows.
        DescriptorBudget.raiseLimit()
        // Before anything starts the threads.
        if let loops = options.eventLoops { EventLoopThreads.use(loops) }
        FreedMemory.keepForReuse()
        let token = options.token ?? ProcessInfo.processInfo.environment["NEARBY_SERVE_TOKEN"].flatMap { $0.isEmpty ? nil : $0 }
        var limits = HTTPLimits()
        limits.maxConnections = options.maxConnections
        limits.headerReadTimeout = .milliseconds(Int64(options.headerTimeout * 1000))
        limits.keepAliveIdle = .milliseconds(Int64(options.idleTimeout * 1000))
        let tls = options.tlsCertificate.flatMap { certificate in options.tlsKey.map { TLSFiles(certificatePath: certificate, keyPath: $0) } }

        let backend: any ServiceBackend
        var services: [any Service] = []
        let source: String
        var databaseConnections = 0
        if options.memory {
            backend = MemoryServiceBackend()
            source = "memory"
        } else if let url = try options.database.primary() {
            try await Self.requireMigrated(url)
            let pools = PostgresPools(primary: url, replicas: try options.database.replicaURLs(),
                                      maximumConnections: options.poolSize)
            databaseConnections = options.poolSize * (1 + (try options.database.replicaURLs()).count)
            backend = PostgresServiceBackend(pools: pools)
            services.append(pools)
            source = "\(url)" + (pools.hasReplicas ? " and its replicas" : "")
        } else {
            let directory = options.dataDirectory.map { URL(fileURLWithPath: $0, isDirectory: true) } ?? DataLocation.defaultDirectory()
            let file = DataLocation.storeFile(in: directory)
            let database: AppDatabase
            do {
                database = try AppDatabase.open(at: file)
            } catch {
                throw ServerFailure("Cannot open the store at \(file.path): \(error)")
            }
            // Served all the same (reads work); every write will be refused with this sentence.
            if let reason = database.whyReadOnly { StandardError.writeLine("Writes will be refused: \(reason)") }
            backend = LocalServiceBackend(database: database)
            source = "the local store at \(file.path)"
        }

        limits.maxConnections = try Self.connectionCap(options.maxConnections,
                                                       reserving: databaseConnections + DescriptorBudget.eventLoops)

        let service: NearbyService
        do {
            service = try NearbyService(backend: backend, host: options.host, port: options.port, token: token, limits: limits, tls: tls,
                                        responseDelay: .milliseconds(options.delayMilliseconds), log: StandardError.writeLine)
        } catch {
            throw ServerFailure(error.description)
        }
        services.append(GraceLimitedService(base: service, grace: .milliseconds(Int64(options.shutdownGrace * 1000))))
        let shownHost = options.host.contains(":") ? "[\(options.host)]" : options.host
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

    /// The connection cap the descriptor limit allows: `requested`, or fewer (said on standard error); a limit
    /// too small to serve at all is refused before the service starts, naming the fix.
    static func connectionCap(_ requested: Int, reserving reserved: Int) throws -> Int {
        let budget = DescriptorBudget.current(reserving: reserved)
        let cap = budget.cap(requested)
        if cap < DescriptorBudget.minimumConnections {
            throw ServerFailure("Only \(budget.limit) file descriptors are allowed (ulimit -n); the service needs at least "
                                + "\(budget.smallestWorkableLimit). Raise the limit (ulimit -n, or LimitNOFILE= in a systemd unit).")
        }
        if cap < requested {
            StandardError.writeLine("At most \(cap) connections at once (not \(requested)): the descriptor limit is "
                                    + "\(budget.limit) (ulimit -n, or LimitNOFILE= in a systemd unit).")
        }
        return cap
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
            throw ServerFailure("Cannot reach the database at \(url): \(DatabaseFailure.describe(error))")
        }
        let wanted = PostgresSchema.latestVersion
        if version < wanted {
            throw ServerFailure("The database at \(url) is at schema version \(version); this nearby needs version "
                                + "\(wanted). Run: nearby serve migrate --database \(url)")
        }
        if version > wanted {
            throw ServerFailure("The database at \(url) is at \(PostgresSchema.NewerSchema(found: version)) on this machine.")
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
        } catch let newer as PostgresSchema.NewerSchema {
            throw ServerFailure("The database at \(url) is at \(newer); nothing was changed.")
        } catch {
            throw ServerFailure("Migrating \(url) failed, nothing was changed by the failing step: "
                                + DatabaseFailure.describe(error))
        }
        if applied.isEmpty {
            print("The database at \(url) is up to date (schema version \(PostgresSchema.latestVersion)).")
        } else {
            print("Migrated \(url) to schema version \(PostgresSchema.latestVersion) "
                  + "(applied \(applied.map(String.init).joined(separator: ", "))).")
        }
    }
}
