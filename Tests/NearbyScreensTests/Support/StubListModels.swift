import Foundation
import NearbyCore
import NearbyViewModels

/// A stub list that records every intent it is given.
@MainActor
protocol RecordingListModel: ListViewModelType {
    var calls: [String] { get }
}

/// A places list view model with rows made up on the spot, for render tests that need a list of any size,
/// error rows or long titles without a store. Every intent is recorded.
@MainActor
final class StubPlacesList: PlacesListViewModelType, RecordingListModel {
    let title: Observable<String>
    let filter = Observable("")
    let sortOrder = Observable(PlacesSortOrder.distance)
    let layout = Observable(PlacesLayout.compact)
    let radius = Observable(2_000.0)
    let rowsRevision = Observable(0)
    let selection = Observable(0)
    let isLoading = Observable(false)
    let status = Observable<StatusMessage?>(nil)
    let attribution = Observable("© OpenStreetMap contributors")
    let dataAge = Observable<String?>(nil)
    let nextRefresh = Observable<Date?>(nil)
    let walkingNote = Observable<String?>(nil)
    let locationNotice = Observable<String?>(nil)
    let locationAccuracy = Observable<String?>(nil)
    /// The walking time each place row shows ("\(index + 2) min"), when set.
    var walks = false
    var offersWalkingTimes: Bool { walks }
    /// Whether rows have a rating column (the source rates places).
    var showsRatings = true
    var count: Int
    var canRetry = false
    /// Rows that are something else than a place (an error, a loading row), by index.
    var special: [Int: PlacesListRow] = [:]
    /// The rows whose place has a picture ("Place N.jpg" on Commons), and the thumbnails of the list.
    var pictured: Set<Int> = []
    var thumbnails: PlaceThumbnails?
    private(set) var calls: [String] = []
    private(set) var shown: [Range<Int>] = []
    private(set) var rowsAsked = 0
    /// The indices of the rows asked for, in order, since the log was last cleared.
    var askedIndices: [Int] = []

    init(count: Int, title: String = "Cafés · 100,000 within 50 km · by distance") {
        self.count = count
        self.title = Observable(title)
    }

    var rowCount: Int { max(count, 1) }

    func row(at index: Int) -> PlacesListRow {
        rowsAsked += 1
        askedIndices.append(index)
        if let row = special[index] { return row }
        guard count > 0 else { return .empty("No cafés within 2 km", remedy: .widenRadius) }
        return .place(PlaceRowModel(id: PlaceID(source: .osm, sourceID: "n\(index)"),
                                    name: "Place \(index)", subtitle: "Street \(index)", category: "Café",
                                    distance: "\(index) m N", openState: "open · until 18:00", openness: .open,
                                    rating: nil, detailLine: "Street \(index) · Mo-Fr 08:00-18:00",
                                    walk: walks ? "\(index + 2) min" : nil,
                                    picture: pictured.contains(index) ? .commons("Place \(index).jpg") : nil))
    }

    func canOpen(at index: Int) -> Bool {
        guard count > 0, index < count, special[index] == nil else { return false }
        return true
    }

    func load() { calls.append("load") }
    func retry() { calls.append("retry") }
    func refresh() { calls.append("refresh") }
    func select(_ index: Int) {
        calls.append("select(\(index))")
        selection.update(min(max(0, index), rowCount - 1))
    }
    func open(at index: Int) { calls.append("open(\(index))") }
    func setFilter(_ text: String) {
        calls.append("setFilter(\(text))")
        filter.update(text)
    }
    func show(rows: Range<Int>) { shown.append(rows) }
    func dismissStatus() { status.update(nil) }
    func close() { calls.append("close") }
    func cycleSort() { calls.append("cycleSort") }
    func toggleLayout() {
        calls.append("toggleLayout")
        layout.update(layout.value.toggled)
    }
    /// Row `index` failed to load, and `r` retries it.
    func failing(row index: Int) -> Self {
        canRetry = true
        special[index] = .error("Loading failed, check network connection")
        return self
    }
    func widenRadius() { calls.append("widenRadius") }
    func narrowRadius() { calls.append("narrowRadius") }
    func timeDidPass() { calls.append("timeDidPass") }
    /// `n` and `N` look for the filter, as in a real list.
    var matchText: String? { filter.value.isEmpty ? nil : filter.value }
    func selectNameMatch(forward: Bool) { calls.append("selectNameMatch(forward: \(forward))") }
}

/// The same rows serve the Favourites view, which draws places rows too.
extension StubPlacesList: FavouritesListViewModelType {}

/// A friends list view model with made-up rows; every intent is recorded.
@MainActor
final class StubFriendsList: FriendsListViewModelType, RecordingListModel {
    let title = Observable("Friends · 100,000")
    let filter = Observable("")
    let rowsRevision = Observable(0)
    let selection = Observable(0)
    let isLoading = Observable(false)
    let status = Observable<StatusMessage?>(nil)
    let confirmation = Observable<ConfirmationRequest?>(nil)
    var count: Int
    var canRetry = false
    var special: [Int: FriendsListRow] = [:]
    private(set) var calls: [String] = []

    init(count: Int) {
        self.count = count
    }

    var rowCount: Int { max(count, 1) }

    func row(at index: Int) -> FriendsListRow {
        if let row = special[index] { return row }
        guard count > 0 else { return .empty("You have no friends yet", suggestsAdding: true) }
        return .friend(FriendRowModel(id: Int64(index + 1), name: "Person \(index)", phone: "+41 44 \(index)"))
    }

    func canOpen(at index: Int) -> Bool { count > 0 && index < count && special[index] == nil }
    func load() { calls.append("load") }
    func retry() { calls.append("retry") }
    func refresh() { calls.append("refresh") }
    func select(_ index: Int) {
        calls.append("select(\(index))")
        selection.update(min(max(0, index), rowCount - 1))
    }
    func open(at index: Int) { calls.append("open(\(index))") }
    func setFilter(_ text: String) {
        calls.append("setFilter(\(text))")
        filter.update(text)
    }
    func show(rows: Range<Int>) {}
    func dismissStatus() { status.update(nil) }
    func close() { calls.append("close") }
    /// Row `index` failed to load, and `r` retries it.
    func failing(row index: Int) -> Self {
        canRetry = true
        special[index] = .error("Loading failed, check network connection")
        return self
    }
    func add() { calls.append("add") }
    func edit(at index: Int) { calls.append("edit(\(index))") }
    func requestDelete(at index: Int) {
        calls.append("requestDelete(\(index))")
        confirmation.update(ConfirmationRequest(title: "Delete Person \(index)?", detail: "This cannot be undone.",
                                                confirmLabel: "Delete", isDestructive: true))
    }
    func confirmDelete() {
        calls.append("confirmDelete")
        confirmation.update(nil)
    }
    func cancelDelete() {
        calls.append("cancelDelete")
        confirmation.update(nil)
    }
}
