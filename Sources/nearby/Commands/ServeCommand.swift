import ArgumentParser
import FoundationEssentials
import NearbyServerOptions

/// `nearby serve`: the friends and places service, run by `nearby-server` (see `ServerProgram`). Its options
/// are parsed and checked here, then handed over; the token and the database URLs (also the config file's
/// `database_url`) go in the environment, where no process listing shows them.
///
/// Serving is the default subcommand, `start`, rather than options of `serve` itself: ArgumentParser lets a
/// command take its own options after a subcommand's name too, so `nearby serve migrate --port 1` would have
/// been accepted and the port silently ignored.
struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve friends and places over HTTP, from the local store or PostgreSQL/PostGIS.",
        discussion: """
            Runs the nearby-server program installed beside nearby. `nearby serve [OPTIONS]` is `nearby serve \
            start [OPTIONS]`; `nearby serve migrate --database URL` prepares a PostgreSQL database. See \
            docs/deploy.md.
            """,
        subcommands: [ServeStartCommand.self, ServeMigrateCommand.self],
        defaultSubcommand: ServeStartCommand.self)

    /// `NEARBY_DATABASE_URL` as it is, else the config file's `database_url`.
    static func configuredDatabase() throws -> String? {
        if let url = ProcessEnvironment.values["NEARBY_DATABASE_URL"], !url.isEmpty { return url }
        return try AppSettings.load(flags: [:]).databaseURL?.exposedValue
    }
}

/// `nearby serve [start]`: serves until SIGTERM or SIGINT.
struct ServeStartCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "start",
        abstract: "Serve (the default: nearby serve --port 8080 is nearby serve start --port 8080).",
        discussion: """
            Without a database, the local store. The database comes from --database, else NEARBY_DATABASE_URL, \
            else database_url in the config file. Without --token only a loopback address (127.0.0.0/8, ::1, \
            localhost) is accepted; with it every request but /healthz, /readyz and /metrics needs \
            'Authorization: Bearer TOKEN'.
            """)

    @OptionGroup var options: ServeOptions

    func run() throws {
        var (arguments, environment) = options.handOver
        if !options.memory, environment["NEARBY_DATABASE_URL"] == nil,
           let url = try ServeCommand.configuredDatabase() {
            environment["NEARBY_DATABASE_URL"] = url
        }
        try ServerProgram.become(arguments: ["serve"] + arguments, environment: environment)
    }
}

/// `nearby serve migrate`: creates or upgrades the service's tables in PostgreSQL (run by `nearby-server`).
struct ServeMigrateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "migrate",
        abstract: "Create or upgrade the service's tables in PostgreSQL (each step in one transaction).")

    @OptionGroup var database: DatabaseOptions

    func run() throws {
        var environment = database.environment
        if environment["NEARBY_DATABASE_URL"] == nil, let url = try ServeCommand.configuredDatabase() {
            environment["NEARBY_DATABASE_URL"] = url
        }
        try ServerProgram.become(arguments: ["serve", "migrate"], environment: environment)
    }
}
