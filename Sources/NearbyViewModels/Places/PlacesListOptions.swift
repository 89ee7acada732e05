import FoundationEssentials
import NearbyCore

/// What a places list shows: one category, every place, or what matches a search.
public enum PlacesListSubject: Hashable, Sendable {
    case category(Category)
    case all
    case search(String)

    var category: Category? {
        if case .category(let category) = self { return category }
        return nil
    }

    var searchText: String? {
        if case .search(let text) = self { return text }
        return nil
    }

    /// "Cafés", "Places", "“pizza”" for the title.
    var titleText: String {
        switch self {
        case .category(let category): category.pluralName.prefix(1).uppercased() + category.pluralName.dropFirst()
        case .all: "Places"
        case .search(let text): "“\(DisplayText.oneLine(text))”"
        }
    }

    /// "cafés", "places" inside a sentence.
    var pluralText: String {
        switch self {
        case .category(let category): category.pluralName
        case .all, .search: "places"
        }
    }
}

/// The orders `s` cycles through.
public enum PlacesSortOrder: String, CaseIterable, Hashable, Sendable {
    case distance, walkingTime, name, rating, openFirst

    /// "by distance", shown in the title.
    public var title: String {
        switch self {
        case .distance: "by distance"
        case .walkingTime: "by walking time"
        case .name: "by name"
        case .rating: "by rating"
        case .openFirst: "open first"
        }
    }

    /// The next order for `s`.
    public var next: PlacesSortOrder {
        let all = Self.allCases
        let index = all.firstIndex(of: self) ?? 0
        return all[(index + 1) % all.count]
    }
}

/// How rows are drawn: one line a place, or two (name line, then address and hours).
public enum PlacesLayout: String, CaseIterable, Hashable, Sendable {
    case compact, detailed

    public var toggled: PlacesLayout { self == .compact ? .detailed : .compact }
}

/// The radii `+` and `-` step through, in metres.
public enum SearchRadius {
    public static let steps: [Double] = [250, 500, 1_000, 2_000, 5_000, 10_000, 20_000, 50_000]
    public static let standard = 2_000.0
    /// The widest radius anyone may ask for, in the app (`--radius`, `+`) and the commands alike; a search by
    /// name looks `everywhere` instead.
    public static let widest = 50_000.0
    /// Half the earth's circumference: a radius that holds every place (a search of the whole store).
    public static let everywhere = 20_037_509.0

    /// "within 2 km", or "anywhere" for a radius that holds every place.
    public static func within(_ metres: Double, units: UnitSystem) -> String {
        metres >= everywhere ? "anywhere" : "within " + text(metres, units: units)
    }

    /// The next larger step, or nil at the largest.
    public static func wider(than radius: Double) -> Double? { steps.first { $0 > radius } }

    /// The next smaller step, or nil at the smallest.
    public static func narrower(than radius: Double) -> Double? { steps.last { $0 < radius } }

    /// "2 km", "500 m", "1.2 mi": a radius as a sentence says it (no needless ".0").
    public static func text(_ metres: Double, units: UnitSystem) -> String {
        DistanceFormatting.radius(metres, units: units)
    }
}
