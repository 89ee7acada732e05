import TerminalText

/// A transient message in the status bar.
public struct StatusBarMessage: Hashable, Sendable {
    public enum Kind: Hashable, Sendable { case info, success, error }
    public var text: String
    public var kind: Kind
    public init(_ text: String, kind: Kind = .info) {
        self.text = text
        self.kind = kind
    }
}

/// The bottom line: a message when there is one, then the focused element's key hints.
public enum StatusBar {
    public static func draw(in buffer: CellBuffer, rect: Rect, hints: [KeyHint], message: StatusBarMessage?,
                            theme: Theme) {
        guard rect.height > 0, rect.width > 0 else { return }
        let row = rect.row(0)
        buffer.fill(row, style: theme.footer)
        var x = row.x + 1
        if let message {
            let style: Style = switch message.kind {
            case .info: theme.footer
            case .success: theme.footer.adding(.bold)
            case .error: Style(foreground: theme.error.foreground, background: theme.footer.background,
                               attributes: theme.error.attributes.union(theme.footer.attributes))
            }
            let text = TextLayout.truncate(TextSanitizer.sanitize(message.text), toWidth: max(0, row.width - 2))
            x += buffer.write(text, at: Point(x: x, y: row.y), style: style, clip: row)
            x += 2
        }
        for hint in fitting(hints, width: row.maxX - 1 - x) {
            x += buffer.write(hint.keys, at: Point(x: x, y: row.y), style: theme.keyHint, clip: row)
            x += 1
            x += buffer.write(hint.summary, at: Point(x: x, y: row.y), style: theme.footer, clip: row)
            x += 2
        }
    }

    /// The hints that fit in `width` columns, in their order: when not all fit, the last of the others go
    /// before any essential one (the way back and help stay at 60 columns).
    static func fitting(_ hints: [KeyHint], width: Int) -> [KeyHint] {
        func needed(_ hint: KeyHint) -> Int { DisplayWidth.of(hint.keys) + DisplayWidth.of(hint.summary) + 3 }
        var kept = hints
        var total = kept.reduce(0) { $0 + needed($1) } - 2
        while total > width, let drop = kept.lastIndex(where: { !$0.isEssential }) ?? kept.indices.last {
            total -= needed(kept[drop])
            kept.remove(at: drop)
        }
        return kept
    }
}
