import NearbyViewModels
import TerminalView

/// The saved favourites, nearest first, with their open state; one no longer in the data is listed dimmed.
@MainActor
final class FavouritesView: ScreenView {
    private let model: any FavouritesListViewModelType
    private let list: ListScreen
    private var keyMap = KeyMap<ListAction>(title: "Favourites", [])
    /// The label of the retry key, looked up once: the map does not change.
    private var retryKey: String?
    /// The key a place's detail saves a favourite with, named when the list is empty.
    private let favouriteKey: String

    init(model: any FavouritesListViewModelType, isRoot: Bool, host: ScreenHost) {
        self.model = model
        list = ListScreen(model: model, isRoot: isRoot, host: host)
        let keys = host.keys.lookup(.favourites)
        favouriteKey = host.keys.keys(.place, "favourite").keys.first?.label ?? "f"
        keyMap = KeyMap(title: "Favourites", list.navigationBindings(keys) { $0 } + list.commonBindings(keys) { $0 })
        retryKey = keyMap.key { $0 == .retry }
        model.load()
    }

    var hints: [KeyHint] { list.hints(keyMap) }
    var helpTitle: String { "Favourites — keys" }
    var helpLines: [KeyHint] { keyMap.helpLines }
    var statusMessage: StatusBarMessage? { model.status.value?.barMessage }
    func dismissStatus() { model.dismissStatus() }
    var capturesText: Bool { list.capturesText }
    func close() { list.close() }

    func handle(_ event: InputEvent) -> Bool {
        list.handle(event, keyMap: keyMap) { list.perform($0) }
    }

    func layout(in rect: Rect, theme: Theme) {
        list.layout(in: rect.inset(top: 1))
    }

    func draw(into buffer: CellBuffer, rect: Rect, theme: Theme) {
        list.drawHeader(in: buffer, rect: rect, theme: theme)
        list.draw(in: buffer, theme: theme, drawRow: rowDrawer(theme: theme))
    }

    func prepareNextFrame(theme: Theme) {
        list.prepare(drawRow: rowDrawer(theme: theme))
    }

    /// Draws one row, for a frame or ahead of one.
    private func rowDrawer(theme: Theme) -> (Int, CellBuffer, Rect, Bool) -> Bool {
        let retryKey = retryKey, model = model, ratings = model.showsRatings, favouriteKey = favouriteKey
        // Favourites are saved on a place's detail, with the key its map binds.
        let remedy = { (fix: EmptyPlacesRemedy) in
            fix == .saveOnADetail ? "\(favouriteKey) on a place's detail saves one" : nil
        }
        return { index, buffer, rect, selected in
            PlaceRowView.draw(model.row(at: index), in: buffer, rect: rect, selected: selected, detailed: false,
                              walking: false, ratings: ratings, retryKey: retryKey, remedy: remedy, theme: theme)
        }
    }
}
