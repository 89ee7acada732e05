import FoundationEssentials
import NearbyViewModels
import TerminalView
import TerminalText

/// Home: where you are, hot picks, categories, the closest places of each category, friends nearby.
///
/// The screen is a column of items of different heights, built from the view model when it changes; the list
/// keys move between the selectable ones and the view scrolls to keep the selection in sight. Every key goes
/// through the key map, whose bindings know whether the selected item takes them.
@MainActor
final class HomeView: ScreenView {
    enum Action: Equatable {
        case move(ListMove), pageLeft, pageRight, open, search, locate, favourites, regions, retry, back
    }

    /// What the line at the bottom asks for while it is being typed.
    enum Prompt { case search, location }
    /// What Enter and Esc do to that line; every other key edits it.
    enum PromptAction { case take, cancel, pick }

    let model: any HomeViewModelType
    private let host: ScreenHost
    private let isRoot: Bool
    private var tokens: [ObservationToken] = []
    private(set) var keyMap = KeyMap<Action>(title: "Home", [])
    private var promptKeys = KeyMap<PromptAction>(title: "Search", [])
    /// The selected item, by a key that survives sections loading around it.
    private var selectedKey = "pager"
    var chipIndex = 0
    private var scrollTop = 0
    private var items: [HomeItem] = []
    /// Whether the items must be built again (the view model changed, or the width).
    private var itemsStale = true
    private var builtWidth = -1
    private var bodyRect = Rect(x: 0, y: 0, width: 0, height: 0)
    /// The line under the items that names the sources, when there is room for it.
    private var attributionRect: Rect?
    /// The search line while `/` is being typed, or the location line of `L`.
    private var search: PromptLine?
    private var prompt = Prompt.search
    /// The places a name typed after `L` could mean, and the one Tab last put in the line.
    private var choices: [LocationRetry.Choice] = []
    private var choiceIndex: Int?
    /// Home loads when it is first shown: beneath a screen opened with `--open`, it waits until Back.
    private var hasLoaded = false
    /// The hot pick's picture, where the app draws pictures and they may be fetched.
    let hotPickSlots: ThumbnailSlots?

    init(model: any HomeViewModelType, isRoot: Bool, host: ScreenHost) {
        self.model = model
        self.host = host
        self.isRoot = isRoot
        hotPickSlots = model.thumbnails == nil ? nil
            : host.pictures.map { ThumbnailSlots(painter: $0, limit: 8, invalidate: host.invalidate) }
        tokens = model.observeAll(body: { [weak self] in
            self?.itemsStale = true
            self?.host.invalidate()
        }, redraw: { [host] in host.invalidate() })
        // A place `L` could not find: the line opens again with what was typed, and the places it could mean.
        tokens += [model.locationRetry].onChange { [weak self] in self?.reopenLocation() }
        // Woken when an open state shown changes by the clock; nothing ticks while nothing is due.
        tokens.append(host.wakes(model.nextRefresh) { [model] in model.refreshTimes() })
        if let thumbnails = model.thumbnails {
            tokens.append(thumbnails.revision.bind { [host] _ in host.invalidate() })
        }
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
            KeyBinding(keys("regions"), action: .regions, inFooter: false).enabled { [model] in model.canOpenRegions },
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

    /// The line of `/` (a name anywhere) or `L` (where to move).
    private static func promptLine(_ prompt: Prompt, text: String = "") -> PromptLine {
        switch prompt {
        case .search: PromptLine(label: "/", text: text, placeholder: "search every place by name")
        case .location:
            PromptLine(label: "@", text: text, placeholder: "move to: a town, LAT,LON (such as -33.87,151.21) or gps")
        }
    }

    private func reopenLocation() {
        guard let retry = model.locationRetry.value else { return }
        prompt = .location
        search = Self.promptLine(.location, text: retry.text)
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
        hotPickSlots?.close()
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
            search = Self.promptLine(.search)
        case .locate:
            prompt = .location
            search = Self.promptLine(.location)
            choices = []
            choiceIndex = nil
        case .favourites: model.openFavourites()
        case .regions: model.openRegions()
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
            guard field.edit(key) else { return false }
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
            search.draw(in: buffer, line: Rect(x: rect.x, y: rect.maxY - 1, width: rect.width, height: 1), theme: theme)
        }
    }
}
