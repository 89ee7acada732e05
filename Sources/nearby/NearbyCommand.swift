import ArgumentParser
import CursesTerminal
import Foundation
import NearbyData

/// `nearby`: opens the app, or runs one of the subcommands for scripts and tests.
@main
struct NearbyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "nearby",
        abstract: "Browse the places around you and your friends, in the terminal.",
        subcommands: [FriendsCommand.self, PlacesCommand.self, CategoriesCommand.self, HoursCommand.self,
                      ServeCommand.self, BenchStoreCommand.self, DemoCommand.self]
    )

    @OptionGroup var global: GlobalOptions

    @Option(help: "Screen to start on: friends.")
    var open: String?

    func validate() throws {
        if let open { _ = try StartScreen(parsing: open) }
    }

    func run() async throws {
        let start = try open.map(StartScreen.init(parsing:)) ?? .friends
        let database = try global.openStore()
        LogFile.bootstrap(at: global.directory.appendingPathComponent("nearby.log"), level: .info)
        do {
            try await AppLauncher(database: database, start: start).run()
        } catch let error as TerminalSessionError {
            throw ValidationError(error.description)
        }
    }
}
