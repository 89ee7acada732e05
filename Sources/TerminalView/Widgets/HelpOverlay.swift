/// Every key of the current screen in a box over it, drawn from the same key map that dispatches keys.
public enum HelpOverlay {
    public static func draw(in buffer: CellBuffer, over area: Rect, title: String, lines: [KeyHint], theme: Theme) {
        let keyWidth = min(24, lines.map { DisplayWidth.of($0.keys) }.max() ?? 0)
        let textWidth = lines.map { DisplayWidth.of($0.summary) }.max() ?? 0
        let width = min(area.width, max(keyWidth + textWidth + 6, DisplayWidth.of(title) + 8, 30))
        let height = min(area.height, lines.count + 4)
        let rect = area.centered(width: width, height: height)
        let inside = Box.draw(in: buffer, rect: rect, title: title, style: theme.border, titleStyle: theme.title,
                              fill: .plain)
        guard inside.height > 0 else { return }
        let shown = min(lines.count, inside.height - 1)
        for (i, line) in lines.prefix(shown).enumerated() {
            let y = inside.y + i
            if i == shown - 1, shown < lines.count {
                buffer.write(" …", in: Rect(x: inside.x, y: y, width: inside.width, height: 1), style: theme.secondary)
                break
            }
            buffer.write(" " + line.keys, in: Rect(x: inside.x, y: y, width: keyWidth + 2, height: 1),
                         style: theme.accent)
            buffer.write(line.summary, in: Rect(x: inside.x + keyWidth + 3, y: y,
                                                width: inside.width - keyWidth - 3, height: 1), style: theme.text)
        }
        buffer.write(" esc or ? closes", in: Rect(x: inside.x, y: inside.maxY - 1, width: inside.width, height: 1),
                     style: theme.secondary)
    }
}
