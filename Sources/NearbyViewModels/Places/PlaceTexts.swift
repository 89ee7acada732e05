import FoundationEssentials
import NearbyCore

/// Words for a place's fields, shared by the list rows and the detail screen.
enum PlaceTexts {
    /// "4.5 ★ (1,234)", "4.5 ★"; nil without a usable rating.
    static func rating(_ rating: Double?, count: Int?) -> String? {
        guard let rating, rating.isFinite, (0...5).contains(rating) else { return nil }
        let value = DisplayText.decimal(rating, places: 1) + " ★"
        guard let count, count > 0 else { return value }
        return value + " (\(DisplayText.count(count)))"
    }

    /// The street line, else the formatted address; nil without either.
    static func streetLine(_ place: Place) -> String? {
        place.address.streetLine.map(DisplayText.oneLine)
    }

    /// "Market Square 12, 0100 Demo town"; nil without any part.
    static func fullAddress(_ address: Address) -> String? {
        if let formatted = address.formatted, !formatted.isEmpty, address.street == nil {
            return DisplayText.oneLine(formatted)
        }
        var parts: [String] = []
        if let street = address.streetLine { parts.append(street) }
        let town = [address.postcode, address.city].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " ")
        if !town.isEmpty { parts.append(town) }
        if let country = address.country, !country.isEmpty { parts.append(country) }
        return parts.isEmpty ? nil : DisplayText.oneLine(parts.joined(separator: ", "))
    }

    /// "47.14100, 9.52090".
    static func coordinate(_ coordinate: Coordinate) -> String {
        DisplayText.decimal(coordinate.latitude, places: 5) + ", " + DisplayText.decimal(coordinate.longitude, places: 5)
    }

    /// OpenStreetMap's wheelchair value in words.
    /// "geo:47.14100,9.52090" (RFC 5870), five decimals as the card shows them.
    static func geoURI(_ coordinate: Coordinate) -> String {
        "geo:\(NumberText.fixed(coordinate.latitude, digits: 5)),\(NumberText.fixed(coordinate.longitude, digits: 5))"
    }

    /// "https://www.openstreetmap.org/node/123" for a place from OpenStreetMap ("osm:n123", "w…", "r…");
    /// nil for other sources and for an id that is not an element's.
    static func openStreetMapURL(_ id: PlaceID) -> String? {
        guard id.source == .osm, let kind = id.sourceID.first else { return nil }
        let number = id.sourceID.dropFirst()
        guard !number.isEmpty, number.count <= 19, number.allSatisfy({ ("0"..."9").contains($0) }) else { return nil }
        let element: String
        switch kind {
        case "n": element = "node"
        case "w": element = "way"
        case "r": element = "relation"
        default: return nil
        }
        return "https://www.openstreetmap.org/\(element)/\(number)"
    }

    /// "tel:+4235550101": the digits of a phone number, and a leading +; nil when it has no digits.
    static func telURI(_ phone: String) -> String? {
        let kept = phone.unicodeScalars.filter { ("0"..."9").contains($0) || $0 == "+" }
        let digits = String(String.UnicodeScalarView(kept))
        guard digits.contains(where: \.isNumber) else { return nil }
        return "tel:" + digits
    }

    /// A website as a link: "www.example.org" gets "https://"; a URL with a scheme stays as it is.
    static func webURL(_ website: String) -> String {
        let trimmed = website.trimmingBlanks()
        return trimmed.contains("://") ? trimmed : "https://" + trimmed
    }

    static func wheelchair(_ value: String?) -> String? {
        guard let value, !value.isEmpty else { return nil }
        switch value.lowercased() {
        case "yes": return "Accessible"
        case "limited": return "Partly accessible"
        case "no": return "Not accessible"
        case "designated": return "Designed for wheelchairs"
        default: return DisplayText.oneLine(value)
        }
    }

    /// Google's 0–4 price level in words.
    static func priceLevel(_ level: Int?) -> String? {
        guard let level else { return nil }
        let words = ["Free", "Inexpensive", "Moderate", "Expensive", "Very expensive"]
        return words.indices.contains(level) ? words[level] : nil
    }

    /// "italian, pizza" from "italian;pizza".
    static func cuisine(_ cuisine: String?) -> String? {
        guard let cuisine, !cuisine.isEmpty else { return nil }
        let parts = cuisine.split(separator: ";")
            .map { DisplayText.trimmed(String($0)).replacing("_", with: " ") }
            .filter { !$0.isEmpty }
        return parts.isEmpty ? nil : DisplayText.oneLine(parts.joined(separator: ", "))
    }
}

/// Parsed opening hours by source text, so each text is parsed once however often rows are drawn, and the many
/// places that share one text ("Mo-Fr 09:00-18:00") share one parse.
struct ParsedHoursCache {
    private var parsed: [OpeningHoursSource: OpeningHours] = [:]
    private let capacity: Int

    init(capacity: Int = 5_000) {
        self.capacity = capacity
    }

    /// The parsed hours of `place`; nil when it has none.
    mutating func hours(of place: Place) -> OpeningHours? {
        guard let source = place.openingHours else { return nil }
        if let known = parsed[source] { return known }
        if parsed.count >= capacity { parsed.removeAll(keepingCapacity: true) }
        let hours = OpeningHours(source)
        parsed[source] = hours
        return hours
    }

    mutating func removeAll() { parsed.removeAll() }
}

extension PlaceTexts {
    /// "1.2 km on foot · 15 min · 40 m up · via Städtle, Herrengasse": the walk as the detail shows it, the
    /// ascent only when the extract had elevations, at most three way names.
    static func walk(_ route: WalkRoute, pace: WalkingPace, units: UnitSystem) -> String {
        var parts = [DistanceFormatting.distance(route.length, units: units) + " on foot",
                     WalkingTimeText.minutes(route.minutes(at: pace))]
        if let ascent = route.ascent, ascent.isFinite, ascent >= 1 {
            parts.append(DistanceFormatting.distance(ascent, units: units) + " up")
        }
        var names: [String] = []
        for name in route.wayNames.map(DisplayText.oneLine) where !name.isEmpty && !names.contains(name) {
            names.append(name)
        }
        if !names.isEmpty {
            parts.append("via " + names.prefix(3).joined(separator: ", ") + (names.count > 3 ? " …" : ""))
        }
        return parts.joined(separator: " · ")
    }
}
