import ArgumentParser
import Foundation

/// `nearby`: opens the app, or runs one of the subcommands for scripts and tests.
@main
struct NearbyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "nearby",
        abstract: "Browse the places around you and your friends, in the terminal.",
        subcommands: [ImportCommand.self]
    )

    @OptionGroup var global: GlobalOptions

    @Option(help: "Screen to start on: friends.")
    var open: String?

    func run() async throws {
        throw ValidationError("The terminal app is not built yet.")
    }
}
