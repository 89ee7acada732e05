import FoundationEssentials
import NearbyCore

/// What every places view model needs, handed from the list to the detail it opens.
public struct PlacesContext {
    public var provider: any PlacesProvider
    /// Where favourites are saved; nil hides the favourite action.
    public var favourites: (any FavouritesStore)?
    /// Friends for "friends near this place" and meeting points; nil hides them.
    public var friends: (any FriendsRepository)?
    public var navigator: Navigator
    /// Where "here" is: distances and bearings are measured from it.
    public var here: Coordinate
    public var units: UnitSystem
    /// Each position's wall clock: a place's hours are read in its own zone.
    public var zones: PlaceZones
    /// The clock of here: typed times, "tomorrow" and midnight are here's.
    public var timeZone: ZoneRules { zones.zone(at: here) }
    /// The clock opening states are evaluated against (the chosen time when `evaluationTime` has one);
    /// tests move it by hand.
    public var now: @Sendable () -> Date
    /// The clock itself, for what ages in real time whatever time is chosen (how old the data is).
    public var clock: @Sendable () -> Date
    /// The time the user chose instead of now, shared by every screen; nil: always the clock.
    public var evaluationTime: EvaluationTime?
    /// Which public holidays apply to a place.
    public var holidays: HolidayDirectory
    /// Walking times on the store's paths; nil (a live source) shows straight-line distances and says so.
    public var walking: (any WalkingRouter)?
    public var walkingPace: WalkingPace
    /// With `--near gps`: lists start from its position and move with it. Nil: here stays put.
    public var hereTracker: HereTracker?
    /// Whether the source rates places (Google does, OpenStreetMap does not): without ratings, `s` skips the
    /// order "by rating", which would only repeat the distance order.
    public var sourceHasRatings: Bool
    /// Where a favourite saved or forgotten on one screen is told to the others; nil: each screen alone.
    public var favouriteChanges: FavouriteChanges?
    /// The order, rows and radius the user last chose, kept between runs; nil: every list starts as standard.
    public var preferences: ListPreferencesHolder?
    /// Fetches places' pictures; nil where none may be fetched (the local source, unless `fetch_pictures`).
    public var pictures: (any PictureFetching)?

    public init(provider: any PlacesProvider, favourites: (any FavouritesStore)? = nil,
                friends: (any FriendsRepository)? = nil, navigator: Navigator, here: Coordinate,
                units: UnitSystem = .metric, timeZone: ZoneRules = .current, zones: PlaceZones? = nil,
                now: @escaping @Sendable () -> Date = { Date() }, evaluationTime: EvaluationTime? = nil,
                holidays: HolidayDirectory = .builtIn, walking: (any WalkingRouter)? = nil,
                walkingPace: WalkingPace = .standard, sourceHasRatings: Bool = true) {
        self.evaluationTime = evaluationTime
        self.holidays = holidays
        self.walking = walking
        self.walkingPace = walkingPace
        self.sourceHasRatings = sourceHasRatings
        self.provider = provider
        self.favourites = favourites
        self.friends = friends
        self.navigator = navigator
        self.here = here
        self.units = units
        self.zones = zones ?? .fixed(timeZone)
        if let source = evaluationTime?.source {
            self.now = { source.now() }
            self.clock = source.clock
        } else {
            self.now = now
            self.clock = now
        }
    }

    /// "120 m NE" from here to `coordinate`.
    func distanceText(to coordinate: Coordinate) -> String {
        DistanceFormatting.distance(here.distance(to: coordinate), bearing: here.bearing(to: coordinate), units: units)
    }

    /// The first instant of the next local day after `date`: day-relative words ("tomorrow", "Mo") change then.
    func nextMidnight(after date: Date) -> Date? {
        timeZone.instant(of: LocalDateTime(day: timeZone.localDateTime(at: date).day.next, secondOfDay: 0))
    }

    /// Where `place`'s hours are read: its own zone, its position, its country's holidays.
    func hoursContext(for place: Place) -> HoursContext {
        HoursContext(place: place, zone: zones.zone(for: place), holidays: holidays)
    }

    /// The wall clock of `place`.
    func zone(for place: Place) -> ZoneRules { zones.zone(for: place) }

    /// Whether the user chose a time: then nothing changes as the clock runs.
    var timeIsChosen: Bool { evaluationTime?.source.isChosen ?? false }
}
