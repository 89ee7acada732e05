import FoundationEssentials
import NearbyCore
import NearbyData
import TerminalView

/// How `nearby places` prints its results: aligned rows for people, JSON for scripts.
enum PlacesOutput {
    /// Names longer than this many columns are cut (with "…"), so one long name cannot widen every row.
    static let nameColumns = 48

    /// "120 m", "1.4 km", "35 km"; "620 ft", "0.3 mi" in imperial units.
    static func distance(_ metres: Double, units: UnitSystem = .metric) -> String {
        DistanceFormatting.distance(metres, units: units)
    }

    /// One aligned line a place: name, category, distance and compass point, open state at `now`.
    static func rows(_ hits: [PlaceHit], units: UnitSystem = .metric, at now: Date = Date(),
                     zones: PlaceZones = .fixed(.current), holidays: HolidayDirectory = .builtIn) -> [String] {
        let names = hits.map { TextLayout.truncate(TerminalText.safe($0.place.name), toWidth: nameColumns) }
        let nameWidth = names.map(DisplayWidth.of).max() ?? 0
        let categoryWidth = hits.map { $0.place.category.displayName.count }.max() ?? 0
        return zip(hits, names).map { hit, name in
            let category = hit.place.category.displayName
            // Under a metre away, a direction means nothing.
            let whereText = hit.distance < 1 ? distance(hit.distance, units: units)
                : DistanceFormatting.distance(hit.distance, bearing: hit.bearing, units: units)
            return name + String(repeating: " ", count: nameWidth - DisplayWidth.of(name)) + "  "
                + NumberText.leftAligned(category, width: categoryWidth) + "  "
                + NumberText.rightAligned(whereText, width: 10) + "  "
                + openText(hit.place, at: now, zones: zones, holidays: holidays)
        }
    }

    /// "open · until 18:00", "closed · opens Mo 07:30", "hours unknown": on the place's own clock.
    static func openText(_ place: Place, at now: Date, zones: PlaceZones,
                         holidays: HolidayDirectory = .builtIn) -> String {
        guard let source = place.openingHours else { return "hours unknown" }
        let context = HoursContext(place: place, zone: zones.zone(for: place), holidays: holidays)
        return TerminalText.safe(OpeningHours(source).evaluate(at: now, in: context).rowText(timeZone: context.zone))
    }

    /// "open", "closed" or "unknown" (no hours, or hours that could not be read).
    static func openState(_ place: Place, at now: Date, zones: PlaceZones,
                          holidays: HolidayDirectory = .builtIn) -> String {
        guard let source = place.openingHours else { return "unknown" }
        let context = HoursContext(place: place, zone: zones.zone(for: place), holidays: holidays)
        return OpeningHours(source).evaluate(at: now, in: context).state.rawValue
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
        let place = near.name.map { " of \(TerminalText.safe($0))" } ?? ""
        let wider = radius < NearOptions.maximumRadius ? "; a larger --radius looks further" : ""
        return "No \(what)\(matching) within \(DistanceFormatting.radius(radius, units: units))\(place)\(wider)."
    }

    /// The hits as a JSON array (the style of every `--json`, see `JSONOutput`), their open state at `now`.
    static func json(_ hits: [PlaceHit], at now: Date = Date(), zones: PlaceZones = .fixed(.current),
                     holidays: HolidayDirectory = .builtIn) -> String {
        JSONOutput.array(hits.map { object($0, at: now, zones: zones, holidays: holidays) }).rendered()
    }

    /// One place as scripts read it; absent tags are null, so every object has the same keys.
    static func object(_ hit: PlaceHit, at now: Date, zones: PlaceZones, holidays: HolidayDirectory) -> JSONOutput {
        let place = hit.place
        let hours: JSONOutput = switch place.openingHours {
        case .osm(let text): .string(text)
        case .periods(let periods): .array(periods.map { period in
            .object([("open_day", .int(period.openDay)), ("open_minute", .int(period.openMinute)),
                     ("close_day", .whole(period.closeDay)), ("close_minute", .whole(period.closeMinute))])
        })
        case nil: .null
        }
        return .object([
            ("id", .string(place.id.description)),
            ("name", .string(place.name)),
            ("category", .string(place.category.rawValue)),
            ("lat", .degrees(place.coordinate.latitude)),
            ("lon", .degrees(place.coordinate.longitude)),
            ("distance_m", .tenths(hit.distance)),
            ("bearing", .tenths(hit.bearing)),
            ("open_state", .string(openState(place, at: now, zones: zones, holidays: holidays))),
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
