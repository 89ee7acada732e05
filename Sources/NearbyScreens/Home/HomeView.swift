import FoundationEssentials
import NearbyViewModels
import TerminalView

/// Home: where you are, hot picks, categories, the closest places of each category, friends nearby.
///
/// The screen is a column of items of different heights; ↑↓ move between the selectable ones and the view
/// scrolls to keep the selection in sight. Each item knows how to draw itself and what Enter, ← → and r do.
@MainActor
final class HomeView: ScreenView {
    enum Action { case move, open, left, right, retry, back }

    private let model: any HomeViewModelType
    private let host: ScreenHost
    private let isRoot: Bool
    private var tokens: [ObservationToken] = []
    /// The selected item, by a key that survives sections loading around it.
    private var selectedKey = "pager"
    private var chipIndex = 0
    private var scrollTop = 0
    private var items: [HomeItem] = []
    /// Wakes once when an open state shown will change by the clock; none while nothing is due.
    private let clockWake = ClockWake()
    private var bodyHeight = 1
    private let keyMap: KeyMap<Action>

    init(model: any HomeViewModelType, isRoot: Bool, host: ScreenHost) {
        self.model = model
        self.host = host
        self.isRoot = isRoot
        keyMap = KeyMap(title: "Home", [
            KeyBinding([.up, .down, .character("k"), .character("j")], "↑↓", "move", action: .move),
            KeyBinding([.left, .right, .character("h"), .character("l")], "←→", "page", action: .left),
            KeyBinding([.enter], "enter", "open", action: .open),
            KeyBinding([.character("r")], "refresh", action: .retry),
            KeyBinding([.character("q"), .escape], "q", isRoot ? "quit" : "back", action: .back),
        ])
        let redraw: @MainActor (Any) -> Void = { [weak self] _ in self?.host.invalidate() }
        tokens = [
            model.header.bind(redraw), model.isLoading.bind(redraw), model.hotPicks.bind(redraw),
            model.categories.bind(redraw), model.sections.bind(redraw), model.friendsSection.bind(redraw),
            model.notice.bind(redraw), model.status.bind(redraw), model.attribution.bind(redraw),
            model.nextRefresh.bindAndFire { [weak self] date in
                self?.clockWake.schedule(at: date) { [weak self] in self?.model.refreshTimes() }
            },
        ]
        model.load()
    }

    var hints: [KeyHint] {
        var hints = keyMap.footerHints
        if selectedItem?.left == nil { hints.removeAll { $0.keys == "←→" } }
        return hints
    }

    var helpTitle: String { "Home — keys" }
    var helpLines: [KeyHint] {
        keyMap.helpLines.map { $0.keys.hasPrefix("←") ? KeyHint(keys: $0.keys, summary: "page hot picks, pick a category") : $0 }
            + [KeyHint(keys: "PgUp PgDn g G", summary: "page, first, last")]
    }

    var statusMessage: StatusBarMessage? { model.status.value?.barMessage }
    var capturesText: Bool { false }

    func close() {
        tokens.forEach { $0.cancel() }
        tokens.removeAll()
        clockWake.cancel()
    }

    private var selectedItem: HomeItem? { items.first { $0.key == selectedKey } }

    // MARK: Events

    func handle(_ event: InputEvent) -> Bool {
        if case .key = event, model.status.value != nil { model.dismissStatus() }
        guard case .key(let key) = event else {
            if case .mouse(let mouse) = event { return handleMouse(mouse) }
            return false
        }
        let selectable = items.filter(\.isSelectable)
        let index = selectable.firstIndex { $0.key == selectedKey } ?? 0
        switch key {
        case .up, .character("k"): select(selectable, index - 1)
        case .down, .character("j"): select(selectable, index + 1)
        case .home, .character("g"): select(selectable, 0)
        case .end, .character("G"): select(selectable, selectable.count - 1)
        case .pageDown, .control("f"): select(selectable, index + max(1, bodyHeight / 2))
        case .pageUp, .control("b"): select(selectable, index - max(1, bodyHeight / 2))
        case .left, .character("h"): selectedItem?.left?()
        case .right, .character("l"): selectedItem?.right?()
        case .enter: selectedItem?.activate?()
        case .character("r"): (selectedItem?.retry ?? { [model] in model.retryFailed() })()
        case .character("q"), .escape, .backspace: host.back()
        default: return false
        }
        return true
    }

    private func select(_ selectable: [HomeItem], _ index: Int) {
        guard !selectable.isEmpty else { return }
        selectedKey = selectable[min(max(0, index), selectable.count - 1)].key
    }

    private func handleMouse(_ mouse: MouseEvent) -> Bool {
        var y = 0
        for item in items {
            let top = y - scrollTop + 1
            if mouse.point.y >= top, mouse.point.y < top + item.height, item.isSelectable {
                if mouse.kind == .click, selectedKey == item.key { item.activate?() }
                selectedKey = item.key
                return true
            }
            y += item.height
        }
        return false
    }

    // MARK: Drawing

    func draw(into buffer: CellBuffer, rect: Rect, theme: Theme) {
        let header = model.header.value
        var title = "Nearby · " + header.location
        if let summary = header.summary { title += " · " + summary }
        if let age = header.age { title += " · " + age }
        HeaderLine.draw(in: buffer, rect: rect, title: title, loading: model.isLoading.value ? "updating" : nil,
                        theme: theme)
        var body = rect.inset(top: 1)
        // The source's attribution stays on screen with its data, on the body's last line.
        let attribution = model.attribution.value
        if !attribution.isEmpty, body.height > 3 {
            let split = body.splitBottom(1)
            body = split.rest
            buffer.write(attribution, in: split.bottom.inset(right: 1), style: theme.secondary, alignment: .right)
        }
        bodyHeight = body.height
        items = buildItems(width: body.width, theme: theme)
        if !items.contains(where: { $0.key == selectedKey && $0.isSelectable }),
           let first = items.first(where: \.isSelectable) {
            selectedKey = first.key
        }
        // Keep the selection in sight.
        var offset = 0
        for item in items {
            if item.key == selectedKey {
                if offset < scrollTop { scrollTop = offset }
                if offset + item.height > scrollTop + body.height { scrollTop = offset + item.height - body.height }
                break
            }
            offset += item.height
        }
        let total = items.reduce(0) { $0 + $1.height }
        scrollTop = max(0, min(scrollTop, total - body.height))
        var y = -scrollTop
        for item in items {
            if y + item.height > 0, y < body.height {
                let itemRect = Rect(x: body.x, y: body.y + y, width: body.width, height: item.height)
                if item.isSelectable, item.key == selectedKey, item.height == 1 {
                    buffer.fill(itemRect, style: theme.selection)
                }
                item.draw(buffer, itemRect.intersection(body), item.key == selectedKey, theme)
            }
            y += item.height
        }
    }

    private func buildItems(width: Int, theme: Theme) -> [HomeItem] {
        var items: [HomeItem] = []
        if let notice = model.notice.value {
            for (i, line) in TextLayout.wrap(notice, width: max(10, width - 4)).enumerated() {
                items.append(.text("notice-\(i)", "  " + line, style: \.secondary))
            }
            items.append(.text("notice-gap", "", style: \.text))
        }
        items.append(contentsOf: hotPickItems())
        items.append(contentsOf: categoryItems(width: width))
        for section in model.sections.value {
            items.append(contentsOf: sectionItems(section))
        }
        if let friends = model.friendsSection.value {
            items.append(contentsOf: friendItems(friends))
        }
        return items
    }

    private func hotPickItems() -> [HomeItem] {
        let state = model.hotPicks.value
        let model = self.model
        let text: String
        switch state.content {
        case .loading(let message): text = message
        case .failed(let message, let hint): text = "✗ \(message)  \(hint)"
        case .loaded: text = state.current?.text ?? state.emptyText
        }
        let pages = state.pages.count
        var retry: (@MainActor () -> Void)?
        if state.content.isFailed { retry = { model.retry(.hotPicks) } }
        let draw: @MainActor (CellBuffer, Rect, Bool, Theme) -> Void = { buffer, rect, selected, theme in
            PagerView.draw(in: buffer, rect: rect, title: state.title, text: text, page: state.index,
                           pageCount: pages, theme: theme, textStyle: selected ? theme.selection : theme.text)
        }
        return [HomeItem(key: "pager", height: 3, isSelectable: true, draw: draw,
                         activate: { model.openHotPick() }, left: { model.pageLeft() }, right: { model.pageRight() },
                         retry: retry)]
    }

    private func categoryItems(width: Int) -> [HomeItem] {
        let model = self.model
        // No categories at all (an empty store or area): no title over nothing.
        if case .loaded(let counts) = model.categories.value, counts.isEmpty { return [] }
        var items = [HomeItem.text("categories-title", " Categories", style: \.title)]
        switch model.categories.value {
        case .loading(let message):
            items.append(.spinnerLine("categories-loading", message))
        case .failed(let message, let hint):
            items.append(HomeItem(key: "categories-error", height: 1, isSelectable: true,
                                  draw: { buffer, rect, _, theme in
                                      buffer.write("   ✗ \(message)  \(hint)", in: rect, style: theme.error)
                                  }, retry: { model.retry(.categories) }))
        case .loaded(let counts):
            guard !counts.isEmpty else { break }
            chipIndex = min(chipIndex, counts.count - 1)
            // Chips flow over as many lines as they need; the selected chip is reverse video.
            var lines: [[Int]] = [[]]
            var used = 3
            for (i, chip) in counts.enumerated() {
                let w = DisplayWidth.of(chip.label) + 2
                if used + w > width, !lines[lines.count - 1].isEmpty { lines.append([]); used = 3 }
                lines[lines.count - 1].append(i)
                used += w
            }
            let chips = counts
            items.append(HomeItem(key: "chips", height: lines.count, isSelectable: true,
                                  draw: { [chipIndex] buffer, rect, selected, theme in
                                      for (row, indices) in lines.enumerated() where row < rect.height {
                                          var x = rect.x + 3
                                          for i in indices {
                                              let style = selected && i == chipIndex ? theme.selection : theme.accent
                                              x += buffer.write(chips[i].label, at: Point(x: x, y: rect.y + row),
                                                                style: style, clip: rect) + 2
                                          }
                                      }
                                  },
                                  // The index now, not at the last frame: → and Enter can arrive in one read.
                                  activate: { [weak self] in
                                      guard let self else { return }
                                      model.openCategory(chips[min(self.chipIndex, chips.count - 1)].category)
                                  },
                                  left: { [weak self] in self.map { $0.chipIndex = max(0, $0.chipIndex - 1) } },
                                  right: { [weak self] in
                                      self.map { $0.chipIndex = min(chips.count - 1, $0.chipIndex + 1) }
                                  }))
        }
        return items
    }

    private func sectionItems(_ section: HomePlacesSection) -> [HomeItem] {
        let model = self.model
        let category = section.category
        let title = section.title
        var items = [HomeItem(key: "section-\(category.rawValue)", height: 1, isSelectable: true,
                              draw: { buffer, rect, selected, theme in
                                  let more = "see all ›"
                                  buffer.write(" " + title, in: rect.inset(right: DisplayWidth.of(more) + 2),
                                               style: selected ? theme.selection : theme.title)
                                  buffer.write(more, in: Rect(x: rect.maxX - DisplayWidth.of(more) - 1, y: rect.y,
                                                              width: DisplayWidth.of(more), height: 1),
                                               style: selected ? theme.selection : theme.secondary)
                              }, activate: { model.openCategory(category) })]
        switch section.content {
        case .loading(let message):
            items.append(.spinnerLine("section-\(category.rawValue)-loading", message))
        case .failed(let message, let hint):
            items.append(HomeItem(key: "section-\(category.rawValue)-error", height: 1, isSelectable: true,
                                  draw: { buffer, rect, _, theme in
                                      buffer.write("   ✗ \(message)  \(hint)", in: rect, style: theme.error)
                                  }, retry: { model.retry(.category(category)) }))
        case .loaded(let rows):
            for row in rows {
                let id = row.id
                items.append(HomeItem(key: "place-\(row.id)", height: 1, isSelectable: true,
                                      draw: { buffer, rect, selected, theme in
                                          Self.drawRow(buffer, rect, selected, theme, name: row.name,
                                                       middle: row.distanceAndBearing, right: row.openText,
                                                       rightStyle: row.openState == .open ? theme.success : theme.secondary)
                                      }, activate: { model.openPlace(id) }))
            }
        }
        return items
    }

    private func friendItems(_ section: HomeFriendsSection) -> [HomeItem] {
        let model = self.model
        var items = [HomeItem.text("friends-title", " " + section.title, style: \.title)]
        switch section.content {
        case .loading(let message):
            items.append(.spinnerLine("friends-loading", message))
        case .failed(let message, let hint):
            items.append(HomeItem(key: "friends-error", height: 1, isSelectable: true,
                                  draw: { buffer, rect, _, theme in
                                      buffer.write("   ✗ \(message)  \(hint)", in: rect, style: theme.error)
                                  }, retry: { model.retry(.friends) }))
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
    private static func drawRow(_ buffer: CellBuffer, _ rect: Rect, _ selected: Bool, _ theme: Theme, name: String,
                                middle: String, right: String, rightStyle: Style) {
        // Fixed columns, so distances and open states line up from row to row.
        let rightWidth = min(26, rect.width / 3)
        let middleWidth = rect.width >= 50 ? 10 : 0
        let nameWidth = max(1, rect.width - 3 - middleWidth - rightWidth - 2)
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

/// One item of the Home column.
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

    init(key: String, height: Int, isSelectable: Bool, draw: @escaping @MainActor (CellBuffer, Rect, Bool, Theme) -> Void,
         activate: (@MainActor () -> Void)? = nil, left: (@MainActor () -> Void)? = nil,
         right: (@MainActor () -> Void)? = nil, retry: (@MainActor () -> Void)? = nil) {
        self.key = key
        self.height = height
        self.isSelectable = isSelectable
        self.draw = draw
        self.activate = activate
        self.left = left
        self.right = right
        self.retry = retry
    }

    static func text(_ key: String, _ text: String, style: KeyPath<Theme, Style>) -> HomeItem {
        HomeItem(key: key, height: 1, isSelectable: false) { buffer, rect, _, theme in
            buffer.write(text, in: rect, style: theme[keyPath: style])
        }
    }

    static func spinnerLine(_ key: String, _ text: String) -> HomeItem {
        HomeItem(key: key, height: 1, isSelectable: false) { buffer, rect, _, theme in
            Spinner.draw(in: buffer, at: Point(x: rect.x + 3, y: rect.y), style: theme.spinner, unicode: theme.unicode)
            buffer.write(text, in: rect.inset(left: 5), style: theme.secondary)
        }
    }
}
