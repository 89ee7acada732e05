import FoundationEssentials
import NearbyCore

/// What the Home view reads and calls, so a render test can hand it a stub.
@MainActor
public protocol HomeViewModelType: AnyObject {
    /// Where here is and how many places lie around it.
    var header: Observable<HomeHeader> { get }
    /// The header spinner: any section is loading.
    var isLoading: Observable<Bool> { get }
    /// The closest open place of each category, one page each.
    var hotPicks: Observable<HotPicksState> { get }
    /// Categories with places around here, with their counts.
    var categories: Observable<HomeSectionContent<[CategoryCount]>> { get }
    /// One section per category with places (or whose loading failed), in category order.
    var sections: Observable<[HomePlacesSection]> { get }
    /// Nil while there is nothing to show (no friend has a location, or still loading).
    var friendsSection: Observable<HomeFriendsSection?> { get }
    /// The nearest favourites; nil while there are none (or no favourites store, or still loading).
    var favouritesSection: Observable<HomeFavouritesSection?> { get }
    /// A screen-wide note: the empty store's directions, or "No places within 2 km".
    var notice: Observable<String?> { get }
    /// The next instant something shown changes by the clock alone; the view redraws then and calls
    /// `refreshTimes()`. Nil when nothing shown will change.
    var nextRefresh: Observable<Date?> { get }
    /// The time opening hours are evaluated at, shared by every screen (`t` chooses one, the header shows
    /// it); nil: always now.
    var evaluationTime: EvaluationTime? { get }
    var status: Observable<StatusMessage?> { get }
    /// The sources' attributions for the places shown ("Google Maps", "© OpenStreetMap contributors").
    var attribution: Observable<String> { get }

    func load()
    /// Loads every section again, keeping what is shown until the new results arrive.
    func refresh()
    /// Loads one section again.
    func retry(_ section: HomeSectionID)
    /// Loads every failed section again; with none failed, refreshes.
    func retryFailed()
    /// Re-evaluates opening hours against the clock (the view calls this at `nextRefresh`).
    func refreshTimes()
    func pageLeft()
    func pageRight()
    func openHotPick()
    /// The hot pick's picture; nil where pictures are not fetched.
    var thumbnails: PlaceThumbnails? { get }
    func openCategory(_ category: Category)
    /// A places list of what matches `text` around here.
    func openSearch(_ text: String)
    /// The saved favourites.
    func openFavourites()
    /// The imported regions (nothing where the app has no store of extracts).
    func openRegions()
    /// Whether there is a Regions screen (the local store of a real data folder; not the demo, not a live source).
    var canOpenRegions: Bool { get }
    /// Moves here to a town, "LAT,LON" or "gps", and loads everything around it.
    func moveHere(to text: String)
    /// Moves here to one of the places a `LocationRetry` offered.
    func moveHere(to location: HomeLocation)
    /// Set when what `moveHere(to:)` was given could not be placed: the prompt opens again with it.
    var locationRetry: Observable<LocationRetry?> { get }
    func openPlace(_ id: PlaceID)
    func openFriend(_ id: Friend.ID)
    func dismissStatus()
    func close()
}

extension HomeViewModelType {
    public var thumbnails: PlaceThumbnails? { nil }

    /// Binds the view once: `body` when what Home lays out as items changes (hot picks, categories, sections,
    /// friends, favourites, the notice), `redraw` when only the rest of what it draws does (header, spinner,
    /// status, attribution).
    public func observeAll(body: @escaping @MainActor () -> Void,
                           redraw: @escaping @MainActor () -> Void) -> [ObservationToken] {
        let items: [any ChangeSource] = [hotPicks, categories, sections, friendsSection, favouritesSection, notice]
        let rest: [any ChangeSource] = [header, isLoading, status, attribution]
        return items.onChange(body) + rest.onChange(redraw)
    }

    public var favouritesSection: Observable<HomeFavouritesSection?> { Observable(nil) }
    public func openFavourites() {}
    public func openRegions() {}
    public var canOpenRegions: Bool { false }
    public func moveHere(to text: String) {}
    public func moveHere(to location: HomeLocation) {}
    public var locationRetry: Observable<LocationRetry?> { Observable(nil) }
}
