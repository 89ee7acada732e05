import FoundationEssentials
import NearbyCore

/// Where "here" is: a coordinate and, when known, its name ("Vaduz").
/// What `L` typed that could not be placed, given back so the prompt opens again with it, and the places it
/// could mean when it names several (picked with Tab instead of typed as coordinates).
public struct LocationRetry: Hashable, Sendable {
    /// One place the text could mean, with how the prompt names it ("Triesen (village, 47.107, 9.528)").
    public struct Choice: Hashable, Sendable {
        public var label: String
        public var location: HomeLocation

        public init(label: String, location: HomeLocation) {
            self.label = label
            self.location = location
        }
    }

    public var text: String
    public var choices: [Choice]

    public init(text: String, choices: [Choice] = []) {
        self.text = text
        self.choices = choices
    }
}

public struct HomeLocation: Hashable, Sendable {
    public var coordinate: Coordinate
    public var name: String?
    /// No place is known yet (an empty store, no `--near`): the coordinate only stands in, and is not shown.
    public var isPlaceholder: Bool

    public init(coordinate: Coordinate, name: String? = nil, isPlaceholder: Bool = false) {
        self.coordinate = coordinate
        self.name = name
        self.isPlaceholder = isPlaceholder
    }

    /// Where Home stands before any place is known.
    public static let unknown = HomeLocation(coordinate: Coordinate(latitude: 0, longitude: 0), name: "no location yet",
                                             isPlaceholder: true)
}

/// What Home needs: the services, where here is, the clock, and where its intents go.
@MainActor
public struct HomeContext {
    public var places: any PlacesProvider
    public var friends: any FriendsRepository
    public var navigator: Navigator
    public var here: HomeLocation
    /// Metres around here that Home looks at.
    public var radius: Double
    public var units: UnitSystem
    /// The clock opening hours are evaluated against (the chosen time when `evaluationTime` has one).
    public var now: @Sendable () -> Date
    /// The clock itself, for what ages in real time whatever time is chosen (how old the data is).
    public var clock: @Sendable () -> Date
    /// Each position's wall clock: a place's hours are read in its own zone.
    public var zones: PlaceZones
    /// The clock of here.
    public var timeZone: ZoneRules { zones.zone(at: here.coordinate) }
    /// Whether the navigator's routes offer the Regions screen (a store of extracts, not a live source).
    public var offersRegions = false
    /// The time the user chose instead of now, shared by every screen; nil: always the clock.
    public var evaluationTime: EvaluationTime?
    /// Which public holidays apply to a place.
    public var holidays: HolidayDirectory
    /// Places what the user typed to move here ("47.14,9.52", a town, "gps"); nil: here cannot move. A place
    /// found with an empty name is shown by its coordinates alone.
    public var locate: (@Sendable (String) async -> PlaceNameLookup)?
    /// Remembers a place moved to, so that the next start opens there.
    public var remember: (@MainActor (HomeLocation) -> Void)?
    /// With `--near gps`: where here is while the walker moves; Home follows it and shows its accuracy.
    public var hereTracker: HereTracker?
    /// Walking times on the store's paths for the rows and picks shown; nil (a live source): distances only.
    public var walking: (any WalkingRouter)?
    public var walkingPace = WalkingPace.standard
    /// Fetches places' pictures (the hot pick's); nil where none may be fetched.
    public var pictures: (any PictureFetching)?
    /// Where favourites are saved, for the Favourites section and the ★ on rows; nil hides them.
    public var favourites: (any FavouritesStore)?
    /// News of favourites saved or forgotten on other screens, so the section follows on return.
    public var favouriteChanges: FavouriteChanges?
    /// The time the data of the imported extract around a point is from (nil: no extract holds it, or a live
    /// source): the header says so when it is older than `staleExtractAge`.
    public var extractDate: (@Sendable (Coordinate) -> Date?)?
    /// Bumped when a region was downloaded, updated or removed (the Regions screen): Home loads again.
    public var dataChanged: Observable<Int>?
    /// Where here is by the data (the store's largest town near the middle of its places), for a Home that
    /// started at no location when the first region arrives; nil: Home stays where it is.
    public var defaultHere: (@Sendable () async -> HomeLocation?)?
    /// Data older than this is worth an update: a month of closures and openings.
    public static let staleExtractAge: TimeInterval = 30 * 86_400

    public init(places: any PlacesProvider, friends: any FriendsRepository, navigator: Navigator,
                here: HomeLocation, radius: Double = 2_000, units: UnitSystem = .metric,
                now: @escaping @Sendable () -> Date = { Date() }, timeZone: ZoneRules = .current,
                zones: PlaceZones? = nil,
                evaluationTime: EvaluationTime? = nil,
                holidays: HolidayDirectory = .builtIn) {
        self.evaluationTime = evaluationTime
        self.holidays = holidays
        self.places = places
        self.friends = friends
        self.navigator = navigator
        self.here = here
        self.radius = radius
        self.units = units
        if let source = evaluationTime?.source {
            self.now = { source.now() }
            self.clock = source.clock
        } else {
            self.now = now
            self.clock = now
        }
        self.zones = zones ?? .fixed(timeZone)
    }
}
