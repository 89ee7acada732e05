import NearbyViewModels
import TerminalView

/// The friends list: one row per friend, spinner and error rows, filter, add/edit/delete.
@MainActor
final class FriendsListView: ScreenView {
    enum Action { case list(ListAction), add, edit, delete }

    private let model: any FriendsListViewModelType
    private let list: ListScreen
    private var keyMap = KeyMap<Action>(title: "Friends", [])
    /// The labels of keys the rows name, looked up once: the map does not change.
    private var retryKey: String?
    private var addKey: String?
    /// Column widths for the phone and the distance, from the rows shown: only as wide as their text needs,
    /// and never narrower while the list stays the same, so columns do not jump while scrolling.
    private var columns = FriendColumns()
    /// What the columns were last fitted to: the rows shown, and the list's revision and width and height.
    private var fittedTo: (rows: Range<Int>, basis: [Int])?

    init(model: any FriendsListViewModelType, isRoot: Bool, host: ScreenHost) {
        self.model = model
        list = ListScreen(model: model, isRoot: isRoot, host: host)
        let keys = host.keys.lookup(.friends)
        keyMap = KeyMap(title: "Friends", list.navigationBindings(keys) { .list($0) } + [
            KeyBinding(keys("add"), action: .add),
            KeyBinding(keys("edit"), action: .edit)
                .enabled { [model] in model.canOpen(at: model.selection.value) },
            KeyBinding(keys("delete"), action: .delete)
                .enabled { [model] in model.canOpen(at: model.selection.value) },
        ] + list.commonBindings(keys) { .list($0) })
        retryKey = keyMap.key { if case .list(.retry) = $0 { true } else { false } }
        addKey = keyMap.key { if case .add = $0 { true } else { false } }
        model.load()
    }

    var hints: [KeyHint] { list.hints(keyMap) }
    var helpTitle: String { "Friends — keys" }
    var helpLines: [KeyHint] { keyMap.helpLines }
    var statusMessage: StatusBarMessage? { model.status.value?.barMessage }
    func dismissStatus() { model.dismissStatus() }
    var capturesText: Bool { list.capturesText }
    var question: ConfirmationRequest? { model.confirmation.value }
    func answer(_ yes: Bool) { yes ? model.confirmDelete() : model.cancelDelete() }
    func close() { list.close() }

    // MARK: Events

    func handle(_ event: InputEvent) -> Bool {
        list.handle(event, keyMap: keyMap) { action in
            let index = model.selection.value
            switch action {
            case .list(let action): list.perform(action)
            case .add: model.add()
            case .edit: model.edit(at: index)
            case .delete: model.requestDelete(at: index)
            }
        }
    }

    // MARK: Frames

    func layout(in rect: Rect, theme: Theme) {
        list.layout(in: rect.inset(top: 1))
        let basis = [model.rowsRevision.value, list.listRect.width, list.listRect.height]
        let shown = ListView.shownRows(top: list.scroll.top, count: model.rowCount, rect: list.listRect)
        guard fittedTo?.rows != shown || fittedTo?.basis != basis else { return }
        // The columns only widen while the list and its size stay: a scroll fits just the rows it brought in.
        let before = fittedTo?.basis == basis ? fittedTo?.rows ?? 0..<0 : 0..<0
        fittedTo = (shown, basis)
        columns.fit(rows: shown.filter { !before.contains($0) }.map { model.row(at: $0) },
                    width: list.listRect.width, revision: model.rowsRevision.value)
    }

    func draw(into buffer: CellBuffer, rect: Rect, theme: Theme) {
        list.drawHeader(in: buffer, rect: rect, title: "Nearby · " + model.title.value, theme: theme)
        list.draw(in: buffer, theme: theme, generation: [columns.phone, columns.distance],
                  drawRow: rowDrawer(theme: theme))
    }

    func prepareNextFrame(theme: Theme) {
        list.prepare(generation: [columns.phone, columns.distance], drawRow: rowDrawer(theme: theme))
    }

    /// Draws one row, for a frame or ahead of one.
    private func rowDrawer(theme: Theme) -> (Int, CellBuffer, Rect, Bool) -> Bool {
        let columns = columns, retryKey = retryKey, addKey = addKey, model = model
        return { index, buffer, rect, selected in
            FriendRowView.draw(model.row(at: index), in: buffer, line: rect.row(0), selected: selected,
                               columns: columns, retryKey: retryKey, addKey: addKey, theme: theme)
        }
    }
}
