import NearbyViewModels
import TerminalView

extension StatusMessage {
    /// The status bar's form of a view model's message.
    var barMessage: StatusBarMessage {
        StatusBarMessage(text, kind: kind == .error ? .error : .info)
    }
}

/// The header line every screen starts with: a title on the left, a spinner and words on the right.
enum HeaderLine {
    static func draw(in buffer: CellBuffer, rect: Rect, title: String, loading: String?, theme: Theme) {
        let row = rect.row(0)
        buffer.fill(row, style: theme.header)
        var right = 0
        if let loading, row.width > 30 {
            let text = loading + " "
            right = DisplayWidth.of(text) + 2
            let x = row.maxX - right
            Spinner.draw(in: buffer, at: Point(x: x, y: row.y), style: theme.header, unicode: theme.unicode)
            buffer.write(text, at: Point(x: x + 2, y: row.y), style: theme.header, clip: row)
        } else if loading != nil {
            right = 2
            Spinner.draw(in: buffer, at: Point(x: row.maxX - 2, y: row.y), style: theme.header, unicode: theme.unicode)
        }
        buffer.write(" " + title, in: Rect(x: row.x, y: row.y, width: max(0, row.width - right - 1), height: 1),
                     style: theme.header)
    }
}
