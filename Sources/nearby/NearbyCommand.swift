import ArgumentParser
import CursesTerminal
import FoundationEssentials
import Logging
import NearbyCore
import NearbyData
import NearbyViewModels

/// `nearby`: opens the app, or runs one of the subcommands for scripts and tests.
struct NearbyCommand: AsyncParsableCommand {
    /// The widest radius the app's screens look at, the commands' too.
    static let maximumRadius = SearchRadius.widest

    static let configuration = CommandConfiguration(
        commandName: "nearby",
        abstract: "Browse the places around you and your friends, in the terminal.",
        discussion: """
            Without a subcommand, opens the app. Settings come from these options, then the environment \
            (NEARBY_SOURCE, NEARBY_PLACES_URL, NEARBY_FRIENDS_URL, NEARBY_FRIENDS_TOKEN, NEARBY_GOOGLE_API_KEY), \
            then the config file ($XDG_CONFIG_HOME/nearby/config.toml, else ~/.config/nearby/config.toml). \
            A subcommand's options go after its name: nearby places --near Vaduz --radius 500.
            """,
        version: NearbyVersion.current,
        subcommands: [FriendsCommand.self, PlacesCommand.self, CategoriesCommand.self, FavouritesCommand.self,
                      ImportCommand.self, ExtractsCommand.self, HoursCommand.self, RouteCommand.self, ServeCommand.self, DemoCommand.self,
                      VersionCommand.self, KeysCommand.self, RegionsCommand.self, DownloadCommand.self,
                      UpdateCommand.self]
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var placesSource: PlacesSourceOptions
    @OptionGroup var friendsService: FriendsServiceOptions

    @OptionGroup(title: "Where you are (else `near` in the config file, else the last place used)")
    var here: HereOption

    @OptionGroup var time: TimeOptions

    @Option(parsing: .unconditional,
            help: ArgumentHelp("Screen to start on: home (default), friends, favourites, category:NAME or category:all, place:ID, search:TEXT.",
                               valueName: "SCREEN"))
    var open: String?

    @Option(parsing: .unconditional,
            help: ArgumentHelp("How far around here to look, in metres (default 2000, at most 50000; + and - change it).",
                               valueName: "METRES"))
    var radius: Double?

    @Option(parsing: .unconditional, help: ArgumentHelp("Where gpsd listens for --near gps (default localhost:2947; NEARBY_GPSD, gpsd in the config file).",
                               valueName: "HOST:PORT"))
    var gpsd: String?

    @Flag(help: "Open the generated, fictional Demo town (its own database file; your store is not touched).")
    var demo = false

    @Option(name: .customLong("demo-places"), parsing: .unconditional,
            help: ArgumentHelp("How many places the Demo town has (default: the town already made, else 500).",
                               valueName: "N"))
    var demoPlaces: Int?

    func validate() throws {
        if let open { _ = try StartScreen(parsing: open) }
        if let radius, let problem = NearOptions.radiusProblem(radius) { throw ValidationError(problem) }
        if let near = here.near, let problem = CoordinateText.problem(in: near) {
            throw ValidationError("--near: \(problem)")
        }
        if demoPlaces != nil, !demo { throw ValidationError("--demo-places goes with --demo.") }
        if let demoPlaces, !(1...DemoTown.maximumPlaceCount).contains(demoPlaces) {
            throw ValidationError("--demo-places must be between 1 and \(NumberText.grouped(DemoTown.maximumPlaceCount)), "
                                  + "not \(demoPlaces).")
        }
    }

    func run() async throws {
        let start = try open.map(StartScreen.init(parsing:)) ?? .home
        var flags = placesSource.flags.merging(friendsService.flags) { first, _ in first }
        flags[.near] = here.near
        flags[.gpsd] = gpsd
        var settings = try AppSettings.load(flags: flags)
        let database: AppDatabase
        var demoHere: NearLocation?
        if demo {
            // The demo is local and self-contained: live sources would mix real places into a fictional town.
            settings.source = .local
            // Without --demo-places the town already there is used, whatever its size (`nearby demo --places N`).
            do {
                try FileSystem.makeFolders(global.directory.path)
            } catch {
                throw CommandFailure("Cannot create the data folder \(error.path): \(error.reason).")
            }
            let town: DemoTown
            do {
                town = try await DemoTown.open(in: global.directory, places: demoPlaces)
            } catch let error as PlacesError {
                throw CommandFailure(error.explanation)
            } catch {
                throw CommandFailure(StoreOpenFailure.sentence(for: error, path: DemoTown.file(in: global.directory).path))
            }
            database = town.database
            demoHere = NearLocation(name: town.name, coordinate: town.center)
        } else {
            database = try global.openStore()
        }
        let services = try AppServices(settings: settings, database: database)
        var here: NearLocation? = demoHere
        let followsGPS = demoHere == nil && settings.near.map(HereTracking.isGPS) == true
        if demoHere == nil, let near = settings.near, !followsGPS {
            do throws(NearResolutionError) {
                here = try services.store.resolveNear(near)
            } catch {
                throw CommandFailure("\(settings.nearOrigin ?? "near"): \(error.description)")
            }
        }
        // Given here: remember it. Not given: the last one used, else the store's main settlement.
        let last = LastLocation(directory: global.directory)
        if demo {
            // The demo never becomes the user's last location.
        } else if let here {
            last.write(here)
        } else {
            here = last.read() ?? (try? services.store.fetchDefaultLocation()) ?? nil
        }
        // The demo keeps nothing of the user's: neither where they were nor how they left the lists.
        let preferences = demo ? nil : ListPreferencesFile(directory: global.directory)
        LogFile.bootstrap(at: global.directory.appendingPathComponent("nearby.log").path, level: .info)
        do {
            try await AppLauncher(services: services, settings: settings, here: here, start: start,
                                  radius: radius ?? preferences?.read().radius ?? SearchRadius.standard, at: time.at,
                                  openDuring: time.openDuring, gps: followsGPS ? last : nil,
                                  last: demo ? nil : last, radiusGiven: radius != nil, preferences: preferences,
                                  dataFolder: demo ? nil : global.directory).run()
        } catch let error as TerminalSessionError {
            throw CommandFailure(error.description)
        }
    }
}
