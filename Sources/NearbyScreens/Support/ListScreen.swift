import NearbyViewModels
import TerminalView

/// What every list screen does the same way, whatever its rows: the actions each screen's key map wraps.
enum ListAction: Hashable {
    case move(ListMove)
    case open
    case filter
    case clearFilter
    case retry
    case refresh
    case back
}

/// The scaffold of a list screen (Friends, Places, and any list to come): the redraw bindings, the list keys
/// (moves, open, filter, retry or refresh, back), the filter line, the mouse, the scroll position, telling
/// the view model which rows are shown, and drawing the rows through a `RowCache`.
///
/// A screen keeps only its own actions and how one row looks. The selection belongs to the view model;
/// this keeps the first row shown.
@MainActor
final class ListScreen {
    let model: any ListViewModelType
    let isRoot: Bool
    private let host: ScreenHost
    private var tokens: [ObservationToken] = []
    private(set) var scroll = ListScroll()
    /// Where the rows went in the last layout.
    private(set) var listRect = Rect(x: 0, y: 0, width: 0, height: 0)
    private var filterRect: Rect?
    private(set) var filterLine = FilterLine()
    private var rowCache = RowCache()
    /// The rows last reported with `show(rows:)`, and the revision they were reported for.
    private var reported: (rows: Range<Int>, revision: Int)?
    /// Rows of the list per entry (2 in a detailed layout).
    var rowHeight = 1

    init(model: any ListViewModelType, isRoot: Bool, host: ScreenHost) {
        self.model = model
        self.isRoot = isRoot
        self.host = host
        // Every observable that changes what is drawn asks for a frame; many changes make one frame.
        tokens = model.observeAll { [host] in host.invalidate() }
    }

    /// Keeps one of the screen's own observations alive until `close()`.
    func keep(_ token: ObservationToken) { tokens.append(token) }

    // MARK: Keys

    /// The moves and open: the head of every list's key map.
    func navigationBindings<Action>(_ wrap: (ListAction) -> Action) -> [KeyBinding<Action>] {
        let model = model
        var bindings = ListKeys.bindings { wrap(.move($0)) }.map { binding in
            binding.enabled { model.rowCount > 1 }
        }
        bindings.append(KeyBinding([.enter, .right, .character("l")], "open", action: wrap(.open))
            .enabled { model.canOpen(at: model.selection.value) })
        return bindings
    }

    /// Filter, retry or refresh, and the way back: the tail of every list's key map.
    func commonBindings<Action>(_ wrap: (ListAction) -> Action) -> [KeyBinding<Action>] {
        let model = model
        var bindings = [
            KeyBinding([.character("/")], "filter", action: wrap(.filter)),
            KeyBinding([.character("r")], "retry", action: wrap(.retry)).enabled { model.canRetry },
            KeyBinding([.character("r")], "refresh", action: wrap(.refresh), inFooter: false)
                .enabled { !model.canRetry },
        ]
        if isRoot {
            // The first screen: only q leaves (Esc or Backspace once too often must not end the session).
            bindings.append(KeyBinding([.escape], "clear the filter", action: wrap(.clearFilter), inFooter: false)
                .enabled { !model.filter.value.isEmpty })
            bindings.append(KeyBinding([.character("q")], "quit", action: wrap(.back)).essential())
        } else {
            bindings.append(KeyBinding([.escape, .backspace, .left, .character("q"), .character("h")], "esc", "back",
                                       action: wrap(.back)).essential())
        }
        return bindings
    }

    /// The footer: the filter line's keys while typing a filter, else the key map's.
    func hints<Action>(_ keyMap: KeyMap<Action>) -> [KeyHint] {
        filterLine.isEditing ? FilterLine.hints : keyMap.footerHints
    }

    var capturesText: Bool { filterLine.isEditing }

    // MARK: Events

    /// Typing in the filter line and the mouse on the rows; nil when the event is the key map's.
    func handleBeforeKeyMap(_ event: InputEvent) -> Bool? {
        switch event {
        case .key(let key):
            guard filterLine.isEditing else { return nil }
            filterLine.handle(key) { model.setFilter($0) }
            return true
        case .mouse(let mouse):
            return handleMouse(mouse)
        case .resize:
            return false
        }
    }

    func perform(_ action: ListAction) {
        switch action {
        case .move(let move):
            let target = scroll.apply(move, selection: model.selection.value, count: model.rowCount,
                                      visibleRows: visibleRows)
            model.select(target)
        case .open: model.open(at: model.selection.value)
        case .filter: filterLine.begin(with: model.filter.value)
        case .clearFilter: model.setFilter("")
        case .retry: model.retry()
        case .refresh: model.refresh()
        case .back:
            if !model.filter.value.isEmpty { model.setFilter("") } else { host.back() }
        }
    }

    private func handleMouse(_ mouse: MouseEvent) -> Bool {
        guard let action = ListView.mouseAction(mouse, rect: listRect, top: scroll.top, count: model.rowCount,
                                                selection: model.selection.value, rowHeight: rowHeight)
        else { return false }
        switch action {
        case .scroll(let rows):
            scroll.top += rows
            model.select(min(max(0, model.selection.value + rows), max(0, model.rowCount - 1)))
        case .click(let row, let open):
            model.select(row)
            if open { model.open(at: row) }
        }
        return true
    }

    private var visibleRows: Int { ListView.visibleRows(in: listRect, rowHeight: rowHeight) }

    // MARK: Frames

    /// Places the filter line (while typing one or while one is set) and the rows in `body`, keeps the
    /// selection in sight, and tells the view model which rows are shown.
    func layout(in body: Rect) {
        var rows = body
        filterRect = nil
        if filterLine.isEditing || !model.filter.value.isEmpty {
            let split = body.splitBottom(1)
            rows = split.rest
            filterRect = split.bottom
        }
        listRect = rows
        let count = model.rowCount
        scroll.follow(selection: model.selection.value, count: count, visibleRows: visibleRows)
        let shown = ListView.shownRows(top: scroll.top, count: count, rect: listRect, rowHeight: rowHeight)
        let revision = model.rowsRevision.value
        if reported?.rows != shown || reported?.revision != revision {
            reported = (shown, revision)
            model.show(rows: shown)
        }
    }

    /// Draws the filter line and the rows shown. A row is copied from the last frame when its content
    /// (`generation`: the list's revision, width, row height, and whatever else the screen adds), index and
    /// highlight are unchanged; `drawRow` returns whether its row may be kept so (a spinner row may not).
    func draw(in buffer: CellBuffer, theme: Theme, generation: [Int] = [],
              drawRow: (_ index: Int, _ buffer: CellBuffer, _ rect: Rect, _ selected: Bool) -> Bool) {
        if let filterRect {
            filterLine.draw(in: buffer, rect: filterRect, filter: model.filter.value, theme: theme)
        }
        rowCache.beginFrame(generation: [model.rowsRevision.value, listRect.width, rowHeight] + generation)
        ListView.draw(in: listRect, top: scroll.top, count: model.rowCount, selection: model.selection.value,
                      rowHeight: rowHeight) { index, rect, selected in
            rowCache.draw(index: index, selected: selected, in: buffer, rect: rect) { buffer, rect in
                drawRow(index, buffer, rect, selected)
            }
        }
        rowCache.endFrame()
    }

    func close() {
        tokens.forEach { $0.cancel() }
        tokens.removeAll()
    }
}
