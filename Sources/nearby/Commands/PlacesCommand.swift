import ArgumentParser
import FoundationEssentials
import NearbyCore
import NearbyData
import NearbyViewModels

/// `nearby places`: the nearest places around a point, as rows or JSON, from the chosen source.
struct PlacesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "places",
        abstract: "List the places nearest to a point, nearest first.",
        discussion: """
            Distances follow `units` in the config file (metric or imperial). Where the store has paths, each \
            place also gets its walk (metres and minutes at 4.8 km/h). --search looks anywhere in the store \
            unless --radius is given, as / does in the app.
            """)

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

    @Option(parsing: .unconditional, help: ArgumentHelp(
        "How to order the places found: distance (default), walk, name, rating or open (open first), as s does in the app.",
        valueName: "ORDER"))
    var sort: String?

    @Flag(help: "Print a JSON array instead of rows.")
    var json = false

    /// The words `--sort` takes, and the app's orders they name.
    static let sortWords: [(word: String, order: PlacesSortOrder)] = [
        ("distance", .distance), ("walk", .walkingTime), ("name", .name), ("rating", .rating), ("open", .openFirst),
    ]

    func validate() throws {
        if let limit, !(1...100_000).contains(limit) {
            throw ValidationError("--limit wants a whole number between 1 and 100,000, not \(limit).")
        }
        _ = try parsedCategory()
        _ = try parsedSort()
    }

    func run() async throws {
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
        let database = try global.openStore(settings.source == .local ? .readOnly : .readWrite)
        let store = LocalPlacesStore(database: database)
        // A live source fills the store as it goes; only the local one needs an import first.
        if settings.source == .local { try store.requirePlaces(storeDirectory: global.directory.path) }
        let here = try await area.location(in: store, fallback: settings.near, gps: settings.gpsd)
        // A search looks anywhere in the local store unless told how far, as the app's / does; a live source
        // is asked within the radius it is given.
        let radius = area.radiusMetres
            ?? (search != nil && settings.source == .local ? SearchRadius.everywhere : SearchRadius.standard)
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

        // With --open-during, each row's state and "until" are those of the span's start.
        let moment = span?.start ?? instant
        let walks = try PlacesOutput.walks(to: hits, from: here.coordinate,
                                           router: settings.source == .local ? LocalWalkingRouter(database: database) : nil)
        let order = try parsedSort()
        if order != .distance {
            hits = order.sorted(hits, walkMetres: { walks[$0.id]?.metres ?? .infinity }, openRank: { hit in
                PlacesSortOrder.openRank(PlacesOutput.status(hit.place, at: moment, zones: zones, holidays: holidays)?.state
                    ?? .unknown)
            })
        }
        if json {
            Console.write(PlacesOutput.json(hits, walks: walks, at: moment, zones: zones, holidays: holidays))
        } else if hits.isEmpty {
            var sentence = PlacesOutput.nothingFound(category: category, search: search, radius: radius, near: here,
                                                     units: settings.units)
            if let span, let during = time.openDuring {
                sentence = "None of them is open for all of \(TerminalText.quoted(during)) "
                    + "(\(HoursReport.iso8601(span.start, zone: zone)) to \(HoursReport.iso8601(span.end, zone: zone))). "
                    + sentence
            }
            // A typo in a search of the store: the names it may have meant.
            if let search, span == nil, settings.source == .local,
               case let close = await store.nameSuggestions(for: search, near: here.coordinate), !close.isEmpty {
                sentence += " Did you mean " + close.map(TerminalText.quoted).joined(separator: ", ") + "?"
            }
            Console.line(sentence)
        } else {
            Console.write(PlacesOutput.rows(hits, walks: walks, units: settings.units, at: moment, zones: zones,
                                            holidays: holidays)
                .map { $0 + "\n" }.joined())
        }
    }

    private func parsedSort() throws -> PlacesSortOrder {
        guard let sort else { return .distance }
        let word = sort.trimmingSpaces().lowercased()
        guard let match = Self.sortWords.first(where: { $0.word == word }) else {
            let known = Self.sortWords.map(\.word).joined(separator: ", ")
            throw ValidationError("--sort: unknown order \(TerminalText.quoted(sort)); known ones: \(known).")
        }
        return match.order
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
