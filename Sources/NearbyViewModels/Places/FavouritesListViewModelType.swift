/// What the Favourites view reads and calls, so a render test can hand it a stub.
@MainActor
public protocol FavouritesListViewModelType: ListViewModelType {
    /// The row at `index`: a favourite as a places row, or the loading, error or empty row.
    func row(at index: Int) -> PlacesListRow
    /// Whether rows have a rating column: the source rates places.
    var showsRatings: Bool { get }
}
