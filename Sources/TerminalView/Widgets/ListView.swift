/// Selection and scroll position of a list.
public struct ListState: Hashable, Sendable {
    public var selected: Int
    /// The first visible row.
    public var top: Int

    public init(selected: Int = 0, top: Int = 0) {
        self.selected = selected
        self.top = top
    }

    /// Keeps the selection inside `0..<count` and visible in `visibleRows`.
    public mutating func clamp(count: Int, visibleRows: Int) {
        guard count > 0 else { selected = 0; top = 0; return }
        selected = min(max(0, selected), count - 1)
        let visible = max(1, visibleRows)
        if selected < top { top = selected }
        if selected >= top + visible { top = selected - visible + 1 }
        top = min(max(0, top), max(0, count - visible))
    }
}

/// What a mouse event did to a list.
public enum ListMouseResult: Equatable, Sendable {
    case ignored, scrolled, selected(Int), activated(Int)
}

/// A list of `count` rows that draws only the visible ones, asking for each by index.
public enum ListView {
    /// Moves the selection for a navigation key; false when the key is not one.
    public static func handle(_ key: Key, state: inout ListState, count: Int, visibleRows: Int) -> Bool {
        let page = max(1, visibleRows - 1)
        switch key {
        case .up, .character("k"): state.selected -= 1
        case .down, .character("j"): state.selected += 1
        case .pageUp, .control("b"): state.selected -= page; state.top -= page
        case .pageDown, .control("f"): state.selected += page; state.top += page
        case .home, .character("g"): state.selected = 0
        case .end, .character("G"): state.selected = count - 1
        default: return false
        }
        state.clamp(count: count, visibleRows: visibleRows)
        return true
    }

    /// Click selects (a click on the selected row, or a double click, activates); the wheel scrolls by 3.
    public static func handle(_ mouse: MouseEvent, state: inout ListState, count: Int, rect: Rect,
                              rowHeight: Int = 1) -> ListMouseResult {
        let visibleRows = max(1, rect.height / max(1, rowHeight))
        switch mouse.kind {
        case .wheelUp, .wheelDown:
            guard rect.contains(mouse.point) else { return .ignored }
            let delta = mouse.kind == .wheelUp ? -3 : 3
            state.selected += delta
            state.top += delta
            state.clamp(count: count, visibleRows: visibleRows)
            return .scrolled
        case .press, .click, .doubleClick:
            guard rect.contains(mouse.point) else { return .ignored }
            let index = state.top + (mouse.point.y - rect.y) / max(1, rowHeight)
            guard index < count else { return .ignored }
            let wasSelected = index == state.selected
            state.selected = index
            state.clamp(count: count, visibleRows: visibleRows)
            if mouse.kind == .doubleClick || (mouse.kind == .click && wasSelected) { return .activated(index) }
            return .selected(index)
        }
    }

    /// Draws the visible rows; `drawRow` gets the index, its rectangle and whether it is selected.
    public static func draw(in rect: Rect, state: inout ListState, count: Int, rowHeight: Int = 1,
                            drawRow: (_ index: Int, _ rect: Rect, _ selected: Bool) -> Void) {
        let height = max(1, rowHeight)
        let visibleRows = max(1, rect.height / height)
        state.clamp(count: count, visibleRows: visibleRows)
        guard count > 0 else { return }
        var y = rect.y
        var index = state.top
        while index < count, y + height <= rect.maxY {
            drawRow(index, Rect(x: rect.x, y: y, width: rect.width, height: height), index == state.selected)
            index += 1
            y += height
        }
    }
}
