/// What the friends list view reads and calls, so a render test can hand it a stub.
/// Selection lives here (not in the view) so that filtering resets it and deleting keeps it in range.
@MainActor
public protocol FriendsListViewModelType: ListViewModelType {
    /// The row at `index` (O(1)), as fetched so far: a row whose window has not arrived is a placeholder.
    func row(at index: Int) -> FriendsListRow
    var confirmation: Observable<ConfirmationRequest?> { get }

    func add()
    func edit(at index: Int)
    func requestDelete(at index: Int)
    func confirmDelete()
    func cancelDelete()
}

extension FriendsListViewModelType {
    public func observeAll(_ redraw: @escaping @MainActor () -> Void) -> [ObservationToken] {
        (listObservables + [confirmation]).onChange(redraw)
    }
}
