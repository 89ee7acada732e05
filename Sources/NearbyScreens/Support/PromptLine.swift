import TerminalView
import TerminalText

/// The one line where text is typed: the list's `/` filter, Home's `/` search and `L` location, and the `t`
/// time. A label, the text with its cursor, and a placeholder while it is empty. The line edits and draws;
/// what Enter, Esc and Tab mean is its owner's (each has its own key map, rebindable by name).
struct PromptLine {
    /// "/", "@", "time".
    let label: String
    /// Shown dimmed while nothing is typed: what may be typed.
    let placeholder: String?
    /// Columns left empty at both ends of the line.
    let margin: Int
    private(set) var field: TextFieldState

    init(label: String, text: String = "", maxLength: Int = 100, placeholder: String? = nil, margin: Int = 0) {
        self.label = label
        self.placeholder = placeholder
        self.margin = margin
        field = TextFieldState(text: text, maxLength: maxLength)
    }

    var text: String { field.text }

    /// Puts `text` in the line, the cursor at its end (a place Tab picked).
    mutating func setText(_ text: String) { field.setText(text) }

    /// Applies an editing key (characters, ←→, backspace, ctrl-u…); false for any other key.
    mutating func edit(_ key: Key) -> Bool { field.handle(key) }

    /// Draws the label, then the text with the cursor (or the placeholder) over the whole line.
    func draw(in buffer: CellBuffer, line: Rect, theme: Theme) {
        let rect = Self.drawLabel(label, margin: margin, in: buffer, line: line, theme: theme)
        // A copy: where the field scrolls to is worked out again each frame from the cursor.
        var field = field
        buffer.cursor = field.draw(in: buffer, rect: rect, style: theme.fieldFocused, placeholder: placeholder,
                                   placeholderStyle: theme.secondary)
    }

    /// Draws the label of a line not being typed in, and `text` dimmed after it (a filter kept).
    static func drawKept(_ text: String, label: String, in buffer: CellBuffer, line: Rect, theme: Theme) {
        let rect = drawLabel(label, margin: 0, in: buffer, line: line, theme: theme)
        buffer.write(text, in: rect, style: theme.secondary)
    }

    /// Clears the line and draws the label; returns where the text goes.
    private static func drawLabel(_ label: String, margin: Int, in buffer: CellBuffer, line: Rect,
                                  theme: Theme) -> Rect {
        buffer.fill(line, style: .plain)
        buffer.write(label, at: Point(x: line.x + margin, y: line.y), style: theme.accent, clip: line)
        return line.inset(left: margin + DisplayWidth.of(label) + 1, right: margin)
    }
}
