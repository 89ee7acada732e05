import TerminalView
import TerminalText

/// Aligned columns for people: widths measured as the terminal counts them (`DisplayWidth`), two spaces
/// between columns, a cell cut with "…" past its column's maximum, no trailing spaces.
enum TextTable {
    /// The rows (cells already made safe) as lines, each ending in a newline.
    static func render(_ rows: [[String]], alignments: [Alignment], maximumWidths: [Int?]) -> String {
        let columns = rows.map(\.count).max() ?? 0
        let cut = rows.map { row in
            row.enumerated().map { column, cell in
                guard column < maximumWidths.count, let maximum = maximumWidths[column] else { return cell }
                return TextLayout.truncate(cell, toWidth: maximum)
            }
        }
        var widths = Array(repeating: 0, count: columns)
        for row in cut {
            for (column, cell) in row.enumerated() { widths[column] = max(widths[column], DisplayWidth.of(cell)) }
        }
        var text = ""
        for row in cut {
            // Empty trailing cells would only add trailing spaces.
            let lastFilled = row.lastIndex { !$0.isEmpty } ?? 0
            for (column, cell) in row.enumerated() where column <= lastFilled {
                if column > 0 { text += "  " }
                let padding = String(repeating: " ", count: widths[column] - DisplayWidth.of(cell))
                let alignment = column < alignments.count ? alignments[column] : .left
                switch alignment {
                case .right: text += padding + cell
                case .left, .center: text += column == lastFilled ? cell : cell + padding
                }
            }
            text += "\n"
        }
        return text
    }
}
