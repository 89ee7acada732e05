import ArgumentParser
import FoundationEssentials
import NearbyCore
import NearbyData

/// `nearby places`: the nearest places around a point, as rows or JSON, from the chosen source.
struct PlacesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "places",
        abstract: "List the places nearest to a point, nearest first.",
        discussion: "Distances follow `units` in the config file (metric or imperial).")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var area: NearOptions
    @OptionGroup var placesSource: PlacesSourceOptions
    @OptionGroup var time: TimeOptions

    @Option(parsing: .unconditional,
            help: ArgumentHelp("Only this category (see `nearby categories`).", valueName: "NAME"))
    var category: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("How many places at most (default 20).", valueName: "N"))
    var limit: Int?

    @Option(parsing: .unconditional,
            help: ArgumentHelp("Only places whose name or subtitle has words starting like these.", valueName: "TEXT"))
    var search: String?

    @Flag(help: "Print a JSON array instead of rows.")
    var json = false

    func validate() throws {
        if let limit, !(1...100_000).contains(limit) {
            throw ValidationError("--limit wants a whole number between 1 and 100,000, not \(limit).")
        }
        _ = try parsedCategory()
    }

    func run() async throws {
        let radius = area.radius
        let limit = limit ?? 20
        let category = try parsedCategory()
        let settings = try AppSettings.load(flags: placesSource.flags)
        let computerZone = ZoneRules.local(tz: ProcessEnvironment.values["TZ"])
        let zones = PlaceZones.world(fallback: computerZone)
        // A time that is no time at all is a wrong command line whatever the store holds; whether it exists on
        // the place's clock is known once the place is.
        try time.checkWording()
        let holidays: HolidayDirectory
        do {
            holidays = try settings.holidayDirectory(zone: computerZone)
        } catch {
            throw CommandFailure(error.description)
        }
        // Only a live source writes (it keeps what it fetched); the local one reads and writes nothing.
        let store = LocalPlacesStore(database: try global.openStore(settings.source == .local ? .readOnly : .readWrite))
        // A live source fills the store as it goes; only the local one needs an import first.
        if settings.source == .local { try store.requirePlaces(storeDirectory: global.directory.path) }
        let here = try area.location(in: store, fallback: settings.near)
        // --at and --open-during are read on the clock of the place asked about, as its hours are.
        let zone = zones.zone(at: here.coordinate)
        let instant = try time.instant(zone: zone)
        let span = try time.span(zone: zone, base: instant)
        let provider = try AppServices.placesProvider(settings: settings, store: store)

        var query = PlaceQuery(center: here.coordinate, radius: radius, category: category, searchText: search,
                               limit: min(limit, 200))
        var hits: [PlaceHit] = []
        var cursor: PageCursor?
        do throws(PlacesError) {
            repeat {
                // With --open-during most places may not count: read whole pages and keep the open ones.
                query.limit = span == nil ? min(limit - hits.count, 200) : 200
                let page = try await provider.places(query, after: cursor)
                if let span {
                    hits += page.hits.filter { PlacesOutput.isOpen($0.place, during: span, zones: zones, holidays: holidays) }
                        .prefix(limit - hits.count)
                } else {
                    hits += page.hits
                }
                cursor = page.next
            } while cursor != nil && hits.count < limit
        } catch {
            throw CommandFailure(error.explanation)
        }

        if json {
            Console.write(PlacesOutput.json(hits, at: span?.start ?? instant, zones: zones, holidays: holidays))
        } else if hits.isEmpty {
            var sentence = PlacesOutput.nothingFound(category: category, search: search, radius: radius, near: here,
                                                     units: settings.units)
            if let span, let during = time.openDuring {
                sentence = "None of them is open for all of \(TerminalText.quoted(during)) "
                    + "(\(HoursReport.iso8601(span.start, zone: zone)) to \(HoursReport.iso8601(span.end, zone: zone))). "
                    + sentence
            }
            Console.line(sentence)
        } else {
            // With --open-during, each row's state and "until" are those of the span's start.
            Console.write(PlacesOutput.rows(hits, units: settings.units, at: span?.start ?? instant, zones: zones,
                                            holidays: holidays)
                .map { $0 + "\n" }.joined())
        }
    }

    private func parsedCategory() throws -> Category? {
        guard let category else { return nil }
        guard let match = Category(name: category) else {
            let known = Category.allCases.map(\.rawValue).joined(separator: ", ")
            throw ValidationError("--category: unknown category \(TerminalText.quoted(category)); known ones: \(known).")
        }
        return match
    }
}
