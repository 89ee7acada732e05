import FoundationEssentials
import NearbyCore
import NearbyData
import NearbyViewModels
import TerminalView
import TerminalText

/// How `nearby places` prints its results: aligned rows for people, JSON for scripts.
enum PlacesOutput {
    /// Names longer than this many columns are cut (with "…"), so one long name cannot widen every row.
    static let nameColumns = 48

    /// "120 m", "1.4 km", "35 km"; "620 ft", "0.3 mi" in imperial units.
    static func distance(_ metres: Double, units: UnitSystem = .metric) -> String {
        DistanceFormatting.distance(metres, units: units)
    }

    /// One aligned line a place: name, category, distance and compass point, the walk where the store has
    /// paths, open state at `now`.
    static func rows(_ hits: [PlaceHit], walks: PlaceWalks = .none, units: UnitSystem = .metric, at now: Date = Date(),
                     zones: PlaceZones = .fixed(.current), holidays: HolidayDirectory = .builtIn) -> [String] {
        let names = hits.map { TextLayout.truncate(TerminalText.safe($0.place.name), toWidth: nameColumns) }
        let nameWidth = names.map(DisplayWidth.of).max() ?? 0
        let categoryWidth = hits.map { $0.place.category.displayName.count }.max() ?? 0
        return zip(hits, names).map { hit, name in
            let category = hit.place.category.displayName
            // "here" for what is on the spot, as the app says it ("0 m" pointed nowhere).
            let whereText = DistanceFormatting.distance(hit.distance, bearing: hit.bearing, units: units)
            let walkText = walks.isAvailable
                ? NumberText.rightAligned(walks.text(for: hit.id), width: 8) + "  " : ""
            return name + String(repeating: " ", count: nameWidth - DisplayWidth.of(name)) + "  "
                + NumberText.leftAligned(category, width: categoryWidth) + "  "
                + NumberText.rightAligned(whereText, width: 10) + "  " + walkText
                + openText(hit.place, at: now, zones: zones, holidays: holidays)
        }
    }

    /// The state of `place` at `now` on its own clock; nil when it has no hours.
    static func status(_ place: Place, at now: Date, zones: PlaceZones,
                       holidays: HolidayDirectory = .builtIn) -> OpeningStatus? {
        guard let source = place.openingHours else { return nil }
        let context = HoursContext(place: place, zone: zones.zone(for: place), holidays: holidays)
        return OpeningHours(source).evaluate(at: now, in: context)
    }

    /// "open · until 18:00", "closed · opens Mo 07:30", "hours unknown": on the place's own clock.
    static func openText(_ place: Place, at now: Date, zones: PlaceZones,
                         holidays: HolidayDirectory = .builtIn) -> String {
        guard let status = status(place, at: now, zones: zones, holidays: holidays) else { return "hours unknown" }
        return TerminalText.safe(status.rowText(timeZone: zones.zone(for: place)))
    }

    /// "open", "closed" or "unknown" (no hours, or hours that could not be read).
    static func openState(_ place: Place, at now: Date, zones: PlaceZones,
                          holidays: HolidayDirectory = .builtIn) -> String {
        status(place, at: now, zones: zones, holidays: holidays)?.state.rawValue ?? "unknown"
    }

    /// The walks from `start` to the places, one search for them all; none where there is no router (a live
    /// source) or the store has no paths.
    static func walks(to hits: [PlaceHit], from start: Coordinate,
                      router: LocalWalkingRouter?) throws(CommandFailure) -> PlaceWalks {
        guard let router, !hits.isEmpty else { return .none }
        let found: [WalkEstimate?]
        do {
            found = try router.walksNow(from: start, to: hits.map(\.place.coordinate))
        } catch {
            switch error {
            case .noNetwork: return .none
            case .storage(let message): throw CommandFailure(message)
            }
        }
        var estimates: [PlaceID: WalkEstimate] = [:]
        for (hit, walk) in zip(hits, found) { estimates[hit.id] = walk }
        return PlaceWalks(isAvailable: true, estimates: estimates)
    }

    /// Whether `place` is open for the whole of `span` (no hours: no).
    static func isOpen(_ place: Place, during span: (start: Date, end: Date), zones: PlaceZones,
                       holidays: HolidayDirectory) -> Bool {
        guard let source = place.openingHours else { return false }
        let context = HoursContext(place: place, zone: zones.zone(for: place), holidays: holidays)
        return OpeningHours(source).isOpen(from: span.start, to: span.end, in: context)
    }

    /// The sentence for an empty result.
    static func nothingFound(category: Category?, search: String?, radius: Double, near: NearLocation,
                             units: UnitSystem = .metric) -> String {
        let what = category?.pluralName ?? "places"
        let matching = search.map { " matching \(TerminalText.quoted($0))" } ?? ""
        // "anywhere" is of no place.
        let place = radius >= SearchRadius.everywhere ? "" : near.name.map { " of \(TerminalText.safe($0))" } ?? ""
        let wider = radius < NearOptions.maximumRadius ? "; a larger --radius looks further" : ""
        return "No \(what)\(matching) \(SearchRadius.within(radius, units: units))\(place)\(wider)."
    }

    /// The hits as a JSON array (the style of every `--json`, see `JSONOutput`), their open state at `now`.
    static func json(_ hits: [PlaceHit], walks: PlaceWalks = .none, at now: Date = Date(),
                     zones: PlaceZones = .fixed(.current), holidays: HolidayDirectory = .builtIn) -> String {
        JSONOutput.array(hits.map { object($0, walk: walks[$0.id], at: now, zones: zones, holidays: holidays) })
            .rendered()
    }

    /// One place as scripts read it; absent tags are null, so every object has the same keys. Distances are
    /// whole metres and bearings whole degrees, always integers; the state and its next change are on the
    /// place's own clock, named in `time_zone`.
    static func object(_ hit: PlaceHit, walk: WalkEstimate? = nil, at now: Date, zones: PlaceZones,
                       holidays: HolidayDirectory) -> JSONOutput {
        let place = hit.place
        let hours: JSONOutput = switch place.openingHours {
        case .osm(let text): .string(text)
        case .periods(let periods): .array(periods.map { period in
            .object([("open_day", .int(period.openDay)), ("open_minute", .int(period.openMinute)),
                     ("close_day", .whole(period.closeDay)), ("close_minute", .whole(period.closeMinute))])
        })
        case nil: .null
        }
        let zone = zones.zone(for: place)
        let status = status(place, at: now, zones: zones, holidays: holidays)
        return .object([
            ("id", .string(place.id.description)),
            ("name", .string(place.name)),
            ("category", .string(place.category.rawValue)),
            ("lat", .degrees(place.coordinate.latitude)),
            ("lon", .degrees(place.coordinate.longitude)),
            ("distance_m", .rounded(hit.distance)),
            ("bearing", .rounded(hit.bearing)),
            ("walk_m", walk.map { .rounded($0.metres) } ?? .null),
            ("walk_min", walk.map { .walkMinutes(metres: $0.metres) } ?? .null),
            ("open_state", .string(status?.state.rawValue ?? "unknown")),
            ("next_change", .text(status?.nextChange.map { HoursReport.iso8601($0, zone: zone) })),
            ("next_state", .text(status?.nextState?.rawValue)),
            ("time_zone", .string(zone.identifier)),
            ("street", .text(place.address.street)),
            ("housenumber", .text(place.address.houseNumber)),
            ("postcode", .text(place.address.postcode)),
            ("city", .text(place.address.city)),
            ("country", .text(place.address.country)),
            ("phone", .text(place.phone)),
            ("website", .text(place.website)),
            ("email", .text(place.email)),
            ("opening_hours", hours),
            ("cuisine", .text(place.cuisine)),
            ("wheelchair", .text(place.wheelchair)),
            ("operator", .text(place.operatorName)),
            ("brand", .text(place.brand)),
        ])
    }
}

/// The walks to a command's places: metres along paths where the store has them.
struct PlaceWalks {
    static let none = PlaceWalks(isAvailable: false, estimates: [:])

    /// Whether the store has paths (else every walk is unknown, not "no path").
    var isAvailable: Bool
    /// The walk to each place the paths reach; a place without one has no path within reach.
    var estimates: [PlaceID: WalkEstimate]

    subscript(id: PlaceID) -> WalkEstimate? { estimates[id] }

    /// "7 min", "no path", or "" where there are no paths at all.
    func text(for id: PlaceID) -> String {
        guard isAvailable else { return "" }
        return estimates[id].map { WalkingTimeText.minutes($0.minutes()) } ?? "no path"
    }
}
