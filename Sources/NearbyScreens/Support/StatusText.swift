import NearbyViewModels
import TerminalView
import TerminalText

extension StatusMessage {
    /// The status bar's form of a view model's message.
    var barMessage: StatusBarMessage {
        StatusBarMessage(text, kind: kind == .error ? .error : .info)
    }
}

/// The header line every screen starts with: a title on the left, a spinner and words on the right, and
/// between them a badge when the app is not showing now ("as of Sat 14:00").
enum HeaderLine {
    static func draw(in buffer: CellBuffer, rect: Rect, title: String, loading: String?, badge: String? = nil,
                     theme: Theme) {
        let row = rect.row(0)
        buffer.fill(row, style: theme.header)
        var right = 0
        if let loading, row.width > 30 {
            let text = loading + " "
            right = DisplayWidth.of(text) + 2
            let x = row.maxX - right
            Spinner.draw(in: buffer, at: Point(x: x, y: row.y), style: theme.header, glyphs: theme.glyphs)
            buffer.write(text, at: Point(x: x + 2, y: row.y), style: theme.header, clip: row)
        } else if loading != nil {
            right = 2
            Spinner.draw(in: buffer, at: Point(x: row.maxX - 2, y: row.y), style: theme.header, glyphs: theme.glyphs)
        }
        if let badge {
            // Reverse video on the header: a chosen time must never pass for now.
            let text = " " + badge + " "
            let width = min(DisplayWidth.of(text), max(0, row.width - right - 1))
            if width > 0 {
                right += width + 1
                buffer.write(text, in: Rect(x: row.maxX - right, y: row.y, width: width, height: 1),
                             style: theme.header.adding(.reverse))
            }
        }
        buffer.write(" " + title, in: Rect(x: row.x, y: row.y, width: max(0, row.width - right - 1), height: 1),
                     style: theme.header)
    }
}
