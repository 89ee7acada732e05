import FoundationEssentials
import NearbyCore
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
    /// The detailed rows' thumbnails, where the app draws pictures and they may be fetched.
    private let thumbnailSlots: ThumbnailSlots?
    /// Whether the rows laid out last have a thumbnail column.
    private var showsThumbnails = false
    /// The rows' pictures as last looked up, for the rows' revision.
    private var knownPictures: (revision: Int, pictures: [Int: RemotePicture?]) = (-1, [:])

    init(model: any PlacesListViewModelType, isRoot: Bool, host: ScreenHost) {
        self.model = model
        list = ListScreen(model: model, isRoot: isRoot, host: host)
        thumbnailSlots = model.thumbnails == nil ? nil
            : host.pictures.map { ThumbnailSlots(painter: $0, invalidate: host.invalidate) }
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
        if let thumbnails = model.thumbnails {
            list.keep(thumbnails.revision.bind { [host] _ in host.invalidate() })
        }
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

    func close() {
        thumbnailSlots?.close()
        list.close()
    }

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
        // Detailed rows have a thumbnail column where pictures are drawn; the places in view have theirs fetched.
        showsThumbnails = list.rowHeight == 2 && theme.pictures.isOn && thumbnailSlots != nil
        if showsThumbnails, let thumbnails = model.thumbnails {
            thumbnails.show(list.shownRows.compactMap(picture(at:)))
        }
    }

    /// The picture of row `index`, looked up once per revision of the rows: a key that scrolls the list by a row
    /// asks the view model for that row only.
    private func picture(at index: Int) -> RemotePicture? {
        if knownPictures.revision != model.rowsRevision.value {
            knownPictures = (model.rowsRevision.value, [:])
        }
        if let known = knownPictures.pictures[index] { return known }
        let picture: RemotePicture? = if case .place(let place) = model.row(at: index) { place.picture } else { nil }
        if knownPictures.pictures.count > 512 { knownPictures.pictures = [:] }
        knownPictures.pictures[index] = .some(picture)
        return picture
    }

    /// The thumbnail column's width (4 cells and a space) when rows have one.
    static let thumbnailColumn = 5

    /// Returns once the thumbnails in view are painted (for tests).
    func thumbnailsPainted() async { await thumbnailSlots?.painting() }

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
    private var rowGeneration: [Int] {
        [model.offersWalkingTimes ? 1 : 0, showsThumbnails ? 1 : 0, model.thumbnails?.revision.value ?? 0]
    }

    /// Draws one row, for a frame or ahead of one.
    private func rowDrawer(theme: Theme) -> (Int, CellBuffer, Rect, Bool) -> Bool {
        let detailed = list.rowHeight == 2
        let walking = model.offersWalkingTimes, ratings = model.showsRatings
        let retryKey = retryKey, widenKey = widenKey, model = model
        let remedy = { (fix: EmptyPlacesRemedy) in
            fix == .widenRadius ? widenKey.map { "\($0) widens the search" } : nil
        }
        let thumbnails = showsThumbnails ? model.thumbnails : nil
        let slots = thumbnailSlots
        return { index, buffer, rect, selected in
            let row = model.row(at: index)
            guard let thumbnails, let slots, case .place(let place) = row else {
                return PlaceRowView.draw(row, in: buffer, rect: rect, selected: selected, detailed: detailed,
                                         walking: walking, ratings: ratings, retryKey: retryKey, remedy: remedy,
                                         theme: theme)
            }
            let column = Rect(x: rect.x, y: rect.y, width: Self.thumbnailColumn, height: rect.height)
            buffer.fill(column, style: selected ? theme.selection : .plain)
            _ = PlaceRowView.draw(row, in: buffer, rect: rect.inset(left: Self.thumbnailColumn), selected: selected,
                                  detailed: detailed, walking: walking, ratings: ratings, retryKey: retryKey,
                                  remedy: remedy, theme: theme)
            guard let picture = place.picture else { return true }
            let box = Rect(x: rect.x + 1, y: rect.y, width: Self.thumbnailColumn - 1, height: rect.height)
            let state = slots.state(key: picture.stored, picture: thumbnails.state(of: picture), in: box,
                                    mode: theme.pictures)
            if case .loading = state {
                // A dot holds the place: a spinner in every row would be noise.
                buffer.write("·", in: box.row(0), style: selected ? theme.selection : theme.secondary)
            } else {
                PictureBox.draw(state, in: buffer, rect: box, theme: theme)
            }
            // A row with pixels placed is drawn again each frame: a kept row's cells would not carry them.
            return state.isSettled
        }
    }
}
