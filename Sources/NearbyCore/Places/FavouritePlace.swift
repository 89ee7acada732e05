import FoundationEssentials

/// A saved favourite: its place as the data has it now, or, when the place is no longer in the data (a newer
/// import dropped it), what it was when last seen, so the favourite can still be listed and forgotten.
public struct FavouritePlace: Hashable, Sendable, Identifiable {
    public var id: PlaceID
    public var savedAt: Date
    /// The place as the data has it now; nil when it is no longer in the data.
    public var place: Place?
    /// The place's name, now or when last seen (the id's text when nothing was ever known of it).
    public var name: String
    public var category: Category?
    public var coordinate: Coordinate?

    /// Whether the place is no longer in the data.
    public var isGone: Bool { place == nil }

    public init(id: PlaceID, savedAt: Date, place: Place?, name: String, category: Category?,
                coordinate: Coordinate?) {
        self.id = id
        self.savedAt = savedAt
        self.place = place
        self.name = name
        self.category = category
        self.coordinate = coordinate
    }
}

/// How a favourites list is ordered. Places no longer in the data come after the others, in the same order.
public enum FavouritesOrder: Hashable, Sendable {
    /// The latest saved first.
    case recent
    /// By name, ignoring case and accents.
    case name
    /// Nearest first.
    case distance(from: Coordinate)
}
