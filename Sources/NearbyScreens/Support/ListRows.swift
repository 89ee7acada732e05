import TerminalView

/// The rows every list shares: an error with its retry hint, a spinner with what is loading.
enum ListRows {
    static func error(_ message: String, retryHint: String, in buffer: CellBuffer, line: Rect, selected: Bool,
                      theme: Theme) {
        buffer.fill(line, style: selected ? theme.selection : .plain)
        let hintWidth = DisplayWidth.of(retryHint) + 2
        buffer.write("✗ " + message, in: Rect(x: line.x + 1, y: line.y, width: line.width - hintWidth - 1, height: 1),
                     style: theme.error)
        buffer.write(retryHint, in: Rect(x: line.maxX - hintWidth, y: line.y, width: hintWidth - 1, height: 1),
                     style: theme.accent, alignment: .right)
    }

    static func loading(_ text: String, in buffer: CellBuffer, line: Rect, theme: Theme) {
        Spinner.draw(in: buffer, at: Point(x: line.x + 1, y: line.y), style: theme.spinner, unicode: theme.unicode)
        buffer.write(text, in: line.inset(left: 3), style: theme.secondary)
    }
}
