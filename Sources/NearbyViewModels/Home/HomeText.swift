import FoundationEssentials
import NearbyCore

/// The words Home shows, in one place so that they stay consistent.
public enum HomeText {
    /// Why a typed location could not be used, for the status line.
    /// - Parameter picking: the prompt offers the candidates on Tab.
    public static func locationProblem(_ answer: PlaceNameLookup, for text: String, picking: Bool = false) -> String {
        let name = DisplayText.oneLine(text)
        switch answer {
        case .found: return ""
        case .ambiguous(let candidates):
            if picking { return "“\(name)” could mean \(candidates.count) places: Tab picks one, Enter moves there" }
            let list = candidates.prefix(3).map(choice)
            return "“\(name)” could mean \(list.joined(separator: "; ")): type LAT,LON to pick one"
        case .unknown:
            return "No town called “\(name)” in the data: type LAT,LON (such as -33.87,151.21) or gps"
        case .misspelt(let suggestions):
            return "No town called “\(name)” in the data. Did you mean "
                + PlaceNameLookup.quotedList(suggestions.map(DisplayText.oneLine)) + "?"
        case .unavailable(let reason):
            return "Cannot move to “\(name)”: \(DisplayText.oneLine(reason))"
        }
    }

    /// One of the places a name could mean: "Triesen (village, 47.107, 9.528)".
    public static func choice(_ locality: Locality) -> String {
        "\(DisplayText.oneLine(locality.name)) (\(locality.kind.rawValue), "
            + CoordinateText.format(locality.coordinate, digits: 3) + ")"
    }

    /// What Home says when the store holds no place at all.
    public static let emptyStore = "No places yet — download a region (nearby download NAME; R lists yours), "
        + "import an extract (nearby import FILE), use a live source (--source overpass), or try the demo (nearby --demo)"

    /// "Vaduz (47.1410, 9.5209)", or the coordinates alone without a name; the name alone ("no location
    /// yet") when no place is known.
    public static func location(_ here: HomeLocation) -> String {
        let name = here.name.map(DisplayText.oneLine) ?? ""
        if here.isPlaceholder { return name.isEmpty ? "no location yet" : name }
        let coordinates = CoordinateText.format(here.coordinate, digits: 4)
        guard !name.isEmpty else { return coordinates }
        return "\(name) (\(coordinates))"
    }

    /// "No places to pick from yet": the hot picks' line when the store is empty (the notice above says what
    /// to do, once).
    public static let nothingToPick = "No places to pick from yet"

    /// "2 km", "500 m", "1.5 km": the radius without a needless ".0".
    public static func radius(_ metres: Double, units: UnitSystem) -> String {
        DistanceFormatting.radius(metres, units: units)
    }

    /// "1,311 places within 2 km"; "60+ places within 2 km" from a source that may not have said all.
    public static func summary(count: Int, isExact: Bool = true, radius: Double, units: UnitSystem) -> String {
        let noun = count == 1 && isExact ? "place" : "places"
        let number = DisplayText.count(count) + (isExact ? "" : "+")
        return "\(number) \(noun) within \(Self.radius(radius, units: units))"
    }

    /// "No places within 2 km" (the store has places, just none here).
    public static func nothingWithin(radius: Double, units: UnitSystem) -> String {
        "No places within \(Self.radius(radius, units: units))"
    }

    /// "Nothing open within 2 km right now".
    public static func nothingOpen(radius: Double, units: UnitSystem) -> String {
        "Nothing open within \(Self.radius(radius, units: units)) right now"
    }

    /// "Friends within 2 km", "Friends within 2 km · nearest 5 of 7".
    public static func friendsTitle(shown: Int, of total: Int, radius: Double, units: UnitSystem) -> String {
        let title = "Friends within \(Self.radius(radius, units: units))"
        return shown < total ? "\(title) · nearest \(shown) of \(DisplayText.count(total))" : title
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
                               timeZone: ZoneRules) -> String {
        [name, categoryWord(category), distance, openNow(status, timeZone: timeZone)].joined(separator: " · ")
    }

    /// "open until 18:00", "open 24/7", "closes in 20 min", "open": the state of a place known to be open,
    /// as part of a sentence.
    static func openNow(_ status: OpeningStatus, timeZone: ZoneRules) -> String {
        if status.isOpenEnd { return "open" }
        let row = status.rowText(timeZone: timeZone)
        if status.isClosingSoon, row.hasPrefix("open · ") { return String(row.dropFirst("open · ".count)) }
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
