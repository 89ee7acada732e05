import FoundationEssentials
import NearbyViewModels
import TerminalView

/// A category, all places, or a search: rows by distance (or the chosen order), compact or detailed.
@MainActor
final class PlacesListView: ScreenView {
    enum Action { case list(ListAction), sort, layout, widen, narrow, match(forward: Bool), favourite }

    private let model: any PlacesListViewModelType
    let list: ListScreen
    private var keyMap = KeyMap<Action>(title: "Places", [])
    /// The labels of keys the rows and the status name, looked up once: the map does not change.
    private var retryKey: String?
    private var widenKey: String?
    private var favouriteKey: String?

    init(model: any PlacesListViewModelType, isRoot: Bool, host: ScreenHost) {
        self.model = model
        list = ListScreen(model: model, isRoot: isRoot, host: host)
        let keys = host.keys.lookup(.places)
        keyMap = KeyMap(title: "Places", list.navigationBindings(keys) { .list($0) } + [
            KeyBinding(keys("sort"), action: .sort),
            KeyBinding(keys("layout"), action: .layout),
            KeyBinding(keys("favourite"), action: Action.favourite, inFooter: false)
                .enabled { [unowned model] in model.offersFavourites },
            // "+- radius" in the footer; the help says what each does.
            KeyBinding(keys("widen"), action: .widen, footer: .custom(keys: "+-", summary: "radius")),
            KeyBinding(keys("narrow"), action: .narrow, inFooter: false),
            KeyBinding(keys("next_match"), action: .match(forward: true), inFooter: false)
                .enabled { [unowned model] in model.matchText != nil && model.rowCount > 1 },
            KeyBinding(keys("previous_match"), action: .match(forward: false), inFooter: false)
                .enabled { [unowned model] in model.matchText != nil && model.rowCount > 1 },
        ] + list.commonBindings(keys) { .list($0) })
        retryKey = keyMap.key { if case .list(.retry) = $0 { true } else { false } }
        widenKey = keyMap.key { if case .widen = $0 { true } else { false } }
        favouriteKey = keyMap.key { if case .favourite = $0 { true } else { false } }
        // Woken when a row shown changes its open state; nothing ticks while nothing is due.
        list.keep(host.wakes(model.nextRefresh) { [model] in model.timeDidPass() })
        model.load()
    }

    var hints: [KeyHint] { list.hints(keyMap) }
    var helpTitle: String { "Places — keys" }
    var helpLines: [KeyHint] { keyMap.helpLines }
    var statusMessage: StatusBarMessage? {
        guard var message = model.status.value?.barMessage else { return nil }
        // A failed favourite is tried again with the key that failed, as in the detail.
        if message.kind == .error, case .place(let row) = model.row(at: model.selection.value),
           case .failed = row.favourite, let key = favouriteKey {
            message.text += "  \(key) retry"
        }
        return message
    }
    func dismissStatus() { model.dismissStatus() }
    var capturesText: Bool { list.capturesText }

    func close() { list.close() }

    // MARK: Events

    func handle(_ event: InputEvent) -> Bool {
        list.handle(event, keyMap: keyMap) { action in
            switch action {
            case .list(let action): list.perform(action)
            case .sort: model.cycleSort()
            case .layout: model.toggleLayout()
            case .widen: model.widenRadius()
            case .narrow: model.narrowRadius()
            case .match(let forward): model.selectNameMatch(forward: forward)
            case .favourite: model.toggleFavourite()
            }
        }
    }

    // MARK: Frames

    func layout(in rect: Rect, theme: Theme) {
        list.rowHeight = model.layout.value == .detailed ? 2 : 1
        // Why the list is not what it could be ("No GPS fix — showing Vaduz", "… distances are straight lines").
        let notes = [model.locationNotice.value, model.walkingNote.value].compactMap { $0 }
        // The sources, and how old a cache's answer is: "© OpenStreetMap contributors · from 3 min ago".
        let sources = [model.attribution.value, model.dataAge.value ?? ""].filter { !$0.isEmpty }
        list.layout(in: rect.inset(top: 1), notes: notes, footnote: sources.joined(separator: " · "))
    }

    func draw(into buffer: CellBuffer, rect: Rect, theme: Theme) {
        let title = [model.title.value, model.locationAccuracy.value].compactMap { $0 }.joined(separator: " · ")
        list.drawHeader(in: buffer, rect: rect, title: title, busy: model.isSavingFavourite ? "saving" : nil,
                        theme: theme)
        list.draw(in: buffer, theme: theme, generation: rowGeneration, drawRow: rowDrawer(theme: theme))
    }

    func prepareNextFrame(theme: Theme) {
        list.prepare(generation: rowGeneration, drawRow: rowDrawer(theme: theme))
    }

    /// What the rows' cells depend on besides the list's: whether they have a walking column (it goes when the
    /// walking probe fails, without the rows changing).
    private var rowGeneration: [Int] { [model.offersWalkingTimes ? 1 : 0] }

    /// Draws one row, for a frame or ahead of one.
    private func rowDrawer(theme: Theme) -> (Int, CellBuffer, Rect, Bool) -> Bool {
        let detailed = list.rowHeight == 2
        let walking = model.offersWalkingTimes, ratings = model.showsRatings
        let retryKey = retryKey, widenKey = widenKey, model = model
        let remedy = { (fix: EmptyPlacesRemedy) in
            fix == .widenRadius ? widenKey.map { "\($0) widens the search" } : nil
        }
        return { index, buffer, rect, selected in
            PlaceRowView.draw(model.row(at: index), in: buffer, rect: rect, selected: selected, detailed: detailed,
                              walking: walking, ratings: ratings, retryKey: retryKey, remedy: remedy, theme: theme)
        }
    }
}
