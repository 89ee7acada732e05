import ArgumentParser
import FoundationEssentials
import NearbyCore
import NearbyData

/// `nearby route --from A --to B`: the walk between two points on the imported paths.
struct RouteCommand: ParsableCommand {
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
        "Where the walk starts: LAT,LON, a town, or a place of the store by name (\"Café Amann\").",
        valueName: "LAT,LON|NAME"))
    var from: String

    @Option(parsing: .unconditional, help: ArgumentHelp(
        "Where the walk ends: LAT,LON, a town, or a place by name (the one nearest the start when several share it).",
        valueName: "LAT,LON|NAME"))
    var to: String

    @Flag(help: "Print JSON instead of text.")
    var json = false

    func run() throws {
        // A walk only reads the store: it is never written, and a store the user may only read will do.
        let database = try global.openStore(.readOnly)
        let store = LocalPlacesStore(database: database)
        let start = try resolve(from, option: "--from", nearestTo: nil, in: store)
        let end = try resolve(to, option: "--to", nearestTo: start.coordinate, in: store)
        let router = LocalWalkingRouter(database: database)
        let route: WalkRoute?
        do {
            route = try router.routeNow(from: start.coordinate, to: end.coordinate)
        } catch {
            throw CommandFailure(RouteOutput.explanation(error, storeDirectory: global.directory.path))
        }
        guard let route else {
            throw CommandFailure("No walk found from \(RouteOutput.name(start)) to \(RouteOutput.name(end)): "
                                 + "one end is more than 300 m from any path, or no path joins them.")
        }
        if json {
            Console.write(RouteOutput.json(route, from: start, to: end))
        } else {
            let units = (try? AppSettings.load(flags: [:]).units) ?? .metric
            Console.line(RouteOutput.text(route, from: start, to: end, units: units))
        }
    }

    private func resolve(_ text: String, option: String, nearestTo reference: Coordinate?,
                         in store: LocalPlacesStore) throws -> NearLocation {
        do throws(NearResolutionError) {
            return try store.resolveTownOrPlace(text, nearestTo: reference)
        } catch {
            throw CommandFailure.near(error, option: option)
        }
    }
}
