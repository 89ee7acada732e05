import TerminalText

/// A frame around a rectangle, with an optional title in its top edge.
public enum Box {
    /// Draws the frame and returns the inside.
    @discardableResult
    public static func draw(in buffer: CellBuffer, rect: Rect, title: String? = nil, style: Style,
                            titleStyle: Style? = nil, fill: Style? = nil) -> Rect {
        guard rect.width >= 2, rect.height >= 2 else { return Rect(x: rect.x, y: rect.y, width: 0, height: 0) }
        // An ASCII terminal is sent "+", "-" and "|" for these (`GlyphSet.fold`).
        let (tl, tr, bl, br, h, v) = ("╭", "╮", "╰", "╯", "─", "│")
        if let fill { buffer.fill(rect, style: fill) }
        let line = String(repeating: h, count: rect.width - 2)
        buffer.write(tl + line + tr, at: Point(x: rect.x, y: rect.y), style: style, clip: rect)
        buffer.write(bl + line + br, at: Point(x: rect.x, y: rect.maxY - 1), style: style, clip: rect)
        for y in (rect.y + 1)..<(rect.maxY - 1) {
            buffer.write(v, at: Point(x: rect.x, y: y), style: style)
            buffer.write(v, at: Point(x: rect.maxX - 1, y: y), style: style)
        }
        if let title, rect.width > 6 {
            let text = " " + TextLayout.truncate(TextSanitizer.sanitize(title), toWidth: rect.width - 6) + " "
            buffer.write(text, at: Point(x: rect.x + 2, y: rect.y), style: titleStyle ?? style, clip: rect)
        }
        return rect.inset(by: 1)
    }
}
