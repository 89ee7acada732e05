import NearbyViewModels
import TerminalView
import TerminalText

/// The scaffold of a list screen (Friends, Places, and any list to come): the redraw bindings, the list keys
/// (moves, open, filter, retry or refresh, back), the filter line, the mouse, the scroll position, telling
/// the view model which rows are shown, the header, notes above the rows and a footnote below them, and
/// drawing the rows through a `RowCache`.
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
    /// The notes above the rows, one a line, and the footnote below them, where the last layout put them.
    private var notes: (rect: Rect, lines: [String])?
    private var footnote: (rect: Rect, text: String)?
    private(set) var filterLine = FilterLine()
    private var rowCache = RowCache()
    /// Rows the frames so far laid out instead of copying (for tests).
    var rowsLaidOut: Int { rowCache.rowsLaidOut }
    /// The header, the footnote and the notes, which stay the same while the rows scroll (slots 0, 1, 2…).
    private var lineCache = LineCache<[String?]>()
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

    // MARK: Events

    /// Typing in the filter line and the mouse on the rows first, then the key map: `perform` gets the action
    /// of a key the map binds. False when nothing took the event.
    func handle<Action>(_ event: InputEvent, keyMap: KeyMap<Action>, perform: (Action) -> Void) -> Bool {
        if let handled = handleBeforeKeyMap(event) { return handled }
        guard case .key(let key) = event, let action = keyMap.action(for: key) else { return false }
        perform(action)
        return true
    }

    /// Typing in the filter line and the mouse on the rows; nil when the event is the key map's.
    private func handleBeforeKeyMap(_ event: InputEvent) -> Bool? {
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
        case .move(.last):
            // The list's own end, which may lie pages beyond the rows loaded; the view follows the selection.
            model.selectLast()
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

    /// The rows the last layout showed.
    var shownRows: Range<Int> { reported?.rows ?? 0..<0 }

    // MARK: Frames

    /// Places the notes (each with a line of its own, while the rows keep room), the footnote (the sources'
    /// attribution, on the last line while there is room), the filter line (while typing one or while one is
    /// set) and the rows in `body`; keeps the selection in sight, and tells the view model which rows are shown.
    func layout(in body: Rect, notes: [String] = [], footnote: String = "") {
        var body = body
        self.notes = nil
        self.footnote = nil
        if !notes.isEmpty, body.height > notes.count + 3 {
            self.notes = (Rect(x: body.x, y: body.y, width: body.width, height: notes.count), notes)
            body = body.inset(top: notes.count)
        }
        // A source's attribution stays on screen with its data.
        if !footnote.isEmpty, body.height > 3 {
            let split = body.splitBottom(1)
            body = split.rest
            self.footnote = (split.bottom, footnote)
        }
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

    /// The header line: `title` (the view model's by default), a spinner with `busy` (by default "loading"
    /// while the view model loads), and the badge of a chosen time.
    func drawHeader(in buffer: CellBuffer, rect: Rect, title: String? = nil, busy: String? = nil, theme: Theme) {
        let title = title ?? model.title.value
        let loading = busy ?? (model.isLoading.value ? "loading" : nil)
        let badge = host.headerBadge()
        // A header with a spinner is drawn every frame: its spinner cells are registered as it is drawn.
        guard loading == nil else {
            return HeaderLine.draw(in: buffer, rect: rect, title: title, loading: loading, badge: badge, theme: theme)
        }
        lineCache.draw(slot: 0, key: [title, badge], in: buffer, rect: rect) {
            HeaderLine.draw(in: buffer, rect: $0, title: title, loading: nil, badge: badge, theme: theme)
        }
    }

    /// Draws the notes, the footnote, the filter line and the rows shown. A row is copied from the last frame
    /// when its content (`generation`: the list's revision, width, row height, and whatever else the screen
    /// adds), index and highlight are unchanged; `drawRow` returns whether its row may be kept so (a spinner
    /// row may not).
    func draw(in buffer: CellBuffer, theme: Theme, generation: [Int] = [],
              drawRow: (_ index: Int, _ buffer: CellBuffer, _ rect: Rect, _ selected: Bool) -> Bool) {
        if let notes {
            for (i, note) in notes.lines.enumerated() {
                let line = notes.rect.row(i).inset(left: 1, right: 1)
                lineCache.draw(slot: i + 2, key: [note], in: buffer, rect: line) {
                    buffer.write("ⓘ " + note, in: $0, style: theme.secondary)
                }
            }
        }
        if let footnote {
            lineCache.draw(slot: 1, key: [footnote.text], in: buffer, rect: footnote.rect.inset(right: 1)) {
                buffer.write(footnote.text, in: $0, style: theme.secondary, alignment: .right)
            }
        }
        if let filterRect {
            filterLine.draw(in: buffer, rect: filterRect, filter: model.filter.value, theme: theme)
        }
        rowCache.beginFrame(generation: rowGeneration(generation))
        ListView.draw(in: listRect, top: scroll.top, count: model.rowCount, selection: model.selection.value,
                      rowHeight: rowHeight) { index, rect, selected in
            rowCache.draw(index: index, selected: selected, in: buffer, rect: rect) { buffer, rect in
                drawRow(index, buffer, rect, selected)
            }
        }
        rowCache.endFrame()
    }

    /// After a frame, while no key waits: draws the rows the next move shows anew (the selected row without
    /// its highlight, the rows above and below it with it), so that a key which moves the selection or scrolls
    /// a row in copies them. `generation` and `drawRow` are those of `draw`.
    func prepare(generation: [Int] = [],
                 drawRow: (_ index: Int, _ buffer: CellBuffer, _ rect: Rect, _ selected: Bool) -> Bool) {
        let count = model.rowCount, selection = model.selection.value
        let key = rowGeneration(generation)
        for (index, selected) in [(selection, false), (selection + 1, true), (selection - 1, true)]
        where (0..<count).contains(index) {
            rowCache.prepare(index: index, selected: selected, generation: key, width: listRect.width,
                             height: rowHeight) { buffer, rect in
                drawRow(index, buffer, rect, selected)
            }
        }
    }

    /// What the rows' cells depend on: the list's cell revision (a page added at the end keeps it), the width,
    /// the row height, and the screen's own.
    private func rowGeneration(_ generation: [Int]) -> [Int] {
        [model.rowCellsRevision, listRect.width, rowHeight] + generation
    }

    func close() {
        tokens.forEach { $0.cancel() }
        tokens.removeAll()
    }
}
