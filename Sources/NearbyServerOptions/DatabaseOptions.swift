import ArgumentParser

/// `--database` and `--database-replica`, also read from `NEARBY_DATABASE_URL` and `NEARBY_DATABASE_REPLICAS`
/// (space-separated), which keep passwords out of the process list.
public struct DatabaseOptions: ParsableArguments, Sendable {
    @Option(parsing: .unconditional,
            help: ArgumentHelp("Keep friends and places in PostgreSQL/PostGIS at this URL (postgresql://user:password@host:5432/db); also NEARBY_DATABASE_URL. Without it, the local store.",
                               valueName: "URL"))
    public var database: String?

    @Option(name: .customLong("database-replica"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("A streaming replica of the database for reads; may be given more than once (also NEARBY_DATABASE_REPLICAS, space-separated).",
                               valueName: "URL"))
    public var replicas: [String] = []

    public init() {}

    /// The variables `nearby-server` reads these from: URLs hold passwords, so they never go on its command line.
    public var environment: [String: String] {
        var environment: [String: String] = [:]
        if let database { environment["NEARBY_DATABASE_URL"] = database }
        if !replicas.isEmpty { environment["NEARBY_DATABASE_REPLICAS"] = replicas.joined(separator: " ") }
        return environment
    }
}
