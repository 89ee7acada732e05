import ArgumentParser
import FoundationEssentials

/// `nearby serve …`: the friends and places service, run by `nearby-server` (see `ServerProgram`). The
/// arguments go over as they are; the database URL of the config file goes in the environment, where no
/// process listing shows its password.
struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve friends and places over HTTP, from the local store or PostgreSQL/PostGIS (`nearby serve --help`).",
        discussion: """
            Runs the nearby-server program installed beside nearby. `nearby serve migrate --database URL` \
            prepares a PostgreSQL database. The database comes from --database, else NEARBY_DATABASE_URL, else \
            database_url in the config file. See docs/deploy.md.
            """)

    @Argument(parsing: .captureForPassthrough, help: .hidden)
    var arguments: [String] = []

    func run() throws {
        var environment: [String: String] = [:]
        let given = arguments.contains { $0 == "--database" || $0.hasPrefix("--database=") || $0 == "--memory" }
        if !given, ProcessEnvironment.values["NEARBY_DATABASE_URL"]?.isEmpty ?? true {
            let settings = try AppSettings.load(flags: [:])
            if let url = settings.databaseURL { environment["NEARBY_DATABASE_URL"] = url.exposedValue }
        }
        try ServerProgram.become(arguments: ["serve"] + arguments, environment: environment)
    }
}
