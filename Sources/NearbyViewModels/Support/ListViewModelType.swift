/// What every list screen reads and calls, whatever its rows are: the scaffold the list views share.
///
/// The selection lives here alone; the view keeps only its scroll position. `row(at:)` (in the refined
/// protocols) is a plain lookup: the view says which rows it shows with `show(rows:)`, and that is where
/// pages and windows are fetched.
@MainActor
public protocol ListViewModelType: AnyObject {
    /// The header: what the list holds ("Friends · 1,234", "Cafés · 132 within 2 km · by distance").
    var title: Observable<String> { get }
    /// The filter as typed.
    var filter: Observable<String> { get }
    /// Bumped whenever rows change; the view then re-reads `rowCount` and the rows it shows.
    var rowsRevision: Observable<Int> { get }
    /// Bumped when a row the list already had may read differently; rows added after the last one (the next
    /// page) leave it as it was, so a view may keep the cells of the rows it drew for the same value.
    var rowCellsRevision: Int { get }
    var rowCount: Int { get }
    /// The selected row, always within `0..<max(rowCount, 1)`.
    var selection: Observable<Int> { get }
    /// The header spinner.
    var isLoading: Observable<Bool> { get }
    var status: Observable<StatusMessage?> { get }

    /// Whether the row at `index` is an item that opens (loading, error and empty rows do not).
    func canOpen(at index: Int) -> Bool
    /// Whether something failed that `retry()` loads again (the list, a page, a window).
    var canRetry: Bool { get }

    func load()
    /// Loads again what failed; with nothing failed, refreshes.
    func retry()
    func refresh()
    func select(_ index: Int)
    /// `G`, End: the last row of the whole list, not only of the rows loaded so far.
    func selectLast()
    func open(at index: Int)
    func setFilter(_ text: String)
    /// The rows the screen shows now: the view model fetches what they need (and what lies just beyond) and
    /// watches the times their texts change.
    func show(rows: Range<Int>)
    func dismissStatus()
    func close()

    /// Calls `redraw` when anything the list screen draws changes, so the view binds once (a refined
    /// protocol's extension adds its own observables).
    func observeAll(_ redraw: @escaping @MainActor () -> Void) -> [ObservationToken]
}

extension ListViewModelType {
    /// Lists that hold every row: the last row is the last one.
    public func selectLast() { select(rowCount - 1) }

    /// Lists that do not tell appended rows apart: every change of the rows is one for their cells too.
    public var rowCellsRevision: Int { rowsRevision.value }

    /// What every list screen draws: the rows, the title, the spinner, the status, the selection, the filter.
    public var listObservables: [any ChangeSource] { [rowsRevision, title, isLoading, status, selection, filter] }

    public func observeAll(_ redraw: @escaping @MainActor () -> Void) -> [ObservationToken] {
        listObservables.onChange(redraw)
    }
}
