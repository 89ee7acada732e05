import TerminalText

/// An arrow of a pager.
public enum PagerArrow: Hashable, Sendable { case previous, next }

/// One page of text at a time in a titled box, with ‹ › arrows and "2 / 7" when there are more pages.
///
/// ```
/// ╭ Hot picks ─────────────────────────────────────────╮
/// │ ‹  Café Amadeus · café · 120 m NE · open   2 / 7  › │
/// ╰────────────────────────────────────────────────────╯
/// ```
/// Without room for a box (fewer than 3 rows) the line alone is drawn. When narrow, the page label goes
/// first, then the arrows, so the text keeps the room.
public enum PagerView {
    /// Draws the pager.
    /// - Parameters:
    ///   - page: the page shown, counted from 0.
    ///   - pageCount: how many pages there are; 0 shows `text` alone (a loading or empty message).
    ///   - textStyle: the text's style (an error, say); the theme's text style by default.
    public static func draw(in buffer: CellBuffer, rect: Rect, title: String?, text: String, page: Int,
                            pageCount: Int, theme: Theme, textStyle: Style? = nil) {
        guard rect.width > 0, rect.height > 0 else { return }
        if hasBox(rect) {
            Box.draw(in: buffer, rect: rect, title: title, style: theme.border, titleStyle: theme.title)
        }
        drawLine(in: buffer, rect: line(in: rect), text: text, page: page, pageCount: pageCount, theme: theme,
                 textStyle: textStyle ?? theme.text)
    }

    /// Which arrow of a pager drawn in `rect` a click at `point` hit (the arrow's cell or the one beside
    /// it, as a mouse is not that precise); nil elsewhere or without arrows.
    public static func arrow(at point: Point, rect: Rect, page: Int, pageCount: Int) -> PagerArrow? {
        let line = line(in: rect)
        guard point.y == line.y, layout(width: line.width, page: page, pageCount: pageCount).arrows else { return nil }
        if point.x >= line.x, point.x <= line.x + 2 { return .previous }
        if point.x >= line.maxX - 3, point.x < line.maxX { return .next }
        return nil
    }

    private static func hasBox(_ rect: Rect) -> Bool { rect.height >= 3 && rect.width >= 8 }

    /// The row the text goes in: the middle of the box, or the first row without one.
    private static func line(in rect: Rect) -> Rect {
        hasBox(rect) ? rect.inset(by: 1).row((rect.height - 3) / 2) : rect.row(0)
    }

    /// What fits beside the text: the page label first goes, then the arrows.
    private static func layout(width: Int, page: Int, pageCount: Int) -> (label: String?, arrows: Bool) {
        var label = label(page: page, pageCount: pageCount)
        var arrows = pageCount > 1
        // " ‹  " before the text; "  2 / 7  › " after it (the gap before the label included).
        func room() -> Int {
            width - (arrows ? 4 : 1) - ((label.map { DisplayWidth.of($0) + 3 } ?? 1) + (arrows ? 3 : 0))
        }
        let minimumText = 8
        if room() < minimumText { label = nil }
        if room() < minimumText { arrows = false }
        return (label, arrows)
    }

    /// The page label: "2 / 7"; nil without pages.
    public static func label(page: Int, pageCount: Int) -> String? {
        guard pageCount > 0 else { return nil }
        return "\(min(max(page, 0), pageCount - 1) + 1) / \(pageCount)"
    }

    private static func drawLine(in buffer: CellBuffer, rect: Rect, text: String, page: Int, pageCount: Int,
                                 theme: Theme, textStyle: Style) {
        let (left, right) = ("‹", "›")
        let (label, arrows) = layout(width: rect.width, page: page, pageCount: pageCount)
        func leading() -> Int { arrows ? 4 : 1 }
        func trailing() -> Int { (label.map { DisplayWidth.of($0) + 3 } ?? 1) + (arrows ? 3 : 0) }

        let y = rect.y
        if arrows { buffer.write(left, at: Point(x: rect.x + 1, y: y), style: theme.accent, clip: rect) }
        let textWidth = max(0, rect.width - leading() - trailing())
        buffer.write(text, in: Rect(x: rect.x + leading(), y: y, width: textWidth, height: 1), style: textStyle)
        var x = rect.maxX - 1
        if arrows {
            x -= 1
            buffer.write(right, at: Point(x: x, y: y), style: theme.accent, clip: rect)
            x -= 2
        }
        if let label {
            x -= DisplayWidth.of(label)
            buffer.write(label, at: Point(x: x, y: y), style: theme.secondary, clip: rect)
        }
    }
}
