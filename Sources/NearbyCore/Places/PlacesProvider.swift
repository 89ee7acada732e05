import FoundationEssentials

/// What a list asks for: places around a point, of one category or all, optionally matching a text.
public struct PlaceQuery: Hashable, Sendable {
    public var center: Coordinate
    public var radius: Double
    public var category: Category?
    public var searchText: String?
    public var limit: Int
    /// How complete an answer the caller needs, which tells a live source how many requests it may spend.
    public var reach: PlaceQueryReach

    public init(center: Coordinate, radius: Double, category: Category? = nil, searchText: String? = nil,
                limit: Int = 50, reach: PlaceQueryReach = .complete) {
        self.center = center
        self.radius = radius
        self.category = category
        self.searchText = searchText
        self.limit = limit
        self.reach = reach
    }
}

/// A place with where it lies from the query's centre.
public struct PlaceHit: Hashable, Sendable, Identifiable {
    public var place: Place
    /// Metres from the centre.
    public var distance: Double
    /// Initial bearing from the centre, degrees clockwise from north.
    public var bearing: Double

    public var id: PlaceID { place.id }

    public init(place: Place, distance: Double, bearing: Double) {
        self.place = place
        self.distance = distance
        self.bearing = bearing
    }
}

/// Where to continue a paged query; opaque to callers.
public struct PageCursor: Hashable, Sendable {
    public var token: String
    public init(token: String) { self.token = token }
}

/// One page of results, nearest first, and how to get the next.
public struct PlacesPage: Hashable, Sendable {
    public var hits: [PlaceHit]
    /// Nil when there is no more.
    public var next: PageCursor?
    /// Attribution text the source wants shown with these results.
    public var attributions: [String]
    /// When a live source fetched these results, if they come from its cache; nil for the local store.
    public var fetchedAt: Date?
    /// The source stopped short: more places match within the radius than it returns (Google gives the
    /// nearest 20 at most), so the page is the nearest ones, not all of them.
    public var isCapped: Bool

    public init(hits: [PlaceHit], next: PageCursor?, attributions: [String] = [], fetchedAt: Date? = nil,
                isCapped: Bool = false) {
        self.hits = hits
        self.next = next
        self.attributions = attributions
        self.fetchedAt = fetchedAt
        self.isCapped = isCapped
    }
}

/// Why a places request failed, in terms a screen can turn into words.
public enum PlacesError: Error, Hashable, Sendable {
    /// The network could not be reached, or timed out.
    case network(String)
    /// The service refused (bad key, quota, denied).
    case refused(String)
    /// The service was reached but could not serve now (a server error); the detail is a sentence for users.
    case unavailable(String)
    /// The service answered something that could not be read.
    case badResponse(String)
    /// The id names nothing.
    case notFound
    /// The local store failed.
    case storage(String)
}

/// A source of places: the local store, Overpass, Google. Screens see only this.
public protocol PlacesProvider: Sendable {
    /// The nearest places matching the query, nearest first, one page at a time.
    func places(_ query: PlaceQuery, after cursor: PageCursor?) async throws(PlacesError) -> PlacesPage
    /// One place with every detail the source has.
    func place(id: PlaceID, from center: Coordinate) async throws(PlacesError) -> PlaceHit
    /// How many places match within the radius (all categories when nil).
    func count(near center: Coordinate, radius: Double, category: Category?) async throws(PlacesError) -> Int
    /// How many places match the query (its search text aside), as far as the source can tell without
    /// spending more requests than the query's reach allows. The local store counts exactly.
    func count(_ query: PlaceQuery) async throws(PlacesError) -> PlaceCount
    /// Fetches what `query` covers again from a live source, whatever its cache holds, so that the answers
    /// that follow are new (`r` on a screen). Nothing for the local store.
    func refresh(_ query: PlaceQuery) async throws(PlacesError)
    /// Whether places come from a live service (Overpass, Google) rather than a store the user fills: an
    /// empty area there says nothing about imports.
    var isLive: Bool { get }
    /// Names close to what a search that found nothing typed, for "did you mean …?"; none where the source
    /// cannot tell (the live services).
    func nameSuggestions(for text: String, near center: Coordinate) async -> [String]
}

extension PlacesProvider {
    public func nameSuggestions(for text: String, near center: Coordinate) async -> [String] { [] }
}

/// Favourite places, saved locally.
public protocol FavouritesStore: Sendable {
    func isFavourite(_ id: PlaceID) async throws(PlacesError) -> Bool
    func setFavourite(_ id: PlaceID, _ favourite: Bool) async throws(PlacesError)
    /// Saves or forgets `place` as a favourite, keeping its name, category and position so that it can be
    /// listed even once the place is gone from the data.
    func setFavourite(_ place: Place, _ favourite: Bool) async throws(PlacesError)
    func favourites() async throws(PlacesError) -> [PlaceID]
    /// Every favourite with its place (or what is known of a place gone from the data), in `order`.
    func favouritePlaces(order: FavouritesOrder) async throws(PlacesError) -> [FavouritePlace]
}

extension FavouritesStore {
    public func setFavourite(_ place: Place, _ favourite: Bool) async throws(PlacesError) {
        try await setFavourite(place.id, favourite)
    }
}
