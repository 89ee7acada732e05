import FoundationEssentials
import NearbyViewModels
import TerminalView

/// A category, all places, or a search: rows by distance (or the chosen order), compact or detailed.
@MainActor
final class PlacesListView: ScreenView {
    enum Action { case list(ListAction), sort, layout, widen, narrow, match(forward: Bool), favourite }

    private let model: any PlacesListViewModelType
    private let host: ScreenHost
    private let list: ListScreen
    private var keyMap = KeyMap<Action>(title: "Places", [])
    /// The one wake-up for the next time a row shown changes by the clock.
    private var wake: ScheduledWake?
    private var attributionRect: Rect?
    /// The notes under the title (no GPS fix, straight-line distances), one line each, when there is room.
    private var noteRect: Rect?

    init(model: any PlacesListViewModelType, isRoot: Bool, host: ScreenHost) {
        self.model = model
        self.host = host
        list = ListScreen(model: model, isRoot: isRoot, host: host)
        for token in [model.sortOrder.bind(list.redraw), model.layout.bind(list.redraw), model.radius.bind(list.redraw),
                      model.attribution.bind(list.redraw), model.walkingNote.bind(list.redraw),
                      model.locationNotice.bind(list.redraw), model.locationAccuracy.bind(list.redraw)] {
            list.keep(token)
        }
        keyMap = KeyMap(title: "Places", list.navigationBindings { .list($0) } + [
            KeyBinding([.character("s")], "sort", action: .sort),
            KeyBinding([.character("v")], "layout", action: .layout),
            KeyBinding([.character("f")], "favourite", action: .favourite, inFooter: false)
                .enabled { [unowned model] in model.offersFavourites },
            KeyBinding([.character("+")], "+-", "radius", action: .widen),
            KeyBinding([.character("-")], "narrow", action: .narrow, inFooter: false),
            KeyBinding([.character("n")], "next name match", action: .match(forward: true), inFooter: false)
                .enabled { [unowned model] in model.matchText != nil && model.rowCount > 1 },
            KeyBinding([.character("N")], "previous name match", action: .match(forward: false), inFooter: false)
                .enabled { [unowned model] in model.matchText != nil && model.rowCount > 1 },
        ] + list.commonBindings { .list($0) })
        list.keep(model.dataAge.bind(list.redraw))
        list.keep(model.nextRefresh.bindAndFire { [weak self] date in self?.scheduleWake(at: date) })
        model.load()
    }

    var hints: [KeyHint] { list.hints(keyMap) }
    var helpTitle: String { "Places — keys" }
    var helpLines: [KeyHint] { keyMap.helpLines }
    var statusMessage: StatusBarMessage? {
        guard var message = model.status.value?.barMessage else { return nil }
        // A failed favourite is tried again with the key that failed, as in the detail.
        if message.kind == .error, case .place(let row) = model.row(at: model.selection.value),
           case .failed = row.favourite, let key = keyMap.key(for: { if case .favourite = $0 { true } else { false } }) {
            message.text += "  \(key) retry"
        }
        return message
    }
    func dismissStatus() { model.dismissStatus() }
    var capturesText: Bool { list.capturesText }

    func close() {
        list.close()
        wake = nil
    }

    /// One wake-up when a row shown next changes its open state; none while nothing is due.
    private func scheduleWake(at date: Date?) {
        wake = date.map { host.wake($0) { [weak self] in self?.model.timeDidPass() } }
    }

    // MARK: Events

    func handle(_ event: InputEvent) -> Bool {
        if let handled = list.handleBeforeKeyMap(event) { return handled }
        guard case .key(let key) = event, let action = keyMap.action(for: key) else { return false }
        switch action {
        case .list(let action): list.perform(action)
        case .sort: model.cycleSort()
        case .layout: model.toggleLayout()
        case .widen: model.widenRadius()
        case .narrow: model.narrowRadius()
        case .match(let forward): model.selectNameMatch(forward: forward)
        case .favourite: model.toggleFavourite()
        }
        return true
    }

    // MARK: Frames

    func layout(in rect: Rect, theme: Theme) {
        var body = rect.inset(top: 1)
        attributionRect = nil
        noteRect = nil
        let notes = self.notes
        if !notes.isEmpty, body.height > notes.count + 3 {
            noteRect = Rect(x: body.x, y: body.y, width: body.width, height: notes.count)
            body = body.inset(top: notes.count)
        }
        // The source's attribution (and the cache's age) stays on screen with its data.
        if !attributionText.isEmpty, body.height > 3 {
            let split = body.splitBottom(1)
            body = split.rest
            attributionRect = split.bottom
        }
        list.rowHeight = model.layout.value == .detailed ? 2 : 1
        list.layout(in: body)
    }

    /// "© OpenStreetMap contributors · from 3 min ago": the sources and how old a cache's answer is.
    private var attributionText: String {
        [model.attribution.value, model.dataAge.value ?? ""].filter { !$0.isEmpty }.joined(separator: " · ")
    }

    /// "No GPS fix — showing Vaduz", "… distances are straight lines": why the list is not what it could be.
    private var notes: [String] {
        [model.locationNotice.value, model.walkingNote.value].compactMap { $0 }
    }

    func draw(into buffer: CellBuffer, rect: Rect, theme: Theme) {
        let title = [model.title.value, model.locationAccuracy.value].compactMap { $0 }.joined(separator: " · ")
        let spinner = model.isSavingFavourite ? "saving" : model.isLoading.value ? "loading" : nil
        HeaderLine.draw(in: buffer, rect: rect, title: title, loading: spinner,
                        badge: host.headerBadge(), theme: theme)
        if let noteRect {
            for (i, note) in notes.prefix(noteRect.height).enumerated() {
                buffer.write("ⓘ " + note, in: noteRect.row(i).inset(left: 1, right: 1), style: theme.secondary)
            }
        }
        if let attributionRect {
            buffer.write(attributionText, in: attributionRect.inset(right: 1), style: theme.secondary,
                         alignment: .right)
        }
        let detailed = list.rowHeight == 2
        let walking = model.offersWalkingTimes
        let retryKey = keyMap.key { if case .list(.retry) = $0 { true } else { false } }
        let widenKey = keyMap.key { if case .widen = $0 { true } else { false } }
        list.draw(in: buffer, theme: theme) { index, buffer, rect, selected in
            Self.drawRow(model.row(at: index), in: buffer, rect: rect, selected: selected, detailed: detailed,
                         walking: walking, retryKey: retryKey, widenKey: widenKey, theme: theme)
        }
    }

    /// One row of a places list: a place, a spinner, an error or the empty text (naming `widenKey` when a wider
    /// search could find more). Returns whether the row can be selected.
    static func drawRow(_ row: PlacesListRow, in buffer: CellBuffer, rect: Rect, selected: Bool, detailed: Bool,
                        walking: Bool, retryKey: String?, widenKey: String?, theme: Theme) -> Bool {
        let line = rect.row(0)
        switch row {
        case .place(let place):
            drawPlace(place, in: buffer, rect: rect, selected: selected, detailed: detailed, walking: walking,
                      theme: theme)
            return true
        case .loading(let text), .moreLoading(let text):
            ListRows.loading(text, in: buffer, line: line, theme: theme)
            return false
        case .error(let message):
            ListRows.error(message, retryKey: retryKey, in: buffer, line: line, selected: selected, theme: theme)
            return true
        case .empty(let text, let canWiden):
            ListRows.empty(text, suggestion: canWiden ? widenKey.map { "\($0) widens the search" } : nil,
                           in: buffer, line: line, theme: theme)
            return true
        }
    }

    static func drawPlace(_ place: PlaceRowModel, in buffer: CellBuffer, rect: Rect, selected: Bool,
                          detailed: Bool, walking: Bool, theme: Theme) {
        let line = rect.row(0)
        buffer.fill(rect, style: selected ? theme.selection : .plain)
        let base = selected ? theme.selection : theme.text
        let dim = selected ? theme.selection : theme.secondary
        let openStyle = selected ? theme.selection
            : place.isClosingSoon ? theme.warning : (place.isOpen ? theme.success : theme.secondary)
        // The same columns for every row, rating or not, so the list reads as a table.
        let ratingWidth = line.width >= 70 ? 14 : 0
        let openWidth = min(26, line.width / 3)
        let distanceWidth = 10
        // Walking minutes beside the distance, in a column of their own while the source has paths.
        let walkWidth = walking && line.width >= 40 ? 9 : 0
        let subtitleWidth = !detailed && line.width >= 100 ? 24 : 0
        let nameWidth = max(4, line.width - 1 - subtitleWidth - distanceWidth - walkWidth - openWidth - ratingWidth - 3)
        // The favourite's mark stands in the gutter before the name, so names stay in one column.
        if let mark = FavouriteMark.gutter(place.favourite) {
            let style = selected ? theme.selection : mark.isFailure ? theme.error : theme.accent
            buffer.write(mark.text, in: Rect(x: line.x, y: line.y, width: 1, height: 1), style: style)
        }
        var x = line.x + 1
        if FavouriteMark.isTicked(place.favourite), nameWidth > 6 {
            // ✓ after the name while the change made from the list is news.
            let shown = min(DisplayWidth.of(place.name), nameWidth - 2)
            buffer.write(place.name, in: Rect(x: x, y: line.y, width: nameWidth - 2, height: 1), style: base)
            buffer.write("✓", in: Rect(x: x + shown + 1, y: line.y, width: 1, height: 1),
                         style: selected ? theme.selection : theme.success)
        } else {
            buffer.write(place.name, in: Rect(x: x, y: line.y, width: nameWidth, height: 1), style: base)
        }
        x += nameWidth + 1
        if subtitleWidth > 0 {
            buffer.write(place.subtitle, in: Rect(x: x, y: line.y, width: subtitleWidth - 1, height: 1), style: dim)
            x += subtitleWidth
        }
        buffer.write(place.distance, in: Rect(x: x, y: line.y, width: distanceWidth - 1, height: 1), style: dim,
                     alignment: .right)
        x += distanceWidth
        if walkWidth > 0 {
            buffer.write(place.walk ?? "", in: Rect(x: x, y: line.y, width: walkWidth - 1, height: 1), style: base,
                         alignment: .right)
            x += walkWidth
        }
        x += 1
        buffer.write(place.openState, in: Rect(x: x, y: line.y, width: openWidth, height: 1), style: openStyle)
        if let rating = place.rating, ratingWidth > 0 {
            buffer.write(rating, in: Rect(x: line.maxX - ratingWidth, y: line.y, width: ratingWidth - 1, height: 1),
                         style: dim, alignment: .right)
        }
        if detailed, rect.height > 1 {
            buffer.write(place.detailLine, in: rect.row(1).inset(left: 3, right: 1), style: dim)
        }
    }
}
