/// Fitting text into columns: truncation with an ellipsis that never splits a wide character.
public enum TextLayout {
    public static let ellipsis = "…"

    /// Columns `text` takes once drawn: emoji sequences folded, control characters counted as the placeholders
    /// that stand in for them.
    public static func columns(of text: String) -> Int {
        var fold = EmojiFold()
        var total = 0
        for scalar in text.unicodeScalars {
            guard let kept = fold.fold(scalar) else { continue }
            total += DisplayWidth.of(TextSanitizer.placeholder(for: kept) ?? kept)
        }
        return total
    }

    /// `text` cut to at most `width` columns, ending in "…" when it was cut. The cut falls between characters
    /// as people see them (grapheme clusters), never inside an emoji sequence or before a combining mark.
    public static func truncate(_ text: String, toWidth width: Int) -> String {
        guard width > 0 else { return "" }
        if DisplayWidth.of(text) <= width { return text }
        var out = ""
        var used = 0
        let budget = width - 1 // room for the ellipsis
        for character in text {
            let w = DisplayWidth.of(character)
            if used + w > budget { break }
            used += w
            out.append(character)
        }
        return out + ellipsis
    }

    /// `text` padded with spaces (or truncated) to exactly `width` columns.
    public static func fit(_ text: String, width: Int, alignment: Alignment = .left) -> String {
        let cut = truncate(text, toWidth: width)
        let pad = max(0, width - DisplayWidth.of(cut))
        switch alignment {
        case .left: return cut + String(repeating: " ", count: pad)
        case .right: return String(repeating: " ", count: pad) + cut
        case .center:
            let left = pad / 2
            return String(repeating: " ", count: left) + cut + String(repeating: " ", count: pad - left)
        }
    }

    /// Breaks text into lines of at most `width` columns at spaces where it can.
    public static func wrap(_ text: String, width: Int) -> [String] {
        guard width > 0 else { return [] }
        var lines: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = ""
            var lineWidth = 0
            for word in paragraph.split(separator: " ", omittingEmptySubsequences: true) {
                var word = String(word)
                var w = DisplayWidth.of(word)
                if lineWidth > 0 && lineWidth + 1 + w <= width {
                    line += " " + word
                    lineWidth += 1 + w
                    continue
                }
                if lineWidth > 0 { lines.append(line); line = ""; lineWidth = 0 }
                while w > width { // a word longer than the line is cut hard
                    let head = hardPrefix(word, width: width)
                    lines.append(head)
                    word = String(word.unicodeScalars.dropFirst(head.unicodeScalars.count))
                    w = DisplayWidth.of(word)
                }
                line = word
                lineWidth = w
            }
            lines.append(line)
        }
        return lines
    }

    private static func hardPrefix(_ text: String, width: Int) -> String {
        var out = ""
        var used = 0
        for character in text {
            let w = DisplayWidth.of(character)
            if used + w > width { break }
            used += w
            out.append(character)
        }
        if out.isEmpty, let first = text.first { out.append(first) }
        return out
    }
}

/// Horizontal placement of text in its column.
public enum Alignment: Sendable {
    case left, right, center
}
