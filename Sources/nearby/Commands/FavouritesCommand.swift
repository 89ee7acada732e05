import ArgumentParser
import FoundationEssentials
import NearbyCore
import NearbyData
import TerminalView
import TerminalText

/// `nearby favourites`: the places saved with `f`, the latest first, including those an import has since
/// removed ("no longer in the data").
struct FavouritesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "favourites",
        abstract: "List your favourite places, the latest saved first.",
        discussion: "A favourite whose place is gone from the store (a newer extract dropped it) is listed as "
            + "\"no longer in the data\". With --near, distances are shown from there. Open states are at --at, else "
            + "now; --open-during keeps only the favourites open for the whole span.")

    @OptionGroup var global: GlobalOptions
    @OptionGroup(title: "Distances from") var here: HereOption
    @OptionGroup var time: TimeOptions

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
        let store = LocalPlacesStore(database: try global.openStore(.readOnly))
        let settings = try AppSettings.load(flags: [:])
        var origin: NearLocation?
        if let near = here.near {
            origin = try await NearResolution.resolve(near, in: store, gps: settings.gpsd)
        }
        let computerZone = ZoneRules.local(tz: ProcessEnvironment.values["TZ"])
        let zones = PlaceZones.world(fallback: computerZone)
        // --at is read on the clock of --near when given, else the computer's; each favourite's state is on its
        // own clock.
        let zone = origin.map { zones.zone(at: $0.coordinate) } ?? computerZone
        let instant = try time.instant(zone: zone)
        let span = try time.span(zone: zone, base: instant)
        let holidays: HolidayDirectory
        do {
            holidays = try settings.holidayDirectory(zone: computerZone)
        } catch {
            throw CommandFailure(error.description)
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
        let hadFavourites = !entries.isEmpty
        if let span {
            entries = entries.filter { entry in
                entry.hit.map { PlacesOutput.isOpen($0.place, during: span, zones: zones, holidays: holidays) } ?? false
            }
        }
        // With --open-during, states are those of the span's start.
        let time = OpenStateTime(instant: span?.start ?? instant, zones: zones, holidays: holidays)
        if json {
            Console.write(Self.json(entries, withDistance: origin != nil, at: time))
        } else if entries.isEmpty, hadFavourites, let span, let during = self.time.openDuring {
            Console.line("None of your favourites is open for all of \(TerminalText.quoted(during)) "
                         + "(\(HoursReport.iso8601(span.start, zone: zone)) to \(HoursReport.iso8601(span.end, zone: zone))).")
        } else if entries.isEmpty {
            Console.line("No favourites yet. Open a place in the app (nearby) and press f to save it.")
        } else {
            Console.write(Self.rows(entries, units: origin == nil ? nil : settings.units, at: time))
        }
    }

    /// When and where open states are read (`--at`, else now).
    struct OpenStateTime {
        var instant: Date
        var zones: PlaceZones
        var holidays: HolidayDirectory
    }

    /// Aligned rows: name, category, distance (with `units`, when there is an origin), open state, id.
    static func rows(_ entries: [Entry], units: UnitSystem?, at time: OpenStateTime) -> String {
        let cells = entries.map { entry -> [String] in
            guard let hit = entry.hit else {
                return ["(no longer in the data)", "", "", "", TerminalText.safe(entry.id.description)]
            }
            let distance = units.map { DistanceFormatting.distance(hit.distance, bearing: hit.bearing, units: $0) } ?? ""
            let open = PlacesOutput.openText(hit.place, at: time.instant, zones: time.zones, holidays: time.holidays)
            return [TerminalText.safe(hit.place.name), hit.place.category.displayName, distance, open,
                    TerminalText.safe(entry.id.description)]
        }
        return TextTable.render(cells, alignments: [.left, .left, .right, .left, .left],
                                maximumWidths: [PlacesOutput.nameColumns, nil, nil, nil, nil])
    }

    static func json(_ entries: [Entry], withDistance: Bool, at time: OpenStateTime) -> String {
        JSONOutput.array(entries.map { entry in
            let place = entry.hit?.place
            return .object([
                ("id", .string(entry.id.description)),
                ("name", .text(place?.name)),
                ("category", .text(place?.category.rawValue)),
                ("lat", .degrees(place?.coordinate.latitude)),
                ("lon", .degrees(place?.coordinate.longitude)),
                ("distance_m", withDistance ? entry.hit.map { .rounded($0.distance) } ?? .null : .null),
                ("open_state", .text(place.map {
                    PlacesOutput.openState($0, at: time.instant, zones: time.zones, holidays: time.holidays)
                })),
                ("in_data", .bool(place != nil)),
            ])
        }).rendered()
    }
}
