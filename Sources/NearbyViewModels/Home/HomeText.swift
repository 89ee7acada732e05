import FoundationEssentials
import NearbyCore

/// The words Home shows, in one place so that they stay consistent.
public enum HomeText {
    /// What Home says when the store holds no place at all.
    public static let emptyStore = "No places yet — import an extract (nearby import FILE), use a live source "
        + "(--source overpass), or try the demo (nearby --demo)"

    /// "Vaduz (47.1410, 9.5209)", or the coordinates alone without a name.
    public static func location(_ here: HomeLocation) -> String {
        let coordinates = DisplayText.decimal(here.coordinate.latitude, places: 4) + ", "
            + DisplayText.decimal(here.coordinate.longitude, places: 4)
        guard let name = here.name.map(DisplayText.oneLine), !name.isEmpty else { return coordinates }
        return "\(name) (\(coordinates))"
    }

    /// "2 km", "500 m", "1.5 km": the radius without a needless ".0".
    public static func radius(_ metres: Double, units: UnitSystem) -> String {
        let text = DistanceFormatting.distance(metres, units: units)
        return text.replacing(".0 ", with: " ")
    }

    /// "1,311 places within 2 km".
    public static func summary(count: Int, radius: Double, units: UnitSystem) -> String {
        let noun = count == 1 ? "place" : "places"
        return "\(DisplayText.count(count)) \(noun) within \(Self.radius(radius, units: units))"
    }

    /// "No places within 2 km" (the store has places, just none here).
    public static func nothingWithin(radius: Double, units: UnitSystem) -> String {
        "No places within \(Self.radius(radius, units: units))"
    }

    /// "Nothing open within 2 km right now".
    public static func nothingOpen(radius: Double, units: UnitSystem) -> String {
        "Nothing open within \(Self.radius(radius, units: units)) right now"
    }

    /// "Closest cafés".
    public static func sectionTitle(_ category: Category) -> String {
        "Closest \(category.pluralName)"
    }

    /// "café", "fast food", "ATM": the category inside a sentence.
    public static func categoryWord(_ category: Category) -> String {
        let name = category.displayName
        return name == name.uppercased() ? name : name.lowercased()
    }

    /// "Café Amadeus · café · 120 m NE · open until 18:00".
    public static func hotPick(name: String, category: Category, distance: String, status: OpeningStatus,
                               timeZone: TimeZone) -> String {
        [name, categoryWord(category), distance, openNow(status, timeZone: timeZone)].joined(separator: " · ")
    }

    /// "open until 18:00", "open 24/7", "open": the state of a place known to be open, as part of a sentence.
    static func openNow(_ status: OpeningStatus, timeZone: TimeZone) -> String {
        if status.isOpenEnd { return "open" }
        let row = status.rowText(timeZone: timeZone)
        return row.hasPrefix("open · ") ? "open " + row.dropFirst("open · ".count) : row
    }

    /// Why loading places failed, in words for this screen.
    public static func placesFailure(_ error: PlacesError) -> String {
        switch error {
        case .network: "Loading failed, check network connection"
        case .refused(let detail): "The places service refused: \(sentence(detail))"
        case .unavailable(let detail): sentence(detail)
        case .badResponse: "The places service answered something unreadable."
        case .notFound: "Could not complete request, please try again."
        case .storage(let detail): "Could not read places: \(sentence(detail))"
        }
    }

    /// Outside text made one safe line ending in a full stop.
    static func sentence(_ text: String) -> String {
        let line = DisplayText.trimmed(DisplayText.oneLine(text))
        if line.isEmpty { return "unknown reason." }
        if let last = line.last, ".!?".contains(last) { return line }
        return line + "."
    }
}
