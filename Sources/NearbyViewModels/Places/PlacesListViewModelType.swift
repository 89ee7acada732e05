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
    /// The time opening hours are evaluated at, shared by every screen (`t` chooses one, the header shows
    /// it); nil: always now.
    var evaluationTime: EvaluationTime? { get }

    /// The row at `index` (a lookup: `show(rows:)` fetches pages).
    func row(at index: Int) -> PlacesListRow
    /// The next order: distance, name, rating, open first.
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
}

extension PlacesListViewModelType {
    public func selectNameMatch(forward: Bool) {}
    public var matchText: String? { nil }
}
