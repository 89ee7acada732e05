import NearbyViewModels
import TerminalView

/// The friends list: one row per friend, spinner and error rows, filter, add/edit/delete.
@MainActor
final class FriendsListView: ScreenView {
    enum Action { case list(ListAction), add, edit, delete }

    private let model: any FriendsListViewModelType
    private let list: ListScreen
    private var keyMap = KeyMap<Action>(title: "Friends", [])
    /// Column widths for the phone and the distance, from the rows shown: only as wide as their text needs,
    /// and never narrower while the list stays the same, so columns do not jump while scrolling.
    private var columns = FriendColumns()
    /// What the columns were last fitted to: the first row shown, the list's revision, its width.
    private var fittedTo: [Int] = []

    init(model: any FriendsListViewModelType, isRoot: Bool, host: ScreenHost) {
        self.model = model
        list = ListScreen(model: model, isRoot: isRoot, host: host)
        list.keep(model.confirmation.bind(list.redraw))
        keyMap = KeyMap(title: "Friends", list.navigationBindings { .list($0) } + [
            KeyBinding([.character("a")], "add", action: .add),
            KeyBinding([.character("e")], "edit", action: .edit)
                .enabled { [model] in model.canOpen(at: model.selection.value) },
            KeyBinding([.character("d")], "delete", action: .delete)
                .enabled { [model] in model.canOpen(at: model.selection.value) },
        ] + list.commonBindings { .list($0) })
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
        if let handled = list.handleBeforeKeyMap(event) { return handled }
        guard case .key(let key) = event, let action = keyMap.action(for: key) else { return false }
        let index = model.selection.value
        switch action {
        case .list(let action): list.perform(action)
        case .add: model.add()
        case .edit: model.edit(at: index)
        case .delete: model.requestDelete(at: index)
        }
        return true
    }

    // MARK: Frames

    func layout(in rect: Rect, theme: Theme) {
        list.layout(in: rect.inset(top: 1))
        let key = [list.scroll.top, model.rowsRevision.value, list.listRect.width, list.listRect.height]
        guard key != fittedTo else { return }
        fittedTo = key
        let shown = ListView.shownRows(top: list.scroll.top, count: model.rowCount, rect: list.listRect)
        columns.fit(rows: shown.map { model.row(at: $0) }, width: list.listRect.width,
                    revision: model.rowsRevision.value)
    }

    func draw(into buffer: CellBuffer, rect: Rect, theme: Theme) {
        HeaderLine.draw(in: buffer, rect: rect, title: "Nearby · " + model.title.value,
                        loading: model.isLoading.value ? "loading" : nil, theme: theme)
        let columns = columns
        let retryKey = keyMap.key { if case .list(.retry) = $0 { true } else { false } }
        let addKey = keyMap.key { if case .add = $0 { true } else { false } }
        list.draw(in: buffer, theme: theme, generation: [columns.phone, columns.distance]) { index, buffer, rect,
                                                                                             selected in
            let row = model.row(at: index)
            let line = rect.row(0)
            switch row {
            case .friend(let friend):
                Self.drawFriend(friend, in: buffer, line: line, selected: selected, columns: columns, theme: theme)
                return !friend.isDeleting
            case .loading(let text):
                ListRows.loading(text, in: buffer, line: line, theme: theme)
                return false
            case .error(let message):
                ListRows.error(message, retryKey: retryKey, in: buffer, line: line, selected: selected, theme: theme)
            case .empty(let text, let suggestsAdding):
                ListRows.empty(text, suggestion: suggestsAdding ? addKey.map { "\($0) adds one" } : nil, in: buffer,
                               line: line, theme: theme)
            case .placeholder:
                buffer.write("…", in: line.inset(left: 1), style: selected ? theme.selection : theme.secondary)
                return false
            }
            return true
        }
    }

    private static func drawFriend(_ friend: FriendRowModel, in buffer: CellBuffer, line: Rect, selected: Bool,
                                   columns: FriendColumns, theme: Theme) {
        let nameStyle = selected ? theme.selection : theme.text
        let otherStyle = selected ? theme.selection : theme.secondary
        buffer.fill(line, style: selected ? theme.selection : .plain)
        var nameX = line.x + 1
        if friend.isDeleting {
            Spinner.draw(in: buffer, at: Point(x: nameX, y: line.y), style: theme.spinner, unicode: theme.unicode)
            nameX += 2
        }
        let right = columns.phone + columns.distance
        buffer.write(friend.name, in: Rect(x: nameX, y: line.y, width: line.maxX - nameX - right - 1, height: 1),
                     style: nameStyle)
        if columns.phone > 0 {
            buffer.write(friend.isDeleting ? "deleting…" : friend.phone,
                         in: Rect(x: line.maxX - right, y: line.y, width: columns.phone - 1, height: 1),
                         style: otherStyle)
        }
        if columns.distance > 0, let distance = friend.distance {
            buffer.write(distance, in: Rect(x: line.maxX - columns.distance, y: line.y, width: columns.distance - 1,
                                            height: 1), style: otherStyle, alignment: .right)
        }
    }
}

/// The friends list's columns, split by what their text needs: when everything fits, the name takes what
/// is left; when not, the name keeps up to half the row, the phone is whole in what remains, and the distance
/// goes first.
struct FriendColumns: Equatable {
    /// Columns of the phone and the distance, each with its gap before it; 0 when not shown.
    private(set) var phone = 0
    private(set) var distance = 0
    /// The widest texts seen in the rows shown since the list or the width last changed, so columns do not
    /// jump while scrolling.
    private var needs = (name: 0, phone: 0, distance: 0)
    private var basis: [Int] = []

    static func == (a: FriendColumns, b: FriendColumns) -> Bool { a.phone == b.phone && a.distance == b.distance }

    mutating func fit(rows: [FriendsListRow], width: Int, revision: Int) {
        if basis != [width, revision] {
            needs = (0, 0, 0)
            basis = [width, revision]
        }
        for case .friend(let friend) in rows {
            needs.name = max(needs.name, DisplayWidth.of(friend.name) + (friend.isDeleting ? 2 : 0))
            needs.phone = max(needs.phone, DisplayWidth.of(friend.isDeleting ? "deleting…" : friend.phone) + 2)
            if let text = friend.distance { needs.distance = max(needs.distance, DisplayWidth.of(text) + 2) }
        }
        let room = max(0, width - 2)
        if needs.name + needs.phone + needs.distance <= room {
            (phone, distance) = (needs.phone, needs.distance)
            return
        }
        let name = min(needs.name, room / 2)
        phone = min(needs.phone, room - name)
        distance = needs.distance <= room - name - phone ? needs.distance : 0
        if phone < 6 { phone = 0 }
    }
}
