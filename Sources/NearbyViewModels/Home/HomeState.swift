import FoundationEssentials
import NearbyCore

/// Everything Home knows, as one value: where it stands, how far it looks, and each section's answer. Only
/// `apply(_:in:)` (HomeState+Apply.swift) changes it; the view model runs the effects that returns and
/// builds the sections the screen shows from it.
///
/// Every section loads and fails on its own: one task per category (its closest places, which also give its
/// hot pick), one for the counts per category, one for the total, one for friends, one for favourites.
struct HomeState {
    /// The total around here, and when it is zero whether the store holds places anywhere.
    struct Total: Hashable, Sendable {
        var within: PlaceCount
        var anywhere: Bool
    }

    /// One category's places as the source answered them.
    struct Feed: Sendable {
        var candidates: [HomeCandidate]
        /// When a live source fetched them; nil for the local store.
        var fetchedAt: Date?
        var attributions: [String]
    }

    /// Where Home stands: the context's at first, then wherever it was moved.
    var here: HomeLocation
    /// How far Home looks: the context's at first, then whatever a list opened from Home was widened or
    /// narrowed to with + and -, so that coming back shows the same area.
    var radius: Double
    var hasStarted = false
    var isClosed = false
    var total = Loadable<Total, PlacesError>()
    var counts = Loadable<[CategoryCount], PlacesError>()
    var feeds: [Category: Loadable<Feed, PlacesError>] = [:]
    var friends = Loadable<[Friend], FriendsError>()
    /// Every favourite, nearest first: the section shows the first few, the ★ marks them all.
    var favourites = Loadable<[FavouritePlace], PlacesError>()
    /// The category of the hot pick shown, so the page stays put while other picks arrive or leave.
    var pickCategory: Category?
    /// Walking minutes of the rows and picks shown, from one search once every section has answered.
    var walking = WalkingTimes()
    /// A place typed that could not be placed: what was typed, and the towns to choose from.
    var locationRetry: LocationRetry?

    init(here: HomeLocation, radius: Double) {
        self.here = here
        self.radius = radius
    }

    /// The sections that failed, in the order Home shows them.
    var failedSections: [HomeSectionID] {
        var failed: [HomeSectionID] = []
        if total.hasFailed { failed.append(.count) }
        if counts.hasFailed { failed.append(.categories) }
        for category in Category.allCases where feeds[category]?.hasFailed ?? false { failed.append(.category(category)) }
        if friends.hasFailed { failed.append(.friends) }
        if favourites.hasFailed { failed.append(.favourites) }
        return failed
    }
}

/// What Home needs from outside to decide: what kind of source it reads and which services it has.
struct HomeEnvironment {
    /// A live source answers every places section from one fetch of the area.
    var isLive: Bool
    var hasFavourites: Bool
    var canLocate: Bool
    var hasRouter: Bool
    /// The data can say where here is (`HomeContext.defaultHere`).
    var canFindStart = false
}

/// The parts of Home's screen built from the state, which an effect asks to build again.
struct HomeParts: OptionSet, Hashable {
    let rawValue: Int
    static let header = HomeParts(rawValue: 1)
    static let categories = HomeParts(rawValue: 2)
    /// Favourites, the sections of the categories, the hot picks and the attribution.
    static let places = HomeParts(rawValue: 4)
    static let friends = HomeParts(rawValue: 8)
    static let locationRetry = HomeParts(rawValue: 16)
}

/// What can happen to Home: what the user does, what the world does, and what comes back.
enum HomeEvent {
    case load
    /// `r`: a live source is asked for the area again first.
    case refresh
    case retry(HomeSectionID)
    case retryFailed
    /// The time opening hours are read at changed, or the minute turned: the words are made again.
    case timeChanged
    /// A GPS fix past the tracker's threshold.
    case hereMoved(Coordinate)
    /// `L`: what the user typed, to be placed.
    case moveTyped(String)
    /// One of the towns offered after an ambiguous name.
    case moveChosen(HomeLocation)
    /// The radius of a list opened from Home changed.
    case radiusAdopted(Double)
    /// A favourite was saved or forgotten on another screen.
    case favouritesChanged
    /// A friend was edited or deleted on the detail opened from Home.
    case friendChanged
    /// The hot pick the user paged to.
    case pickShown(Category?)
    /// The places shown, whose walks are wanted.
    case placesShown([PlaceHit])
    case closed

    case areaRefreshed(PlacesError?)
    case totalLoaded(Result<HomeState.Total, PlacesError>)
    case countsLoaded(Result<[CategoryCount], PlacesError>)
    case feedLoaded(Category, Result<HomeState.Feed, PlacesError>)
    case friendsLoaded(Result<[Friend], FriendsError>)
    case favouritesLoaded(Result<[FavouritePlace], PlacesError>)
    case located(PlaceNameLookup, typed: String)
    /// The data changed (a region downloaded, updated or removed on the Regions screen).
    case dataChanged
    /// Where the data now says here is, asked for because here was only a placeholder (nil: still nowhere).
    case startFound(HomeLocation?)
    case walksArrived(Result<[WalkEstimate?], RoutingError>, for: [PlaceHit], here: Coordinate)
}

/// What Home asks its view model to do after an event.
enum HomeEffect: Hashable {
    case loadTotal(center: Coordinate, radius: Double)
    case loadCounts(center: Coordinate, radius: Double)
    case loadCategory(Category, center: Coordinate, radius: Double)
    case loadFriends
    case loadFavourites(nearestTo: Coordinate)
    /// Asks a live source for the area again, whatever its cache holds.
    case refreshArea(center: Coordinate, radius: Double)
    case locate(String, typed: String)
    /// Asks the data where here should be (the first region came while here was a placeholder).
    case findStart
    case walks([PlaceHit], here: Coordinate)
    /// Typed times are this place's from now on, as its hours are.
    case adoptZone(of: Coordinate)
    /// The next start opens here.
    case remember(HomeLocation)
    case say(StatusMessage)
    case publish(HomeParts)
}
