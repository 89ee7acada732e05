import ArgumentParser

/// The options of `serve`, declared once: `nearby serve` parses and checks them (so a wrong line is refused
/// before anything starts, and `nearby serve --help` lists them), then hands them to `nearby-server`, which
/// parses the same declarations again.
public struct ServeOptions: ParsableArguments, Sendable {
    @Option(name: .customLong("data-dir"), parsing: .unconditional,
            help: ArgumentHelp("Folder of the local store (default: $XDG_DATA_HOME/nearby).", valueName: "DIR"))
    public var dataDirectory: String?

    @OptionGroup public var database: DatabaseOptions

    @Option(parsing: .unconditional, help: "Address to listen on.")
    public var host: String = "127.0.0.1"

    @Option(parsing: .unconditional, help: "Port to listen on (0 picks a free one).")
    public var port: UInt16 = 8080

    @Option(parsing: .unconditional,
            help: "Bearer token clients must send; required to listen beyond this machine. Also read from NEARBY_SERVE_TOKEN, which keeps it out of the process list.")
    public var token: String?

    @Flag(help: "Serve an address book kept in memory only (starts empty, forgotten on exit), and no places.")
    public var memory = false

    @Option(name: .customLong("tls-cert"), parsing: .unconditional,
            help: ArgumentHelp("Serve HTTPS with this PEM certificate chain (with --tls-key).", valueName: "FILE"))
    public var tlsCertificate: String?

    @Option(name: .customLong("tls-key"), parsing: .unconditional,
            help: ArgumentHelp("The PEM private key of --tls-cert.", valueName: "FILE"))
    public var tlsKey: String?

    @Option(name: .customLong("max-connections"), parsing: .unconditional,
            help: "Connections served at once; more wait until one closes.")
    public var maxConnections: Int = 1024

    @Option(name: .customLong("header-timeout"), parsing: .unconditional,
            help: ArgumentHelp("Seconds a client may take to send a request's headers.", valueName: "SECONDS"))
    public var headerTimeout: Double = 10

    @Option(name: .customLong("idle-timeout"), parsing: .unconditional,
            help: ArgumentHelp("Seconds an idle kept-alive connection stays open.", valueName: "SECONDS"))
    public var idleTimeout: Double = 60

    @Option(name: .customLong("shutdown-grace"), parsing: .unconditional,
            help: ArgumentHelp("Seconds a graceful stop (SIGTERM, SIGINT) waits for requests in flight before the "
                               + "process ends anyway.", valueName: "SECONDS"))
    public var shutdownGrace: Double = 30

    @Option(name: .customLong("pool-size"), parsing: .unconditional,
            help: "Database connections per server (PostgreSQL), for the primary and for each replica.")
    public var poolSize: Int = 20

    @Option(name: .customLong("event-loops"), parsing: .unconditional,
            help: ArgumentHelp("Threads that serve connections (default: one per core). Instances that share a "
                               + "machine's cores do better with a share each.", valueName: "N"))
    public var eventLoops: Int?

    // For end-to-end tests: holds every answer, so a client's loading state can be seen.
    @Option(name: .customLong("delay-ms"), parsing: .unconditional, help: .hidden)
    public var delayMilliseconds: Int = 0

    public init() {}

    public func validate() throws {
        guard (0...60_000).contains(delayMilliseconds) else {
            throw ValidationError("--delay-ms wants milliseconds between 0 and 60000.")
        }
        guard (1...1_000_000).contains(maxConnections) else {
            throw ValidationError("--max-connections wants a number from 1 to 1000000.")
        }
        guard (1...1_000).contains(poolSize) else { throw ValidationError("--pool-size wants a number from 1 to 1000.") }
        if let eventLoops, !(1...256).contains(eventLoops) {
            throw ValidationError("--event-loops wants a number from 1 to 256.")
        }
        guard headerTimeout > 0, headerTimeout <= 3600 else {
            throw ValidationError("--header-timeout wants seconds, more than 0 and at most 3600.")
        }
        guard idleTimeout > 0, idleTimeout <= 86_400 else {
            throw ValidationError("--idle-timeout wants seconds, more than 0 and at most 86400.")
        }
        guard shutdownGrace > 0, shutdownGrace <= 3600 else {
            throw ValidationError("--shutdown-grace wants seconds, more than 0 and at most 3600.")
        }
        if (tlsCertificate == nil) != (tlsKey == nil) {
            throw ValidationError(tlsCertificate == nil ? "--tls-key goes with --tls-cert." : "--tls-cert goes with --tls-key.")
        }
        if memory, database.database != nil { throw ValidationError("--memory and --database exclude each other.") }
    }

    /// The same options as `nearby-server serve` takes them: the arguments (each `--name=value`, so a value that
    /// starts with a dash stays a value), and the secrets (token, database URLs) as environment variables.
    public var handOver: (arguments: [String], environment: [String: String]) {
        var arguments: [String] = []
        func add(_ name: String, _ value: String?) {
            if let value { arguments.append("--\(name)=\(value)") }
        }
        add("data-dir", dataDirectory)
        add("host", host)
        add("port", String(port))
        if memory { arguments.append("--memory") }
        add("tls-cert", tlsCertificate)
        add("tls-key", tlsKey)
        add("max-connections", String(maxConnections))
        add("header-timeout", String(headerTimeout))
        add("idle-timeout", String(idleTimeout))
        add("shutdown-grace", String(shutdownGrace))
        add("pool-size", String(poolSize))
        add("event-loops", eventLoops.map(String.init))
        if delayMilliseconds != 0 { add("delay-ms", String(delayMilliseconds)) }
        var environment = database.environment
        if let token { environment["NEARBY_SERVE_TOKEN"] = token }
        return (arguments, environment)
    }
}
