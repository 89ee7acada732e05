import TerminalView

/// What list navigation did with an event, for screens whose view model owns the selection.
enum ListNavigation: Equatable {
    /// Not a navigation key or a mouse event on the list: the screen's key map may have it.
    case unhandled
    /// The event was for the list but changed nothing worth telling (a click outside, a resize).
    case ignored
    case select(Int)
    /// A click on the selected row, or a double click: open it.
    case activate(Int)

    /// The help lines of the list keys this router handles, so every list's help overlay says the same.
    static let helpLines = [
        KeyHint(keys: "↑ ↓ k j", summary: "move"), KeyHint(keys: "PgUp PgDn ctrl-b ctrl-f", summary: "page"),
        KeyHint(keys: "Home End g G", summary: "first, last"),
    ]

    /// A list's help: the navigation keys above, then its key map without its own "move" line (bound first).
    static func helpLines<Action>(for keyMap: KeyMap<Action>) -> [KeyHint] {
        helpLines + keyMap.helpLines.dropFirst()
    }

    /// A list's footer: its key map's hints, led by "r retry" while an error row is selected.
    static func hints<Action>(for keyMap: KeyMap<Action>, errorSelected: Bool) -> [KeyHint] {
        errorSelected ? [KeyHint(keys: "r", summary: "retry")] + keyMap.footerHints : keyMap.footerHints
    }

    /// Moves `state` from `selection` for list keys (↑↓ jk, pages, g G) and the mouse (click, wheel).
    static func route(_ event: InputEvent, selection: Int, count: Int, rect: Rect, rowHeight: Int = 1,
                      state: inout ListState) -> ListNavigation {
        state.selected = selection
        switch event {
        case .key(let key):
            let visibleRows = max(1, rect.height / max(1, rowHeight))
            return ListView.handle(key, state: &state, count: count, visibleRows: visibleRows)
                ? .select(state.selected) : .unhandled
        case .mouse(let mouse):
            switch ListView.handle(mouse, state: &state, count: count, rect: rect, rowHeight: rowHeight) {
            case .ignored: return .ignored
            case .scrolled, .selected: return .select(state.selected)
            case .activated(let index): return .activate(index)
            }
        case .resize:
            return .ignored
        }
    }
}
