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
    /// Non-nil while the filter line has focus.
    private var filterField: TextFieldState?
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
        if filterField != nil {
            return [KeyHint(keys: "enter", summary: "keep"), KeyHint(keys: "esc", summary: "clear")]
        }
        var hints = keyMap.footerHints
        if case .error = model.row(at: model.selection.value) { hints.insert(KeyHint(keys: "r", summary: "retry"), at: 0) }
        return hints
    }

    var helpTitle: String { "Friends — keys" }

    var helpLines: [KeyHint] {
        [KeyHint(keys: "↑ ↓ k j", summary: "move"), KeyHint(keys: "PgUp PgDn ctrl-b ctrl-f", summary: "page"),
         KeyHint(keys: "Home End g G", summary: "first, last")] + keyMap.helpLines.dropFirst()
    }

    var statusMessage: StatusBarMessage? { model.status.value?.barMessage }
    var capturesText: Bool { filterField != nil || model.confirmation.value != nil }

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
        if filterField != nil, case .key(let key) = event { return handleFilterKey(key) }
        switch event {
        case .key(let key):
            listState.selected = model.selection.value
            if ListView.handle(key, state: &listState, count: model.rowCount, visibleRows: max(1, listRect.height)) {
                model.select(listState.selected)
                return true
            }
            guard let action = keyMap.action(for: key) else { return false }
            perform(action)
            return true
        case .mouse(let mouse):
            listState.selected = model.selection.value
            switch ListView.handle(mouse, state: &listState, count: model.rowCount, rect: listRect) {
            case .ignored: return false
            case .scrolled, .selected: model.select(listState.selected)
            case .activated(let index): model.select(index); model.open(at: index)
            }
            return true
        case .resize:
            return false
        }
    }

    private func perform(_ action: Action) {
        let index = model.selection.value
        switch action {
        case .move: break // ListView moved the selection already
        case .open: model.open(at: index)
        case .add: model.add()
        case .edit: model.edit(at: index)
        case .delete: model.requestDelete(at: index)
        case .filter: filterField = TextFieldState(text: model.filter.value, maxLength: 100)
        case .retry: model.retry()
        case .back:
            if !model.filter.value.isEmpty { model.setFilter("") } else { host.back() }
        }
    }

    private func handleFilterKey(_ key: Key) -> Bool {
        guard var field = filterField else { return false }
        switch key {
        case .enter, .down, .up:
            filterField = nil
        case .escape:
            filterField = nil
            model.setFilter("")
        default:
            _ = field.handle(key)
            filterField = field
            model.setFilter(field.text)
        }
        return true
    }

    // MARK: Drawing

    func draw(into buffer: CellBuffer, rect: Rect, theme: Theme) {
        HeaderLine.draw(in: buffer, rect: rect, title: "Nearby · " + model.title.value,
                        loading: model.isLoading.value ? "loading" : nil, theme: theme)
        var body = rect.inset(top: 1)
        let showFilter = filterField != nil || !model.filter.value.isEmpty
        if showFilter {
            let split = body.splitBottom(1)
            body = split.rest
            drawFilter(in: buffer, rect: split.bottom, theme: theme)
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

    private func drawFilter(in buffer: CellBuffer, rect: Rect, theme: Theme) {
        buffer.write("/", at: Point(x: rect.x, y: rect.y), style: theme.accent)
        let fieldRect = Rect(x: rect.x + 2, y: rect.y, width: rect.width - 2, height: 1)
        if var field = filterField {
            let cursor = field.draw(in: buffer, rect: fieldRect, style: theme.fieldFocused)
            filterField = field
            buffer.cursor = cursor
        } else {
            buffer.write(model.filter.value, in: fieldRect, style: theme.secondary)
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
            Spinner.draw(in: buffer, at: Point(x: line.x + 1, y: line.y), style: theme.spinner, unicode: theme.unicode)
            buffer.write(text, in: line.inset(left: 3), style: theme.secondary)
        case .error(let message, let retryHint):
            buffer.fill(line, style: selected ? theme.selection : .plain)
            let hintWidth = DisplayWidth.of(retryHint) + 2
            buffer.write("✗ " + message, in: Rect(x: line.x + 1, y: line.y, width: line.width - hintWidth - 1, height: 1),
                         style: theme.error)
            buffer.write(retryHint, in: Rect(x: line.maxX - hintWidth, y: line.y, width: hintWidth - 1, height: 1),
                         style: theme.accent, alignment: .right)
        case .empty(let text):
            buffer.write(text, in: line.inset(left: 1), style: theme.secondary)
        case .placeholder:
            buffer.write("…", in: line.inset(left: 1), style: selected ? theme.selection : theme.secondary)
        }
    }
}
