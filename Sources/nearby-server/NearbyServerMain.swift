import ArgumentParser

/// `nearby-server`: the friends and places service. Users run it as `nearby serve …` and
/// `nearby import FILE --database …`, which hand over to this program beside `nearby`.
@main
struct NearbyServerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "nearby-server",
        abstract: "The Nearby friends and places service (run as `nearby serve`).",
        subcommands: [ServeCommand.self, ImportCommand.self])
}
