import ArgumentParser
import FoundationEssentials
import NearbyCore
import NearbyData

/// `nearby favourites`: the places saved with `f`, the latest first, including those an import has since
/// removed ("no longer in the data").
struct FavouritesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "favourites",
        abstract: "List your favourite places, the latest saved first.",
        discussion: "A favourite whose place is gone from the store (a newer extract dropped it) is listed as "
            + "\"no longer in the data\". With --near, distances are shown from there.")

    @OptionGroup var global: GlobalOptions
    @OptionGroup(title: "Distances from") var here: HereOption

    @Flag(help: "Print a JSON array instead of rows.")
    var json = false

    func validate() throws {
        if let near = here.near, let problem = CoordinateText.problem(in: near) {
            throw ValidationError("--near: \(problem)")
        }
    }

    /// A favourite and its place, when the store still has it.
    struct Entry {
        var id: PlaceID
        var hit: PlaceHit?
    }

    func run() async throws {
        let store = LocalPlacesStore(database: try global.openStore())
        let settings = try AppSettings.load(flags: [:])
        var origin: NearLocation?
        if let near = here.near {
            do throws(NearResolutionError) {
                origin = try store.resolveNear(near)
            } catch {
                throw CommandFailure(error.description)
            }
        }
        var entries: [Entry] = []
        do throws(PlacesError) {
            for id in try await store.favourites() {
                do throws(PlacesError) {
                    let hit = try await store.place(id: id, from: origin?.coordinate ?? Coordinate(latitude: 0, longitude: 0))
                    entries.append(Entry(id: id, hit: hit))
                } catch .notFound {
                    entries.append(Entry(id: id, hit: nil))
                }
            }
        } catch {
            throw CommandFailure(error.explanation)
        }
        if json {
            Console.write(Self.json(entries, withDistance: origin != nil))
        } else if entries.isEmpty {
            Console.line("No favourites yet. Open a place in the app (nearby) and press f to save it.")
        } else {
            Console.write(Self.rows(entries, units: origin == nil ? nil : settings.units))
        }
    }

    /// Aligned rows: name, category, distance (with `units`, when there is an origin), id.
    static func rows(_ entries: [Entry], units: UnitSystem?) -> String {
        let cells = entries.map { entry -> [String] in
            guard let hit = entry.hit else {
                return ["(no longer in the data)", "", "", TerminalText.safe(entry.id.description)]
            }
            let distance = units.map { DistanceFormatting.distance(hit.distance, bearing: hit.bearing, units: $0) } ?? ""
            return [TerminalText.safe(hit.place.name), hit.place.category.displayName, distance,
                    TerminalText.safe(entry.id.description)]
        }
        return TextTable.render(cells, alignments: [.left, .left, .right, .left],
                                maximumWidths: [PlacesOutput.nameColumns, nil, nil, nil])
    }

    static func json(_ entries: [Entry], withDistance: Bool) -> String {
        JSONOutput.array(entries.map { entry in
            let place = entry.hit?.place
            return .object([
                ("id", .string(entry.id.description)),
                ("name", .text(place?.name)),
                ("category", .text(place?.category.rawValue)),
                ("lat", .degrees(place?.coordinate.latitude)),
                ("lon", .degrees(place?.coordinate.longitude)),
                ("distance_m", withDistance ? entry.hit.map { .tenths($0.distance) } ?? .null : .null),
                ("in_data", .bool(place != nil)),
            ])
        }).rendered()
    }
}
