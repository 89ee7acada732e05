import NearbyViewModels
import TerminalView

/// The saved favourites, nearest first, with their open state; one no longer in the data is listed dimmed.
@MainActor
final class FavouritesView: ScreenView {
    private let model: FavouritesListViewModel
    private let list: ListScreen
    private var keyMap = KeyMap<ListAction>(title: "Favourites", [])

    init(model: FavouritesListViewModel, isRoot: Bool, host: ScreenHost) {
        self.model = model
        list = ListScreen(model: model, isRoot: isRoot, host: host)
        keyMap = KeyMap(title: "Favourites", list.navigationBindings { $0 } + list.commonBindings { $0 })
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
        if let handled = list.handleBeforeKeyMap(event) { return handled }
        guard case .key(let key) = event, let action = keyMap.action(for: key) else { return false }
        list.perform(action)
        return true
    }

    func layout(in rect: Rect, theme: Theme) {
        list.layout(in: rect.inset(top: 1))
    }

    func draw(into buffer: CellBuffer, rect: Rect, theme: Theme) {
        HeaderLine.draw(in: buffer, rect: rect, title: model.title.value,
                        loading: model.isLoading.value ? "loading" : nil, theme: theme)
        let retryKey = keyMap.key { $0 == .retry }
        list.draw(in: buffer, theme: theme) { index, buffer, rect, selected in
            let line = rect.row(0)
            switch model.row(at: index) {
            case .place(let place):
                PlacesListView.drawPlace(place, in: buffer, rect: rect, selected: selected, detailed: false,
                                         theme: theme)
                return true
            case .loading(let text), .moreLoading(let text):
                ListRows.loading(text, in: buffer, line: line, theme: theme)
                return false
            case .error(let message):
                ListRows.error(message, retryKey: retryKey, in: buffer, line: line, selected: selected, theme: theme)
                return true
            case .empty(let text, _):
                ListRows.empty(text, suggestion: nil, in: buffer, line: line, theme: theme)
                return true
            }
        }
    }
}
