import FoundationEssentials
import NearbyCore

/// What the places list view reads and calls, so a render test can hand it a stub.
@MainActor
public protocol PlacesListViewModelType: ListViewModelType {
    var sortOrder: Observable<PlacesSortOrder> { get }
    var layout: Observable<PlacesLayout> { get }
    /// The search radius in metres.
    var radius: Observable<Double> { get }
    /// The sources' attributions for the footer ("© OpenStreetMap contributors").
    var attribution: Observable<String> { get }
    /// How old the places are, when a live source's cache served them ("from 3 min ago").
    var dataAge: Observable<String?> { get }
    /// When a row shown changes its open state: the view schedules one wake then and calls `timeDidPass()`;
    /// nil when nothing shown will change.
    var nextRefresh: Observable<Date?> { get }
    /// Why the distances are straight lines (a store without paths, a live source); nil while rows show
    /// walking times.
    var walkingNote: Observable<String?> { get }
    /// With the GPS: why here is not the GPS's position (no fix, gpsd absent); nil otherwise.
    var locationNotice: Observable<String?> { get }
    /// With the GPS: its accuracy for the header ("GPS ±8 m"); nil without the GPS.
    var locationAccuracy: Observable<String?> { get }
    /// Whether rows have a walking-time column: the source has paths and walking times have not failed.
    var offersWalkingTimes: Bool { get }
    /// Whether rows have a rating column: the source rates places (Google does, OpenStreetMap does not).
    var showsRatings: Bool { get }
    /// The time opening hours are evaluated at, shared by every screen (`t` chooses one, the header shows
    /// it); nil: always now.
    var evaluationTime: EvaluationTime? { get }

    /// The row at `index` (a lookup: `show(rows:)` fetches pages).
    func row(at index: Int) -> PlacesListRow
    /// The next order: distance, walking time (with paths), name, rating (with ratings), open first.
    func cycleSort()
    /// Compact or detailed rows.
    func toggleLayout()
    /// A wider radius, up to the widest.
    func widenRadius()
    /// A narrower radius, down to the narrowest.
    func narrowRadius()
    /// `n` and `N`: the next or previous place whose name matches the search (or filter).
    func selectNameMatch(forward: Bool)
    /// The search or filter `n` and `N` look for; nil when there is none.
    var matchText: String? { get }
    /// The clock reached `nextRefresh` (or the view was away): open states are evaluated again.
    func timeDidPass()
    /// Whether `f` saves favourites here (there is a favourites store).
    var offersFavourites: Bool { get }
    /// Whether a favourite changed with `f` is being saved (the header's spinner).
    var isSavingFavourite: Bool { get }
    /// `f`: saves or forgets the selected place as a favourite; after a failure, tries that change again.
    func toggleFavourite()
    /// The detailed rows' small pictures; nil where pictures are not fetched.
    var thumbnails: PlaceThumbnails? { get }
}

extension PlacesListViewModelType {
    public func observeAll(_ redraw: @escaping @MainActor () -> Void) -> [ObservationToken] {
        (listObservables + [sortOrder, layout, radius, attribution, dataAge, walkingNote, locationNotice,
                            locationAccuracy]).onChange(redraw)
    }

    public var offersFavourites: Bool { false }
    public var thumbnails: PlaceThumbnails? { nil }
    public var isSavingFavourite: Bool { false }
    public func toggleFavourite() {}
    public func selectNameMatch(forward: Bool) {}
    public var matchText: String? { nil }
}
