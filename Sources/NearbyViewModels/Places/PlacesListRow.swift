import NearbyCore

/// One row of a places list, as the view draws it.
public enum PlacesListRow: Hashable, Sendable {
    case place(PlaceRowModel)
    /// A spinner and what is loading (the whole list).
    case loading(String)
    /// Cannot be opened; the list's retry key loads it again.
    case error(String)
    /// Nothing found, and what would find something, so the view names the key that does it.
    case empty(String, remedy: EmptyPlacesRemedy?)
    /// The last row while the next page loads.
    case moreLoading(String)
}

/// What would fill an empty places list; the view names the key its map binds for it.
public enum EmptyPlacesRemedy: Hashable, Sendable {
    /// A wider radius could find more.
    case widenRadius
    /// Favourites are saved on a place's detail.
    case saveOnADetail
}

/// A place as one list row shows it; every text is safe to draw.
public struct PlaceRowModel: Hashable, Sendable {
    public var id: PlaceID
    public var name: String
    /// Cuisine, address or operator (may be empty).
    public var subtitle: String
    /// "Café".
    public var category: String
    /// "120 m NE".
    public var distance: String
    /// "open · until 18:00", "closed · opens Mo 07:30", "hours unknown".
    public var openState: String
    /// For colouring the open-state text.
    public var openness: OpeningState
    /// Open and closing within the hour ("closes in 20 min"): the colour for closing soon.
    public var isClosingSoon: Bool
    /// Open now (the view colours it).
    public var isOpen: Bool { openness == .open }
    /// "4.5 ★ (1,234)"; nil when the source has no rating.
    public var rating: String?
    /// The detailed layout's second line: "Market Square 12 · Mo-Fr 08:00-18:00".
    public var detailLine: String
    /// Walking time by the paths ("7 min", "no path"); nil while unknown or when the source has no paths.
    public var walk: String?
    /// Whether the place is a favourite, and how a change made from the list stands (the row's ★, ✗).
    public var favourite: FavouriteState
    /// The place's picture, for the detailed layout's thumbnail; nil when its source names none.
    public var picture: RemotePicture?

    public init(id: PlaceID, name: String, subtitle: String, category: String, distance: String, openState: String,
                openness: OpeningState, rating: String?, detailLine: String, isClosingSoon: Bool = false,
                walk: String? = nil, favourite: FavouriteState = .normal(isFavourite: false),
                picture: RemotePicture? = nil) {
        self.favourite = favourite
        self.picture = picture
        self.isClosingSoon = isClosingSoon
        self.walk = walk
        self.id = id
        self.name = name
        self.subtitle = subtitle
        self.category = category
        self.distance = distance
        self.openState = openState
        self.openness = openness
        self.rating = rating
        self.detailLine = detailLine
    }
}
