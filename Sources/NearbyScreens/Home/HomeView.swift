import FoundationEssentials
import NearbyViewModels
import TerminalView

/// Home: where you are, hot picks, categories, the closest places of each category, friends nearby.
///
/// The screen is a column of items of different heights, built from the view model when it changes; the list
/// keys move between the selectable ones and the view scrolls to keep the selection in sight. Every key goes
/// through the key map, whose bindings know whether the selected item takes them.
@MainActor
final class HomeView: ScreenView {
    enum Action: Equatable { case move(ListMove), pageLeft, pageRight, open, search, locate, favourites, retry, back }

    /// What the line at the bottom asks for while it is being typed.
    enum Prompt { case search, location }
    /// What Enter and Esc do to that line; every other key edits it.
    enum PromptAction { case take, cancel, pick }

    private let model: any HomeViewModelType
    private let host: ScreenHost
    private let isRoot: Bool
    private var tokens: [ObservationToken] = []
    private var keyMap = KeyMap<Action>(title: "Home", [])
    private var promptKeys = KeyMap<PromptAction>(title: "Search", [])
    /// The selected item, by a key that survives sections loading around it.
    private var selectedKey = "pager"
    private var chipIndex = 0
    private var scrollTop = 0
    private var items: [HomeItem] = []
    /// Whether the items must be built again (the view model changed, or the width).
    private var itemsStale = true
    private var builtWidth = -1
    private var bodyRect = Rect(x: 0, y: 0, width: 0, height: 0)
    /// The line under the items that names the sources, when there is room for it.
    private var attributionRect: Rect?
    /// The search line while `/` is being typed, or the location line of `L`.
    private var search: TextFieldState?
    private var prompt = Prompt.search
    /// The places a name typed after `L` could mean, and the one Tab last put in the line.
    private var choices: [LocationRetry.Choice] = []
    private var choiceIndex: Int?
    /// Home loads when it is first shown: beneath a screen opened with `--open`, it waits until Back.
    private var hasLoaded = false

    init(model: any HomeViewModelType, isRoot: Bool, host: ScreenHost) {
        self.model = model
        self.host = host
        self.isRoot = isRoot
        tokens = model.observeAll(body: { [weak self] in
            self?.itemsStale = true
            self?.host.invalidate()
        }, redraw: { [host] in host.invalidate() })
        // A place `L` could not find: the line opens again with what was typed, and the places it could mean.
        tokens += [model.locationRetry].onChange { [weak self] in self?.reopenLocation() }
        // Woken when an open state shown changes by the clock; nothing ticks while nothing is due.
        tokens.append(host.wakes(model.nextRefresh) { [model] in model.refreshTimes() })
        let anyFailed: @MainActor () -> Bool = { [unowned self] in items.contains { $0.retry != nil } }
        let keys = host.keys.lookup(.home)
        let back = isRoot
            ? KeyBinding(keys("quit"), action: Action.back).essential()
            : KeyBinding(keys("back"), "esc", "back", action: Action.back).essential()
        keyMap = KeyMap(title: "Home", ListKeys.bindings(keys: keys) { .move($0) } + [
            KeyBinding(keys("page_left"), action: .pageLeft, footer: .custom(keys: "←→", summary: "page"))
                .enabled { [unowned self] in selectedItem?.left != nil },
            KeyBinding(keys("page_right"), action: .pageRight, footer: .hidden)
                .enabled { [unowned self] in selectedItem?.right != nil },
            KeyBinding(keys("open"), action: .open).enabled { [unowned self] in selectedItem?.activate != nil },
            KeyBinding(keys("search"), action: .search),
            KeyBinding(keys("locate"), action: .locate, inFooter: false),
            KeyBinding(keys("favourites"), action: .favourites, inFooter: false),
            // With nothing failed, retrying is a refresh (`retryFailed`).
            KeyBinding(keys("retry"), action: .retry).described { anyFailed() ? "retry" : "refresh" },
            back,
        ])
        let promptKeys = host.keys.lookup(.search)
        self.promptKeys = KeyMap(title: "Search", [
            KeyBinding(promptKeys("take"), action: .take)
                .described { [unowned self] in prompt == .search ? "search" : "move" }.essential(),
            KeyBinding(promptKeys("cancel"), "esc", "cancel", action: .cancel).essential(),
            KeyBinding(promptKeys("pick"), "tab", "pick a place", action: .pick)
                .enabled { [unowned self] in prompt == .location && !choices.isEmpty },
        ])
    }

    private func reopenLocation() {
        guard let retry = model.locationRetry.value else { return }
        prompt = .location
        search = TextFieldState(text: retry.text, maxLength: 100)
        choices = retry.choices
        choiceIndex = nil
        host.invalidate()
    }

    var hints: [KeyHint] { search == nil ? keyMap.footerHints : promptKeys.footerHints }

    var helpTitle: String { "Home — keys" }
    var helpLines: [KeyHint] { keyMap.helpLines }
    var statusMessage: StatusBarMessage? { model.status.value?.barMessage }
    func dismissStatus() { model.dismissStatus() }
    var capturesText: Bool { search != nil }

    func close() {
        tokens.forEach { $0.cancel() }
        tokens.removeAll()
    }

    private var selectedItem: HomeItem? { items.first { $0.key == selectedKey } }

    // MARK: Events

    func handle(_ event: InputEvent) -> Bool {
        switch event {
        case .key(let key):
            if search != nil { return handleSearch(key) }
            guard let action = keyMap.action(for: key) else { return false }
            perform(action)
            return true
        case .mouse(let mouse):
            return handleMouse(mouse)
        case .resize:
            return false
        }
    }

    private func perform(_ action: Action) {
        switch action {
        case .move(let move): select(move)
        case .pageLeft: selectedItem?.left?()
        case .pageRight: selectedItem?.right?()
        case .open: selectedItem?.activate?()
        case .search:
            prompt = .search
            search = TextFieldState(maxLength: 100)
        case .locate:
            prompt = .location
            search = TextFieldState(maxLength: 100)
            choices = []
            choiceIndex = nil
        case .favourites: model.openFavourites()
        case .retry: (selectedItem?.retry ?? { [model] in model.retryFailed() })()
        case .back: host.back()
        }
    }

    private func handleSearch(_ key: Key) -> Bool {
        guard var field = search else { return false }
        switch promptKeys.action(for: key) {
        case .take:
            search = nil
            switch prompt {
            case .search: model.openSearch(field.text)
            case .location:
                // The place Tab put in the line, unless it was typed over since.
                if let index = choiceIndex, choices.indices.contains(index), field.text == choices[index].label {
                    model.moveHere(to: choices[index].location)
                } else {
                    model.moveHere(to: field.text)
                }
                choices = []
            }
        case .pick:
            let next = ((choiceIndex ?? -1) + 1) % max(1, choices.count)
            guard choices.indices.contains(next) else { return true }
            choiceIndex = next
            field.setText(choices[next].label)
            search = field
        case .cancel:
            search = nil
            choices = []
        case nil:
            guard field.handle(key) else { return false }
            search = field
        }
        return true
    }

    private func select(_ move: ListMove) {
        let selectable = items.filter(\.isSelectable)
        guard !selectable.isEmpty else { return }
        let index = selectable.firstIndex { $0.key == selectedKey } ?? 0
        let page = max(1, bodyRect.height / 2)
        let target = switch move {
        case .up: index - 1
        case .down: index + 1
        case .pageUp: index - page
        case .pageDown: index + page
        case .first: 0
        case .last: selectable.count - 1
        }
        selectedKey = selectable[min(max(0, target), selectable.count - 1)].key
    }

    /// A click selects an item (a second click opens it); on the pager's arrows it pages, on a category chip
    /// it picks that chip. The wheel moves the selection.
    private func handleMouse(_ mouse: MouseEvent) -> Bool {
        switch mouse.kind {
        case .wheelUp: select(.up); return true
        case .wheelDown: select(.down); return true
        case .press, .click, .doubleClick: break
        }
        var y = bodyRect.y - scrollTop
        for item in items {
            let rect = Rect(x: bodyRect.x, y: y, width: bodyRect.width, height: item.height)
            y += item.height
            guard rect.contains(mouse.point), item.isSelectable else { continue }
            let wasSelected = selectedKey == item.key
            selectedKey = item.key
            switch item.hit?(mouse.point, rect) {
            case .previousPage: item.left?()
            case .nextPage: item.right?()
            case .chip(let index):
                if wasSelected, index == chipIndex || mouse.kind == .doubleClick {
                    chipIndex = index
                    item.activate?()
                }
                chipIndex = index
            case nil:
                if wasSelected, mouse.kind != .press { item.activate?() }
            }
            return true
        }
        return false
    }

    // MARK: Frames

    func layout(in rect: Rect, theme: Theme) {
        if !hasLoaded {
            hasLoaded = true
            model.load()
        }
        var body = rect.inset(top: 1).inset(bottom: search == nil ? 0 : 1)
        attributionRect = nil
        // The source's attribution stays on screen with its data, on the body's last line.
        if !model.attribution.value.isEmpty, body.height > 3 {
            let split = body.splitBottom(1)
            body = split.rest
            attributionRect = split.bottom
        }
        bodyRect = body
        if itemsStale || builtWidth != bodyRect.width {
            items = buildItems(width: bodyRect.width)
            itemsStale = false
            builtWidth = bodyRect.width
        }
        if !items.contains(where: { $0.key == selectedKey && $0.isSelectable }),
           let first = items.first(where: \.isSelectable) {
            selectedKey = first.key
        }
        // Keep the selection in sight.
        var offset = 0
        for item in items {
            if item.key == selectedKey {
                if offset < scrollTop { scrollTop = offset }
                if offset + item.height > scrollTop + bodyRect.height {
                    scrollTop = offset + item.height - bodyRect.height
                }
                break
            }
            offset += item.height
        }
        let total = items.reduce(0) { $0 + $1.height }
        scrollTop = max(0, min(scrollTop, total - bodyRect.height))
    }

    func draw(into buffer: CellBuffer, rect: Rect, theme: Theme) {
        let header = model.header.value
        var title = "Nearby · " + header.location
        if let localTime = header.localTime { title += " · " + localTime }
        if let summary = header.summary { title += " · " + summary }
        if let age = header.age { title += " · " + age }
        if let gps = header.gps { title += " · " + gps }
        HeaderLine.draw(in: buffer, rect: rect, title: title, loading: model.isLoading.value ? "updating" : nil,
                        badge: host.headerBadge(), theme: theme)
        if let attributionRect {
            buffer.write(model.attribution.value, in: attributionRect.inset(right: 1), style: theme.secondary,
                         alignment: .right)
        }
        var y = -scrollTop
        for item in items {
            if y + item.height > 0, y < bodyRect.height {
                let itemRect = Rect(x: bodyRect.x, y: bodyRect.y + y, width: bodyRect.width, height: item.height)
                let selected = item.key == selectedKey
                if item.isSelectable, selected, item.height == 1 {
                    buffer.fill(itemRect, style: theme.selection)
                }
                item.draw(buffer, itemRect.intersection(bodyRect), selected, theme)
            }
            y += item.height
        }
        if let search {
            let line = Rect(x: rect.x, y: rect.maxY - 1, width: rect.width, height: 1)
            let (mark, placeholder) = prompt == .search
                ? ("/", "search every place by name")
                : ("@", "move to: a town, LAT,LON (such as -33.87,151.21) or gps")
            buffer.write(mark, at: Point(x: line.x, y: line.y), style: theme.accent)
            var field = search
            buffer.cursor = field.draw(in: buffer, rect: line.inset(left: 2), style: theme.fieldFocused,
                                       placeholder: placeholder, placeholderStyle: theme.secondary)
        }
    }

    // MARK: Items

    private func buildItems(width: Int) -> [HomeItem] {
        var items: [HomeItem] = []
        if let notice = model.notice.value {
            for (i, line) in TextLayout.wrap(notice, width: max(10, width - 4)).enumerated() {
                items.append(.text("notice-\(i)", "  " + line, style: \.secondary))
            }
            items.append(.text("notice-gap", "", style: \.text))
        }
        items.append(hotPickItem())
        items.append(contentsOf: categoryItems(width: width))
        if let favourites = model.favouritesSection.value {
            items.append(contentsOf: favouriteItems(favourites))
        }
        for section in model.sections.value {
            items.append(contentsOf: sectionItems(section))
        }
        if let friends = model.friendsSection.value {
            items.append(contentsOf: friendItems(friends))
        }
        return items
    }

    /// The key that retries, for error lines ("r retry").
    private var retryHint: String {
        keyMap.key { $0 == .retry }.map { "  \($0) retry" } ?? ""
    }

    private func hotPickItem() -> HomeItem {
        let state = model.hotPicks.value
        let model = self.model
        let text: String
        switch state.content {
        case .loading(let message): text = message
        case .failed(let message): text = "✗ \(message)\(retryHint)"
        case .loaded: text = state.current?.text ?? state.emptyText
        }
        let pages = state.pages.count
        let page = state.index
        // The box ends where the rows below end, so its page count stays beside the pick on a wide terminal.
        let box = { (rect: Rect) in Rect(x: rect.x, y: rect.y, width: min(rect.width, HomeView.widestRow),
                                         height: rect.height) }
        let draw: @MainActor (CellBuffer, Rect, Bool, Theme) -> Void = { buffer, rect, selected, theme in
            PagerView.draw(in: buffer, rect: box(rect), title: state.title, text: text, page: page,
                           pageCount: pages, theme: theme, textStyle: selected ? theme.selection : theme.text)
        }
        let hit: @MainActor (Point, Rect) -> HomeHit? = { point, rect in
            switch PagerView.arrow(at: point, rect: box(rect), page: page, pageCount: pages) {
            case .previous: .previousPage
            case .next: .nextPage
            case nil: nil
            }
        }
        var item = HomeItem(key: "pager", height: 3, isSelectable: true, draw: draw, hit: hit)
        if state.current != nil { item.activate = { model.openHotPick() } }
        if pages > 1 {
            item.left = { model.pageLeft() }
            item.right = { model.pageRight() }
        }
        if state.content.isFailed { item.retry = { model.retry(.hotPicks) } }
        return item
    }

    private func categoryItems(width: Int) -> [HomeItem] {
        let model = self.model
        // No categories at all (an empty store or area): no title over nothing.
        if case .loaded(let counts) = model.categories.value, counts.isEmpty { return [] }
        var items = [HomeItem.text("categories-title", " Categories", style: \.title)]
        switch model.categories.value {
        case .loading(let message):
            items.append(.spinnerLine("categories-loading", message))
        case .failed(let message):
            items.append(.error("categories-error", message + retryHint) { model.retry(.categories) })
        case .loaded(let counts):
            guard !counts.isEmpty else { break }
            chipIndex = min(chipIndex, counts.count - 1)
            let chips = ChipLayout(labels: counts.map(\.label), width: width)
            items.append(HomeItem(key: "chips", height: chips.lines.count, isSelectable: true,
                                  draw: { [weak self] buffer, rect, selected, theme in
                                      chips.draw(in: buffer, rect: rect, selected: selected ? self?.chipIndex : nil,
                                                 theme: theme)
                                  },
                                  // The index now, not at the last layout: → and Enter can arrive in one read.
                                  activate: { [weak self] in
                                      guard let self else { return }
                                      model.openCategory(counts[min(self.chipIndex, counts.count - 1)].category)
                                  },
                                  left: { [weak self] in self.map { $0.chipIndex = max(0, $0.chipIndex - 1) } },
                                  right: { [weak self] in
                                      self.map { $0.chipIndex = min(counts.count - 1, $0.chipIndex + 1) }
                                  },
                                  hit: { point, rect in chips.chip(at: point, in: rect).map { .chip($0) } }))
        }
        return items
    }

    /// The widest a row's columns get: the name up to the places list's limit, the distance and the open state
    /// beside it. A very wide terminal leaves the rest blank rather than set them 200 columns apart.
    static let widestRow = 3 + PlaceRowLayout.nameLimit + 1 + 20 + 1 + 26

    /// A section's title line, "see all ›" at its right (where its rows end): Enter (or a click) opens the whole
    /// list.
    private static func titleItem(key: String, title: String, open: @escaping @MainActor () -> Void) -> HomeItem {
        HomeItem(key: key, height: 1, isSelectable: true,
                 draw: { buffer, line, selected, theme in
                     let rect = Rect(x: line.x, y: line.y, width: min(line.width, widestRow), height: line.height)
                     let more = "see all ›"
                     buffer.write(" " + title, in: rect.inset(right: DisplayWidth.of(more) + 2),
                                  style: selected ? theme.selection : theme.title)
                     buffer.write(more, in: Rect(x: rect.maxX - DisplayWidth.of(more) - 1, y: rect.y,
                                                 width: DisplayWidth.of(more), height: 1),
                                  style: selected ? theme.selection : theme.secondary)
                 }, activate: open)
    }

    /// A place's row in a section; Enter (or a click) opens its detail.
    private func placeItem(_ row: HomePlaceRow, key: String) -> HomeItem {
        let model = self.model
        let id = row.id
        return HomeItem(key: key, height: 1, isSelectable: true,
                        draw: { buffer, rect, selected, theme in
                            // Walking minutes beside the distance where the store has paths.
                            let middle = row.walk.map { row.distanceAndBearing + " · " + $0 } ?? row.distanceAndBearing
                            Self.drawRow(buffer, rect, selected, theme, name: row.name, middle: middle,
                                         right: row.openText,
                                         rightStyle: row.isClosingSoon ? theme.warning
                                             : row.isOpen ? theme.success : theme.secondary,
                                         isFavourite: row.isFavourite)
                        }, activate: { model.openPlace(id) })
    }

    private func favouriteItems(_ section: HomeFavouritesSection) -> [HomeItem] {
        let model = self.model
        var items = [Self.titleItem(key: "favourites-title", title: section.title) { model.openFavourites() }]
        switch section.content {
        case .loading(let message):
            items.append(.spinnerLine("favourites-loading", message))
        case .failed(let message):
            items.append(.error("favourites-error", message + retryHint) { model.retry(.favourites) })
        case .loaded(let rows):
            // Keys of their own: the same place may also be listed in its category's section.
            items += rows.map { placeItem($0, key: "favourite-\($0.id)") }
        }
        return items
    }

    private func sectionItems(_ section: HomePlacesSection) -> [HomeItem] {
        let model = self.model
        let category = section.category
        var items = [Self.titleItem(key: "section-\(section.key)", title: section.title) {
            model.openCategory(category)
        }]
        switch section.content {
        case .loading(let message):
            items.append(.spinnerLine("section-\(section.key)-loading", message))
        case .failed(let message):
            items.append(.error("section-\(section.key)-error", message + retryHint) {
                model.retry(.category(category))
            })
        case .loaded(let rows):
            items += rows.map { placeItem($0, key: "place-\($0.id)") }
        }
        return items
    }

    private func friendItems(_ section: HomeFriendsSection) -> [HomeItem] {
        let model = self.model
        var items = [HomeItem.text("friends-title", " " + section.title, style: \.title)]
        switch section.content {
        case .loading(let message):
            items.append(.spinnerLine("friends-loading", message))
        case .failed(let message):
            items.append(.error("friends-error", message + retryHint) { model.retry(.friends) })
        case .loaded(let rows):
            for row in rows {
                let id = row.id
                items.append(HomeItem(key: "friend-\(row.id)", height: 1, isSelectable: true,
                                      draw: { buffer, rect, selected, theme in
                                          Self.drawRow(buffer, rect, selected, theme, name: row.name,
                                                       middle: row.distanceAndBearing, right: row.phone,
                                                       rightStyle: theme.secondary)
                                      }, activate: { model.openFriend(id) }))
            }
        }
        return items
    }

    /// "   Café Amadeus                 120 m  NE   open · until 18:00", columns shrinking with the width.
    private static func drawRow(_ buffer: CellBuffer, _ line: Rect, _ selected: Bool, _ theme: Theme, name: String,
                                middle: String, right: String, rightStyle: Style, isFavourite: Bool = false) {
        let rect = Rect(x: line.x, y: line.y, width: min(line.width, widestRow), height: line.height)
        // Fixed columns, so distances and open states line up from row to row.
        let rightWidth = min(26, rect.width / 3)
        let middleWidth = rect.width >= 50 ? (DisplayWidth.of(middle) > 10 ? 20 : 10) : 0
        let nameWidth = max(1, rect.width - 3 - middleWidth - rightWidth - 2)
        if isFavourite {
            buffer.write("★", in: Rect(x: rect.x + 1, y: rect.y, width: 1, height: 1),
                         style: selected ? theme.selection : theme.accent)
        }
        buffer.write(name, in: Rect(x: rect.x + 3, y: rect.y, width: nameWidth, height: 1),
                     style: selected ? theme.selection : theme.text)
        if middleWidth > 0 {
            buffer.write(middle, in: Rect(x: rect.x + 3 + nameWidth + 1, y: rect.y, width: middleWidth, height: 1),
                         style: selected ? theme.selection : theme.secondary, alignment: .right)
        }
        buffer.write(right, in: Rect(x: rect.maxX - rightWidth, y: rect.y, width: rightWidth, height: 1),
                     style: selected ? theme.selection : rightStyle)
    }
}

/// Where a click landed inside a Home item.
enum HomeHit: Equatable {
    case previousPage, nextPage
    case chip(Int)
}

/// One item of the Home column: how it draws, and what Enter, ← →, r and a click on a part of it do.
@MainActor
struct HomeItem {
    var key: String
    var height: Int
    var isSelectable: Bool
    var draw: @MainActor (CellBuffer, Rect, Bool, Theme) -> Void
    var activate: (@MainActor () -> Void)?
    var left: (@MainActor () -> Void)?
    var right: (@MainActor () -> Void)?
    var retry: (@MainActor () -> Void)?
    /// The part of the item at a point, given the item's rectangle.
    var hit: (@MainActor (Point, Rect) -> HomeHit?)?

    init(key: String, height: Int, isSelectable: Bool, draw: @escaping @MainActor (CellBuffer, Rect, Bool, Theme) -> Void,
         activate: (@MainActor () -> Void)? = nil, left: (@MainActor () -> Void)? = nil,
         right: (@MainActor () -> Void)? = nil, retry: (@MainActor () -> Void)? = nil,
         hit: (@MainActor (Point, Rect) -> HomeHit?)? = nil) {
        self.key = key
        self.height = height
        self.isSelectable = isSelectable
        self.draw = draw
        self.activate = activate
        self.left = left
        self.right = right
        self.retry = retry
        self.hit = hit
    }

    static func text(_ key: String, _ text: String, style: KeyPath<Theme, Style>) -> HomeItem {
        HomeItem(key: key, height: 1, isSelectable: false) { buffer, rect, _, theme in
            buffer.write(text, in: rect, style: theme[keyPath: style])
        }
    }

    static func spinnerLine(_ key: String, _ text: String) -> HomeItem {
        HomeItem(key: key, height: 1, isSelectable: false) { buffer, rect, _, theme in
            Spinner.draw(in: buffer, at: Point(x: rect.x + 3, y: rect.y), style: theme.spinner, glyphs: theme.glyphs)
            buffer.write(text, in: rect.inset(left: 5), style: theme.secondary)
        }
    }

    /// A failed section's line: "✗ message  r retry", highlighted across the row when selected.
    static func error(_ key: String, _ text: String, retry: @escaping @MainActor () -> Void) -> HomeItem {
        HomeItem(key: key, height: 1, isSelectable: true, draw: { buffer, rect, selected, theme in
            buffer.write("   ✗ " + text, in: rect, style: selected ? theme.selection : theme.error)
        }, retry: retry)
    }
}

/// The category chips flowing over as many lines as they need, and which chip is where.
struct ChipLayout {
    let labels: [String]
    /// The chips of each line, by index.
    let lines: [[Int]]

    init(labels: [String], width: Int) {
        self.labels = labels
        var lines: [[Int]] = [[]]
        var used = 3
        for (i, label) in labels.enumerated() {
            let w = DisplayWidth.of(label) + 2
            if used + w > width, !lines[lines.count - 1].isEmpty { lines.append([]); used = 3 }
            lines[lines.count - 1].append(i)
            used += w
        }
        self.lines = lines
    }

    /// Each chip of a line with its first column and width, from `x`.
    private func spans(of line: [Int], from x: Int) -> [(index: Int, x: Int, width: Int)] {
        var x = x
        return line.map { index in
            let width = DisplayWidth.of(labels[index])
            defer { x += width + 2 }
            return (index, x, width)
        }
    }

    @MainActor
    func draw(in buffer: CellBuffer, rect: Rect, selected: Int?, theme: Theme) {
        for (row, line) in lines.enumerated() where row < rect.height {
            for span in spans(of: line, from: rect.x + 3) {
                buffer.write(labels[span.index], at: Point(x: span.x, y: rect.y + row),
                             style: span.index == selected ? theme.selection : theme.accent, clip: rect)
            }
        }
    }

    /// The chip under `point`, counting the gap after a chip as part of it.
    func chip(at point: Point, in rect: Rect) -> Int? {
        let row = point.y - rect.y
        guard lines.indices.contains(row) else { return nil }
        return spans(of: lines[row], from: rect.x + 3).first { point.x >= $0.x && point.x < $0.x + $0.width + 2 }?.index
    }
}
