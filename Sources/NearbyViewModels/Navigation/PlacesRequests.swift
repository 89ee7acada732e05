import NearbyCore

/// What a places list should show: the intent data Home hands to whoever builds the list screen.
public struct PlacesListRequest: Hashable, Sendable {
    /// Where "here" is, and its name when it has one ("Vaduz").
    public var center: Coordinate
    public var centerName: String?
    /// Metres around `center`.
    public var radius: Double
    /// One category, or every category when nil.
    public var category: Category?
    /// A search text, when the list is a search.
    public var searchText: String?

    public init(center: Coordinate, centerName: String? = nil, radius: Double, category: Category? = nil,
                searchText: String? = nil) {
        self.center = center
        self.centerName = centerName
        self.radius = radius
        self.category = category
        self.searchText = searchText
    }
}

/// Which place a detail screen should show, with what the opener already knows of it.
public struct PlaceDetailRequest: Hashable, Sendable {
    /// The place as found (distance and bearing from `center`); the detail screen may fetch more.
    public var hit: PlaceHit
    /// Where "here" is, for distances and the map.
    public var center: Coordinate
    public var radius: Double

    public init(hit: PlaceHit, center: Coordinate, radius: Double) {
        self.hit = hit
        self.center = center
        self.radius = radius
    }

    public var placeID: PlaceID { hit.place.id }
}
