import ArgumentParser
import FoundationEssentials
import NearbyCore
import NearbyData

/// `nearby route --from A --to B`: the walk between two points on the imported paths.
struct RouteCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "route",
        abstract: "Print the walk between two points: its length, the minutes it takes and the ways it follows.",
        discussion: """
            Walks on the footways, paths, steps and streets of the imported extract (not motorways; access, \
            foot and pedestrian one-way tags respected), at 4.8 km/h (80 m a minute). Each end is joined to the \
            nearest path within 300 m in a straight line. Stores imported before the walking network was kept \
            need the extract imported again.
            """)

    @OptionGroup var global: GlobalOptions

    @Option(parsing: .unconditional, help: ArgumentHelp(
        "Where the walk starts: LAT,LON, a town, a place of the store by name (\"Café Amann\"), or gps.",
        valueName: "LAT,LON|NAME|gps"))
    var from: String

    @Option(parsing: .unconditional, help: ArgumentHelp(
        "Where the walk ends: LAT,LON, a town, a place by name (the one nearest the start when several share it), or gps.",
        valueName: "LAT,LON|NAME|gps"))
    var to: String

    @Flag(help: "Print JSON instead of text.")
    var json = false

    func run() async throws {
        // A walk only reads the store: it is never written, and a store the user may only read will do.
        let database = try global.openStore(.readOnly)
        let store = LocalPlacesStore(database: database)
        let settings = try AppSettings.load(flags: [:])
        let start = try await NearResolution.resolve(from, in: store, gps: settings.gpsd, option: "--from",
                                                     placesToo: true)
        let end = try await NearResolution.resolve(to, in: store, gps: settings.gpsd, option: "--to",
                                                   nearestTo: start.coordinate, placesToo: true)
        let router = LocalWalkingRouter(database: database)
        let route: WalkRoute
        do {
            switch try router.routeOrReason(from: start.coordinate, to: end.coordinate) {
            case .walk(let walk): route = walk
            case .none(let reason):
                throw CommandFailure("No walk found from \(RouteOutput.name(start)) to \(RouteOutput.name(end)): "
                                     + RouteOutput.reason(reason, units: settings.units))
            }
        } catch let error as RoutingError {
            throw CommandFailure(RouteOutput.explanation(error, storeDirectory: global.directory.path))
        }
        if json {
            Console.write(RouteOutput.json(route, from: start, to: end))
        } else {
            Console.line(RouteOutput.text(route, from: start, to: end, units: settings.units))
        }
    }
}
