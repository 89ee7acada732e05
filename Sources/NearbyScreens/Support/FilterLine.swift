import TerminalView

/// The "/ filter" line of a list: typing filters as you go, Enter (or ↑ ↓, back to the rows) keeps the
/// filter, Esc clears it.
@MainActor
struct FilterLine {
    enum Action { case keep, clear }

    /// The keys that end the typing; every other key edits the text.
    static let keyMap = KeyMap<Action>(title: "Filter", [
        KeyBinding([.enter, .down, .up], "enter", "keep", action: .keep).essential(),
        KeyBinding([.escape], "esc", "clear", action: .clear).essential(),
    ])

    /// Non-nil while the line has focus.
    private(set) var field: TextFieldState?

    var isEditing: Bool { field != nil }

    mutating func begin(with text: String) {
        field = TextFieldState(text: text, maxLength: 100)
    }

    /// Applies a key while editing; `apply` receives the filter text whenever it changes.
    mutating func handle(_ key: Key, apply: (String) -> Void) {
        guard var editing = field else { return }
        switch Self.keyMap.action(for: key) {
        case .keep:
            field = nil
        case .clear:
            field = nil
            apply("")
        case nil:
            _ = editing.handle(key)
            field = editing
            apply(editing.text)
        }
    }

    /// Draws "/ text" with the cursor while editing, or the kept filter dimmed.
    func draw(in buffer: CellBuffer, rect: Rect, filter: String, theme: Theme) {
        buffer.write("/", at: Point(x: rect.x, y: rect.y), style: theme.accent)
        let fieldRect = Rect(x: rect.x + 2, y: rect.y, width: rect.width - 2, height: 1)
        if var editing = field {
            // A copy: where the field scrolls to is worked out again each frame from the cursor.
            buffer.cursor = editing.draw(in: buffer, rect: fieldRect, style: theme.fieldFocused)
        } else {
            buffer.write(filter, in: fieldRect, style: theme.secondary)
        }
    }
}
