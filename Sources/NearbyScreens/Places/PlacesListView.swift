import FoundationEssentials
import NearbyViewModels
import TerminalView

/// A category, all places, or a search: rows by distance (or the chosen order), compact or detailed.
@MainActor
final class PlacesListView: ScreenView {
    enum Action { case move, open, filter, sort, layout, widen, narrow, retry, back }

    private let model: any PlacesListViewModelType
    private let host: ScreenHost
    private var tokens: [ObservationToken] = []
    private var listState = ListState()
    private var listRect = Rect(x: 0, y: 0, width: 0, height: 0)
    private var rowCache = RowCache()
    private var filterLine = FilterLine()
    private let clockWake = ClockWake()
    private let keyMap: KeyMap<Action>

    init(model: any PlacesListViewModelType, isRoot: Bool, host: ScreenHost) {
        self.model = model
        self.host = host
        keyMap = KeyMap(title: "Places", [
            KeyBinding([.up, .down, .character("k"), .character("j")], "↑↓", "move", action: .move),
            KeyBinding([.enter, .right, .character("l")], "enter", "open", action: .open),
            KeyBinding([.character("/")], "filter", action: .filter),
            KeyBinding([.character("s")], "sort", action: .sort),
            KeyBinding([.character("v")], "layout", action: .layout),
            KeyBinding([.character("+")], "+-", "radius", action: .widen),
            KeyBinding([.character("-")], "narrow", action: .narrow, inFooter: false),
            KeyBinding([.character("r")], "retry", action: .retry, inFooter: false),
            KeyBinding([.escape, .backspace, .left, .character("q"), .character("h")], isRoot ? "q" : "esc",
                       isRoot ? "quit" : "back", action: .back),
        ])
        let redraw: @MainActor (Any) -> Void = { [weak self] _ in self?.host.invalidate() }
        tokens = [
            model.title.bind(redraw), model.filter.bind(redraw), model.sortOrder.bind(redraw), model.layout.bind(redraw),
            model.radius.bind(redraw), model.rowsRevision.bind(redraw), model.selection.bind(redraw),
            model.isLoading.bind(redraw), model.status.bind(redraw), model.attribution.bind(redraw), model.dataAge.bind(redraw),
            model.nextRefresh.bindAndFire { [weak self] date in
                self?.clockWake.schedule(at: date) { [weak self] in self?.model.timeDidPass() }
            },
        ]
        model.load()
    }

    var hints: [KeyHint] {
        if filterLine.isEditing { return FilterLine.hints }
        let errorSelected = if case .error = model.row(at: model.selection.value) { true } else { false }
        return ListNavigation.hints(for: keyMap, errorSelected: errorSelected)
    }

    var helpTitle: String { "Places — keys" }
    var helpLines: [KeyHint] {
        ListNavigation.helpLines(for: keyMap)
    }
    var statusMessage: StatusBarMessage? { model.status.value?.barMessage }
    var capturesText: Bool { filterLine.isEditing }

    func close() {
        tokens.forEach { $0.cancel() }
        tokens.removeAll()
        clockWake.cancel()
    }

    private var rowHeight: Int { model.layout.value == .detailed ? 2 : 1 }

    // MARK: Events

    func handle(_ event: InputEvent) -> Bool {
        if case .key = event, model.status.value != nil { model.dismissStatus() }
        if filterLine.isEditing, case .key(let key) = event {
            filterLine.handle(key) { model.setFilter($0) }
            return true
        }
        switch ListNavigation.route(event, selection: model.selection.value, count: model.rowCount, rect: listRect,
                                    rowHeight: rowHeight, state: &listState) {
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
        switch action {
        case .move: break
        case .open: model.open(at: model.selection.value)
        case .filter: filterLine.begin(with: model.filter.value)
        case .sort: model.cycleSort()
        case .layout: model.toggleLayout()
        case .widen: model.widenRadius()
        case .narrow: model.narrowRadius()
        case .retry: model.retry()
        case .back:
            if !model.filter.value.isEmpty { model.setFilter("") } else { host.back() }
        }
    }

    // MARK: Drawing

    func draw(into buffer: CellBuffer, rect: Rect, theme: Theme) {
        HeaderLine.draw(in: buffer, rect: rect, title: model.title.value,
                        loading: model.isLoading.value ? "loading" : nil, theme: theme)
        var body = rect.inset(top: 1)
        // The source's attribution stays on screen with its data.
        let attribution = [model.attribution.value, model.dataAge.value ?? ""].filter { !$0.isEmpty }
            .joined(separator: " · ")
        if !attribution.isEmpty, body.height > 3 {
            let split = body.splitBottom(1)
            body = split.rest
            buffer.write(attribution, in: split.bottom.inset(right: 1), style: theme.secondary, alignment: .right)
        }
        if filterLine.isEditing || !model.filter.value.isEmpty {
            let split = body.splitBottom(1)
            body = split.rest
            filterLine.draw(in: buffer, rect: split.bottom, filter: model.filter.value, theme: theme)
        }
        listRect = body
        listState.selected = model.selection.value
        let height = rowHeight
        let count = model.rowCount
        var first = Int.max, last = 0
        // Rows change with the list's revision and the width; moving the selection redraws just two of them.
        rowCache.beginFrame(generation: [model.rowsRevision.value, body.width, height])
        ListView.draw(in: body, state: &listState, count: count, rowHeight: height) { index, rowRect, selected in
            first = min(first, index)
            last = max(last, index)
            rowCache.draw(index: index, selected: selected, in: buffer, rect: rowRect) { buffer, rect in
                let row = model.row(at: index)
                drawRow(row, in: buffer, rect: rect, selected: selected, theme: theme)
                if case .place = row { return true }
                return false
            }
        }
        rowCache.endFrame()
        if first <= last { model.setVisibleRows(first..<(last + 1)) }
    }

    private func drawRow(_ row: PlacesListRow, in buffer: CellBuffer, rect: Rect, selected: Bool, theme: Theme) {
        let line = rect.row(0)
        switch row {
        case .place(let place):
            buffer.fill(rect, style: selected ? theme.selection : .plain)
            let base = selected ? theme.selection : theme.text
            let dim = selected ? theme.selection : theme.secondary
            let openStyle = selected ? theme.selection : (place.openness == .open ? theme.success : theme.secondary)
            // The same columns for every row, rating or not, so the list reads as a table.
            let ratingWidth = line.width >= 70 ? 14 : 0
            let openWidth = min(26, line.width / 3)
            let distanceWidth = 10
            let subtitleWidth = rowHeight == 1 && line.width >= 100 ? 24 : 0
            let nameWidth = max(4, line.width - 1 - subtitleWidth - distanceWidth - openWidth - ratingWidth - 3)
            var x = line.x + 1
            buffer.write(place.name, in: Rect(x: x, y: line.y, width: nameWidth, height: 1), style: base)
            x += nameWidth + 1
            if subtitleWidth > 0 {
                buffer.write(place.subtitle, in: Rect(x: x, y: line.y, width: subtitleWidth - 1, height: 1), style: dim)
                x += subtitleWidth
            }
            buffer.write(place.distance, in: Rect(x: x, y: line.y, width: distanceWidth - 1, height: 1), style: dim,
                         alignment: .right)
            x += distanceWidth + 1
            buffer.write(place.openState, in: Rect(x: x, y: line.y, width: openWidth, height: 1), style: openStyle)
            if let rating = place.rating, ratingWidth > 0 {
                buffer.write(rating, in: Rect(x: line.maxX - ratingWidth, y: line.y, width: ratingWidth - 1, height: 1),
                             style: dim, alignment: .right)
            }
            if rowHeight == 2, rect.height > 1 {
                buffer.write(place.detailLine, in: rect.row(1).inset(left: 3, right: 1), style: dim)
            }
        case .loading(let text), .moreLoading(let text):
            ListRows.loading(text, in: buffer, line: line, theme: theme)
        case .error(let message, let retryHint):
            ListRows.error(message, retryHint: retryHint, in: buffer, line: line, selected: selected, theme: theme)
        case .empty(let text):
            buffer.write(text, in: line.inset(left: 1), style: theme.secondary)
        }
    }
}
