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
        discussion: """
            Settings come from these options, then the environment (NEARBY_SOURCE, NEARBY_PLACES_URL, \
            NEARBY_FRIENDS_URL, NEARBY_FRIENDS_TOKEN, NEARBY_GOOGLE_API_KEY), then the config file \
            ($XDG_CONFIG_HOME/nearby/config.toml, else ~/.config/nearby/config.toml). See docs/data-sources.md.
            """,
        subcommands: [FriendsCommand.self, PlacesCommand.self, CategoriesCommand.self, HoursCommand.self,
                      ServeCommand.self, BenchStoreCommand.self]
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var placesSource: PlacesSourceOptions
    @OptionGroup var friendsService: FriendsServiceOptions

    // No `--near` here: ArgumentParser would hand the subcommands' `--near` to this command instead. The app
    // reads `near` from the config file until Home brings the shared `NearOptions` to this command.

    @Option(help: "Screen to start on: friends.")
    var open: String?

    func validate() throws {
        if let open { _ = try StartScreen(parsing: open) }
    }

    func run() async throws {
        let start = try open.map(StartScreen.init(parsing:)) ?? .friends
        let flags = placesSource.flags.merging(friendsService.flags) { first, _ in first }
        let settings = try AppSettings.load(flags: flags)
        let database = try global.openStore()
        let services = try AppServices(settings: settings, database: database)
        var here: NearLocation?
        if let near = settings.near {
            do throws(NearResolutionError) {
                here = try services.store.resolveNear(near)
            } catch {
                throw CommandFailure("\(settings.nearOrigin ?? "near"): \(error.description)")
            }
        }
        LogFile.bootstrap(at: global.directory.appendingPathComponent("nearby.log"), level: .info)
        do {
            try await AppLauncher(services: services, settings: settings, here: here, start: start).run()
        } catch let error as TerminalSessionError {
            throw ValidationError(error.description)
        }
    }
}
