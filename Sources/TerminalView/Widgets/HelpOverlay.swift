import TerminalText

/// Every key of the current screen in a box over it, drawn from the same key map that dispatches keys.
///
/// The keys scroll with the list keys when they are more than the screen holds: on a short terminal none is
/// ever cut off (the last row of the box says how to scroll and close).
public struct HelpOverlay {
    /// The key lines, drawn once per layout and shown a window at a time.
    private var document = ScrolledDocument()
    private var box = Rect(x: 0, y: 0, width: 0, height: 0)
    private var title = ""

    public init() {}

    /// Whether there are more keys than the box shows.
    public var canScroll: Bool { document.canScroll }

    /// Scrolls the keys as a list key asks.
    public mutating func scroll(_ move: ListMove) {
        document.apply(move)
    }

    /// Places the box in the middle of `area`, as large as the keys need and the area allows, and lays the keys
    /// out in it.
    public mutating func layout(over area: Rect, title: String, lines: [KeyHint], theme: Theme) {
        self.title = title
        let keyWidth = min(24, lines.map { DisplayWidth.of($0.keys) }.max() ?? 0)
        let textWidth = lines.map { DisplayWidth.of($0.summary) }.max() ?? 0
        let width = min(area.width, max(keyWidth + textWidth + 6, DisplayWidth.of(title) + 8, 30))
        // The keys, a blank row and the closing line inside the frame, where there is room for them.
        box = area.centered(width: width, height: min(area.height, lines.count + 4))
        let inside = box.inset(by: 1)
        document.render(width: inside.width, maxHeight: max(lines.count, 1)) { buffer, rect in
            for (y, line) in lines.enumerated() {
                buffer.write(" " + line.keys, in: Rect(x: rect.x, y: y, width: keyWidth + 2, height: 1),
                             style: theme.accent)
                buffer.write(line.summary, in: Rect(x: rect.x + keyWidth + 3, y: y,
                                                    width: rect.width - keyWidth - 3, height: 1), style: theme.text)
            }
            return lines.count
        }
        // Every row but the closing line shows keys.
        document.fit(visibleRows: max(1, inside.height - 1))
    }

    /// Draws the box as laid out.
    public func draw(in buffer: CellBuffer, theme: Theme) {
        let inside = Box.draw(in: buffer, rect: box, title: title, style: theme.border, titleStyle: theme.title,
                              fill: .plain)
        guard inside.height > 0 else { return }
        document.draw(in: buffer, rect: Rect(x: inside.x, y: inside.y, width: inside.width,
                                             height: min(document.visibleRows, inside.height - 1)))
        var closing = " esc or ? closes"
        if canScroll {
            // Which keys show, in the box's narrowest width (30); the footer says "↑↓ scroll" too.
            let first = document.offset + 1, last = min(document.height, document.offset + document.visibleRows)
            closing = " ↑↓ \(first)–\(last) of \(document.height) · esc closes"
        }
        buffer.write(closing, in: Rect(x: inside.x, y: inside.maxY - 1, width: inside.width, height: 1),
                     style: theme.secondary)
    }
}
