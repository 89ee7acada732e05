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
    private(set) var line: PromptLine?

    var isEditing: Bool { line != nil }

    mutating func begin(with text: String) {
        line = PromptLine(label: "/", text: text)
    }

    /// Applies a key while editing; `apply` receives the filter text whenever it changes.
    mutating func handle(_ key: Key, apply: (String) -> Void) {
        guard var editing = line else { return }
        switch Self.keyMap.action(for: key) {
        case .keep:
            line = nil
        case .clear:
            line = nil
            apply("")
        case nil:
            _ = editing.edit(key)
            line = editing
            apply(editing.text)
        }
    }

    /// Draws "/ text" with the cursor while editing, or the kept filter dimmed.
    func draw(in buffer: CellBuffer, rect: Rect, filter: String, theme: Theme) {
        if let line {
            line.draw(in: buffer, line: rect, theme: theme)
        } else {
            PromptLine.drawKept(filter, label: "/", in: buffer, line: rect, theme: theme)
        }
    }
}
