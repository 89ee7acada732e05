import Foundation
import NearbyCore
import NearbyData

/// How `nearby places` prints its results: aligned rows for people, JSON for scripts.
enum PlacesOutput {
    /// "120 m", "1.4 km", "35 km".
    static func distance(_ metres: Double) -> String {
        DistanceFormatting.distance(metres, units: .metric)
    }

    /// One aligned line a place: name, category, distance and compass point, open state at `now`.
    static func rows(_ hits: [PlaceHit], at now: Date = Date(), timeZone: ZoneRules = .current,
                     holidays: HolidayDirectory = .builtIn) -> [String] {
        let names = hits.map { String($0.place.name.safeForTerminal.prefix(48)) }
        let nameWidth = names.map(\.count).max() ?? 0
        let categoryWidth = hits.map { $0.place.category.displayName.count }.max() ?? 0
        return zip(hits, names).map { hit, name in
            let category = hit.place.category.displayName
            // Under a metre away, a direction means nothing.
            let whereText = hit.distance < 1 ? distance(hit.distance)
                : DistanceFormatting.distance(hit.distance, bearing: hit.bearing, units: .metric)
            return name.padding(toLength: nameWidth, withPad: " ", startingAt: 0) + "  "
                + category.padding(toLength: categoryWidth, withPad: " ", startingAt: 0) + "  "
                + whereText.leftPadded(to: 10) + "  "
                + openText(hit.place, at: now, timeZone: timeZone, holidays: holidays)
        }
    }

    /// "open · until 18:00", "closed · opens Mo 07:30", "hours unknown".
    static func openText(_ place: Place, at now: Date, timeZone: ZoneRules,
                         holidays: HolidayDirectory = .builtIn) -> String {
        guard let source = place.openingHours else { return "hours unknown" }
        let context = HoursContext(place: place, zone: timeZone, holidays: holidays)
        return OpeningHours(source).evaluate(at: now, in: context).rowText(timeZone: timeZone)
    }

    /// "open", "closed" or "unknown" (no hours, or hours that could not be read).
    static func openState(_ place: Place, at now: Date, timeZone: ZoneRules,
                          holidays: HolidayDirectory = .builtIn) -> String {
        guard let source = place.openingHours else { return "unknown" }
        let context = HoursContext(place: place, zone: timeZone, holidays: holidays)
        return OpeningHours(source).evaluate(at: now, in: context).state.rawValue
    }

    /// Whether `place` is open for the whole of `span` (no hours: no).
    static func isOpen(_ place: Place, during span: (start: Date, end: Date), timeZone: ZoneRules,
                       holidays: HolidayDirectory) -> Bool {
        guard let source = place.openingHours else { return false }
        let context = HoursContext(place: place, zone: timeZone, holidays: holidays)
        return OpeningHours(source).isOpen(from: span.start, to: span.end, in: context)
    }

    /// The sentence for an empty result.
    static func nothingFound(category: Category?, search: String?, radius: Double, near: NearLocation) -> String {
        let what = category?.pluralName ?? "places"
        let matching = search.map { " matching \($0.quotedForTerminal)" } ?? ""
        let place = near.name.map { " of \($0.safeForTerminal)" } ?? ""
        return "No \(what)\(matching) within \(distance(radius))\(place); a larger --radius looks further."
    }

    /// A pretty-printed JSON array of the hits, their open state at `now`.
    static func json(_ hits: [PlaceHit], at now: Date = Date(), timeZone: ZoneRules = .current,
                     holidays: HolidayDirectory = .builtIn) throws -> String {
        guard !hits.isEmpty else { return "[]" }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let places = hits.map { JSONPlace(hit: $0, openState: openState($0.place, at: now, timeZone: timeZone,
                                                                         holidays: holidays)) }
        return String(decoding: try encoder.encode(places), as: UTF8.self)
    }

    /// One place as scripts read it; absent tags are null, so every object has the same keys.
    private struct JSONPlace: Encodable {
        let hit: PlaceHit
        let openState: String

        enum Key: String, CodingKey {
            case id, name, category, lat, lon, distanceM = "distance_m", bearing, openState = "open_state"
            case street, housenumber, postcode, city, country, phone, website, email
            case openingHours = "opening_hours", cuisine, wheelchair, operatorName = "operator", brand
        }

        func encode(to encoder: any Encoder) throws {
            let place = hit.place
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(place.id.description, forKey: .id)
            try container.encode(place.name, forKey: .name)
            try container.encode(place.category.rawValue, forKey: .category)
            try container.encode(place.coordinate.latitude, forKey: .lat)
            try container.encode(place.coordinate.longitude, forKey: .lon)
            try container.encode((hit.distance * 10).rounded() / 10, forKey: .distanceM)
            try container.encode((hit.bearing * 10).rounded() / 10, forKey: .bearing)
            try container.encode(openState, forKey: .openState)
            try container.encode(place.address.street, forKey: .street)
            try container.encode(place.address.houseNumber, forKey: .housenumber)
            try container.encode(place.address.postcode, forKey: .postcode)
            try container.encode(place.address.city, forKey: .city)
            try container.encode(place.address.country, forKey: .country)
            try container.encode(place.phone, forKey: .phone)
            try container.encode(place.website, forKey: .website)
            try container.encode(place.email, forKey: .email)
            switch place.openingHours {
            case .osm(let text): try container.encode(text, forKey: .openingHours)
            case .periods(let periods): try container.encode(periods, forKey: .openingHours)
            case nil: try container.encodeNil(forKey: .openingHours)
            }
            try container.encode(place.cuisine, forKey: .cuisine)
            try container.encode(place.wheelchair, forKey: .wheelchair)
            try container.encode(place.operatorName, forKey: .operatorName)
            try container.encode(place.brand, forKey: .brand)
        }
    }
}

extension String {
    /// Right-aligned in `width` columns.
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
