/// A yes/no question in a box over the screen ("Delete Anna Beck?").
public enum ConfirmDialog {
    /// Whether a key answers the dialog: true yes, false no, nil for a key it ignores.
    public static func answer(for key: Key) -> Bool? {
        switch key {
        case .character("y"), .character("Y"), .enter: true
        case .character("n"), .character("N"), .escape, .character("q"): false
        default: nil
        }
    }

    public static func draw(in buffer: CellBuffer, over area: Rect, question: String, detail: String? = nil,
                            theme: Theme) {
        let lines = TextLayout.wrap(TextSanitizer.sanitize(question), width: max(10, min(area.width - 6, 50)))
            + (detail.map { TextLayout.wrap(TextSanitizer.sanitize($0), width: max(10, min(area.width - 6, 50))) } ?? [])
        let width = min(area.width, max(30, (lines.map { DisplayWidth.of($0) }.max() ?? 0) + 6))
        let height = min(area.height, lines.count + 4)
        let rect = area.centered(width: width, height: height)
        let inside = Box.draw(in: buffer, rect: rect, title: "Confirm", style: theme.border, titleStyle: theme.title,
                              unicode: theme.unicode, fill: .plain)
        guard inside.height > 0 else { return }
        for (i, line) in lines.prefix(max(0, inside.height - 1)).enumerated() {
            buffer.write(" " + line, in: inside.row(i), style: i == 0 ? theme.title : theme.text)
        }
        let answers = inside.row(inside.height - 1)
        var x = answers.x + 1
        x += buffer.write("y", at: Point(x: x, y: answers.y), style: theme.accent, clip: answers)
        x += buffer.write(" yes   ", at: Point(x: x, y: answers.y), style: theme.text, clip: answers)
        x += buffer.write("n", at: Point(x: x, y: answers.y), style: theme.accent, clip: answers)
        buffer.write(" no", at: Point(x: x, y: answers.y), style: theme.text, clip: answers)
    }
}
