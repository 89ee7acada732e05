import FoundationEssentials
import NearbyCore

/// What the places list view reads and calls, so a render test can hand it a stub.
@MainActor
public protocol PlacesListViewModelType: AnyObject {
    /// "Cafés · 132 within 2 km · by distance": what, how many, how far, in which order.
    var title: Observable<String> { get }
    /// The filter as typed.
    var filter: Observable<String> { get }
    var sortOrder: Observable<PlacesSortOrder> { get }
    var layout: Observable<PlacesLayout> { get }
    /// The search radius in metres.
    var radius: Observable<Double> { get }
    /// Bumped whenever rows change (or their texts, as time passes); the view then re-reads the rows it shows.
    var rowsRevision: Observable<Int> { get }
    var rowCount: Int { get }
    /// The row at `index`; reaching the end starts loading the next page.
    func row(at index: Int) -> PlacesListRow
    /// The selected row, always within `0..<max(rowCount, 1)`.
    var selection: Observable<Int> { get }
    /// The header spinner.
    var isLoading: Observable<Bool> { get }
    var status: Observable<StatusMessage?> { get }
    /// The sources' attributions for the footer ("© OpenStreetMap contributors").
    var attribution: Observable<String> { get }
    /// How old the places are, when a live source's cache served them ("from 3 min ago").
    var dataAge: Observable<String?> { get }
    /// When a visible row's open state next changes: the view schedules one redraw then and calls
    /// `timeDidPass()`; nil when nothing shown will change.
    var nextRefresh: Observable<Date?> { get }
    /// The time opening hours are evaluated at, shared by every screen (`t` chooses one, the header shows
    /// it); nil: always now.
    var evaluationTime: EvaluationTime? { get }

    func load()
    /// Retries what failed (the list or the next page); with nothing failed, refreshes.
    func retry()
    func refresh()
    func select(_ index: Int)
    /// Opens the place at `index`; other rows cannot be opened.
    func open(at index: Int)
    func setFilter(_ text: String)
    /// `s`.
    func cycleSort()
    /// `v`.
    func toggleLayout()
    /// `+`.
    func widenRadius()
    /// `-`.
    func narrowRadius()
    /// Which rows the view shows now, so `nextRefresh` covers them.
    func setVisibleRows(_ range: Range<Int>)
    /// The clock reached `nextRefresh` (or the view was away): open states are evaluated again.
    func timeDidPass()
    func dismissStatus()
    func close()
}
