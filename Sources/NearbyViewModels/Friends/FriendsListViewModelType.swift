/// What the friends list view reads and calls, so a render test can hand it a stub.
/// Selection lives here (not in the view) so that filtering resets it and deleting keeps it in range.
@MainActor
public protocol FriendsListViewModelType: AnyObject {
    /// "Friends · 1,234", or "Friends · 3 matching “ann”".
    var title: Observable<String> { get }
    /// The filter as typed.
    var filter: Observable<String> { get }
    /// Bumped whenever rows change; the view then re-reads `rowCount` and the rows it shows.
    var rowsRevision: Observable<Int> { get }
    var rowCount: Int { get }
    /// The row at `index` (O(1)); asking for a row not fetched yet starts fetching its window.
    func row(at index: Int) -> FriendsListRow
    /// The selected row index, always within `0..<max(rowCount, 1)`.
    var selection: Observable<Int> { get }
    /// The header spinner: the list or one of its windows is loading.
    var isLoading: Observable<Bool> { get }
    var status: Observable<StatusMessage?> { get }
    var confirmation: Observable<ConfirmationRequest?> { get }

    func load()
    /// Retries what failed (the list, or windows); with nothing failed, refreshes.
    func retry()
    func refresh()
    func select(_ index: Int)
    func open(at index: Int)
    func add()
    func edit(at index: Int)
    func requestDelete(at index: Int)
    func confirmDelete()
    func cancelDelete()
    func setFilter(_ text: String)
    func dismissStatus()
    func close()
}
