import TerminalView
import TerminalText

/// The rows every list shares: an error with the key that retries it, a spinner with what is loading.
enum ListRows {
    /// "✗ message ……… r retry", highlighted across the whole row when selected.
    static func error(_ message: String, retryKey: String?, in buffer: CellBuffer, line: Rect, selected: Bool,
                      theme: Theme) {
        let errorStyle = selected ? theme.selection : theme.error
        buffer.fill(line, style: selected ? theme.selection : .plain)
        let hint = retryKey.map { "\($0) retry" } ?? ""
        let hintWidth = hint.isEmpty ? 0 : DisplayWidth.of(hint) + 2
        buffer.write("✗ " + message, in: Rect(x: line.x + 1, y: line.y, width: line.width - hintWidth - 1, height: 1),
                     style: errorStyle)
        if !hint.isEmpty {
            buffer.write(hint, in: Rect(x: line.maxX - hintWidth, y: line.y, width: hintWidth - 1, height: 1),
                         style: selected ? theme.selection : theme.accent, alignment: .right)
        }
    }

    static func loading(_ text: String, in buffer: CellBuffer, line: Rect, theme: Theme) {
        Spinner.draw(in: buffer, at: Point(x: line.x + 1, y: line.y), style: theme.spinner, glyphs: theme.glyphs)
        buffer.write(text, in: line.inset(left: 3), style: theme.secondary)
    }

    /// "No cafés within 2 km — + widens the search": the words, and the key that helps, when there is one.
    static func empty(_ text: String, suggestion: String?, in buffer: CellBuffer, line: Rect, theme: Theme) {
        buffer.write(text + (suggestion.map { " — " + $0 } ?? ""), in: line.inset(left: 1), style: theme.secondary)
    }
}
