import NearbyViewModels
import TerminalView

/// The friends list: one row per friend, spinner and error rows, filter, add/edit/delete.
@MainActor
final class FriendsListView: ScreenView {
    enum Action { case move, open, add, edit, delete, filter, retry, back }

    private let model: any FriendsListViewModelType
    private let isRoot: Bool
    private let host: ScreenHost
    private var tokens: [ObservationToken] = []
    private var listState = ListState()
    private var listRect = Rect(x: 0, y: 0, width: 0, height: 0)
    private var filterLine = FilterLine()
    private let keyMap: KeyMap<Action>

    init(model: any FriendsListViewModelType, isRoot: Bool, host: ScreenHost) {
        self.model = model
        self.isRoot = isRoot
        self.host = host
        keyMap = KeyMap(title: "Friends", [
            KeyBinding([.up, .down, .character("k"), .character("j")], "↑↓", "move", action: .move),
            KeyBinding([.enter, .right, .character("l")], "enter", "open", action: .open),
            KeyBinding([.character("a")], "add", action: .add),
            KeyBinding([.character("e")], "edit", action: .edit),
            KeyBinding([.character("d")], "delete", action: .delete),
            KeyBinding([.character("/")], "filter", action: .filter),
            KeyBinding([.character("r")], "retry", action: .retry, inFooter: false),
            KeyBinding([.escape, .backspace, .left, .character("q"), .character("h")], isRoot ? "q" : "esc",
                       isRoot ? "quit" : "back", action: .back),
        ])
        // Every observable that changes what is drawn asks for a frame; many changes make one frame.
        let redraw: @MainActor (Any) -> Void = { [weak self] _ in self?.host.invalidate() }
        tokens = [
            model.rowsRevision.bind(redraw), model.title.bind(redraw), model.isLoading.bind(redraw),
            model.status.bind(redraw), model.confirmation.bind(redraw), model.selection.bind(redraw),
            model.filter.bind(redraw),
        ]
        model.load()
    }

    var hints: [KeyHint] {
        if model.confirmation.value != nil { return [KeyHint(keys: "y", summary: "yes"), KeyHint(keys: "n", summary: "no")] }
        if filterLine.isEditing { return FilterLine.hints }
        let errorSelected = if case .error = model.row(at: model.selection.value) { true } else { false }
        return ListNavigation.hints(for: keyMap, errorSelected: errorSelected)
    }

    var helpTitle: String { "Friends — keys" }

    var helpLines: [KeyHint] {
        ListNavigation.helpLines(for: keyMap)
    }

    var statusMessage: StatusBarMessage? { model.status.value?.barMessage }
    var capturesText: Bool { filterLine.isEditing || model.confirmation.value != nil }

    func close() {
        tokens.forEach { $0.cancel() }
        tokens.removeAll()
    }

    // MARK: Events

    func handle(_ event: InputEvent) -> Bool {
        // A transient message stays until the next key, so it is never missed and never lingers.
        if case .key = event, model.status.value != nil { model.dismissStatus() }
        if model.confirmation.value != nil {
            guard case .key(let key) = event, let answer = ConfirmDialog.answer(for: key) else { return true }
            answer ? model.confirmDelete() : model.cancelDelete()
            return true
        }
        if filterLine.isEditing, case .key(let key) = event {
            filterLine.handle(key) { model.setFilter($0) }
            return true
        }
        switch ListNavigation.route(event, selection: model.selection.value, count: model.rowCount, rect: listRect,
                                    state: &listState) {
        case .select(let index): model.select(index)
        case .activate(let index): model.select(index); model.open(at: index)
        case .ignored: return false
        case .unhandled:
            guard case .key(let key) = event, let action = keyMap.action(for: key) else { return false }
            perform(action)
        }
        return true
    }

    private func perform(_ action: Action) {
        let index = model.selection.value
        switch action {
        case .move: break // ListView moved the selection already
        case .open: model.open(at: index)
        case .add: model.add()
        case .edit: model.edit(at: index)
        case .delete: model.requestDelete(at: index)
        case .filter: filterLine.begin(with: model.filter.value)
        case .retry: model.retry()
        case .back:
            if !model.filter.value.isEmpty { model.setFilter("") } else { host.back() }
        }
    }

    // MARK: Drawing

    func draw(into buffer: CellBuffer, rect: Rect, theme: Theme) {
        HeaderLine.draw(in: buffer, rect: rect, title: "Nearby · " + model.title.value,
                        loading: model.isLoading.value ? "loading" : nil, theme: theme)
        var body = rect.inset(top: 1)
        if filterLine.isEditing || !model.filter.value.isEmpty {
            let split = body.splitBottom(1)
            body = split.rest
            filterLine.draw(in: buffer, rect: split.bottom, filter: model.filter.value, theme: theme)
        }
        listRect = body
        listState.selected = model.selection.value
        let count = model.rowCount
        let phoneWidth = body.width >= 50 ? 18 : (body.width >= 36 ? 14 : 0)
        let distanceWidth = body.width >= 64 ? 10 : 0
        ListView.draw(in: body, state: &listState, count: count) { index, rowRect, selected in
            drawRow(model.row(at: index), in: buffer, rect: rowRect, selected: selected, theme: theme,
                    phoneWidth: phoneWidth, distanceWidth: distanceWidth)
        }
        if let confirmation = model.confirmation.value {
            ConfirmDialog.draw(in: buffer, over: rect, question: confirmation.title, detail: confirmation.detail,
                               theme: theme)
        }
    }

    private func drawRow(_ row: FriendsListRow, in buffer: CellBuffer, rect: Rect, selected: Bool, theme: Theme,
                         phoneWidth: Int, distanceWidth: Int) {
        let line = rect.row(0)
        switch row {
        case .friend(let friend):
            let nameStyle = selected ? theme.selection : theme.text
            let otherStyle = selected ? theme.selection : theme.secondary
            buffer.fill(line, style: selected ? theme.selection : .plain)
            var nameX = line.x + 1
            if friend.isDeleting {
                Spinner.draw(in: buffer, at: Point(x: line.x + 1, y: line.y), style: theme.spinner, unicode: theme.unicode)
                nameX += 2
            }
            let nameWidth = line.maxX - nameX - phoneWidth - distanceWidth - 1
            buffer.write(friend.name, in: Rect(x: nameX, y: line.y, width: nameWidth, height: 1), style: nameStyle)
            if phoneWidth > 0 {
                buffer.write(friend.isDeleting ? "deleting…" : friend.phone,
                             in: Rect(x: line.maxX - phoneWidth - distanceWidth, y: line.y, width: phoneWidth - 1,
                                      height: 1), style: otherStyle)
            }
            if distanceWidth > 0, let distance = friend.distance {
                buffer.write(distance, in: Rect(x: line.maxX - distanceWidth, y: line.y, width: distanceWidth - 1,
                                                height: 1), style: otherStyle, alignment: .right)
            }
        case .loading(let text):
            ListRows.loading(text, in: buffer, line: line, theme: theme)
        case .error(let message, let retryHint):
            ListRows.error(message, retryHint: retryHint, in: buffer, line: line, selected: selected, theme: theme)
        case .empty(let text):
            buffer.write(text, in: line.inset(left: 1), style: theme.secondary)
        case .placeholder:
            buffer.write("…", in: line.inset(left: 1), style: selected ? theme.selection : theme.secondary)
        }
    }
}
