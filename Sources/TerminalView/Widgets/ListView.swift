/// A movement in a list or a scrolled view, as the shared list keys name it.
public enum ListMove: Hashable, Sendable, CaseIterable {
    case up, down, pageUp, pageDown, first, last
}

/// The list keys every list screen and every scrolled screen include, so they move the same everywhere:
/// ↑↓ k j, PgUp PgDn ctrl-b ctrl-f, Home End g G.
public enum ListKeys {
    /// The moves' names and default keys, as the key table holds them.
    public static let defaults: [ActionKeys] = [
        ActionKeys("move_down", [.down, .character("j")], "down"),
        ActionKeys("move_up", [.up, .character("k")], "up"),
        ActionKeys("page_down", [.pageDown, .control("f")], "page down"),
        ActionKeys("page_up", [.pageUp, .control("b")], "page up"),
        ActionKeys("first", [.home, .character("g")], "first"),
        ActionKeys("last", [.end, .character("G")], "last"),
    ]

    /// - Parameters:
    ///   - footer: what the footer calls the moves: "move" in a list, "scroll" in a scrolled view.
    ///   - keys: each move's keys by name (the defaults, or a screen's rebound ones).
    @MainActor
    public static func bindings<Action>(footer: String = "move", keys: (String) -> ActionKeys = ListKeys.standard,
                                        _ action: (ListMove) -> Action) -> [KeyBinding<Action>] {
        [
            KeyBinding(keys("move_down"), action: action(.down), footer: .custom(keys: "↑↓", summary: footer)),
            KeyBinding(keys("move_up"), action: action(.up), footer: .hidden),
            KeyBinding(keys("page_down"), action: action(.pageDown), footer: .hidden),
            KeyBinding(keys("page_up"), action: action(.pageUp), footer: .hidden),
            KeyBinding(keys("first"), action: action(.first), footer: .hidden),
            KeyBinding(keys("last"), action: action(.last), footer: .hidden),
        ]
    }

    /// A move's default keys by name.
    public static func standard(_ name: String) -> ActionKeys {
        defaults.first { $0.name == name } ?? ActionKeys(name, [], name)
    }
}

/// The first visible row of a list; the selection itself belongs to the view model.
public struct ListScroll: Hashable, Sendable {
    public var top: Int

    public init(top: Int = 0) {
        self.top = top
    }

    /// Keeps `selection` in sight and the list filling the rows it can.
    public mutating func follow(selection: Int, count: Int, visibleRows: Int) {
        let visible = max(1, visibleRows)
        if selection < top { top = selection }
        if selection >= top + visible { top = selection - visible + 1 }
        top = min(max(0, top), max(0, count - visible))
    }

    /// Where a move takes the selection; a page also scrolls by a page, as pagers do.
    public mutating func apply(_ move: ListMove, selection: Int, count: Int, visibleRows: Int) -> Int {
        guard count > 0 else { return 0 }
        let page = max(1, visibleRows - 1)
        var target = selection
        switch move {
        case .up: target -= 1
        case .down: target += 1
        case .pageUp: target -= page; top -= page
        case .pageDown: target += page; top += page
        case .first: target = 0
        case .last: target = count - 1
        }
        target = min(max(0, target), count - 1)
        follow(selection: target, count: count, visibleRows: visibleRows)
        return target
    }
}

/// What a mouse event means for a list.
public enum ListMouseAction: Equatable, Sendable {
    /// The wheel: move the selection and the view by this many rows.
    case scroll(Int)
    /// A click on a row (`open`: a click on the selected row, or a double click).
    case click(row: Int, open: Bool)
}

/// A list of `count` rows that draws only the visible ones, asking for each by index.
public enum ListView {
    /// How many rows of `rowHeight` fit in `rect`.
    public static func visibleRows(in rect: Rect, rowHeight: Int = 1) -> Int {
        max(1, rect.height / max(1, rowHeight))
    }

    /// The rows shown from `top` in `rect`.
    public static func shownRows(top: Int, count: Int, rect: Rect, rowHeight: Int = 1) -> Range<Int> {
        let first = min(max(0, top), count)
        return first..<min(count, first + visibleRows(in: rect, rowHeight: rowHeight))
    }

    /// Click selects (a click on the selected row, or a double click, opens); the wheel scrolls by 3.
    public static func mouseAction(_ mouse: MouseEvent, rect: Rect, top: Int, count: Int, selection: Int,
                                   rowHeight: Int = 1) -> ListMouseAction? {
        guard rect.contains(mouse.point) else { return nil }
        switch mouse.kind {
        case .wheelUp: return .scroll(-3)
        case .wheelDown: return .scroll(3)
        case .press, .click, .doubleClick:
            let index = top + (mouse.point.y - rect.y) / max(1, rowHeight)
            guard index < count else { return nil }
            let open = mouse.kind == .doubleClick || (mouse.kind == .click && index == selection)
            return .click(row: index, open: open)
        }
    }

    /// Draws the rows shown from `top`; `drawRow` gets the index, its rectangle and whether it is selected.
    public static func draw(in rect: Rect, top: Int, count: Int, selection: Int, rowHeight: Int = 1,
                            drawRow: (_ index: Int, _ rect: Rect, _ selected: Bool) -> Void) {
        let height = max(1, rowHeight)
        var y = rect.y
        for index in shownRows(top: top, count: count, rect: rect, rowHeight: height) {
            drawRow(index, Rect(x: rect.x, y: y, width: rect.width, height: height), index == selection)
            y += height
        }
    }
}
