/// A styled tmux capture (`capture-pane -e`) as cells: each character with the colours and attributes it shows.
public struct ShownScreen {
    public struct Cell: Equatable {
        public var character: Character
        public var style: Style
    }

    public struct Style: Equatable {
        public var foreground = "default"
        public var background = "default"
        public var bold = false, dim = false, italic = false, underline = false, reverse = false
    }

    public let rows: [[Cell]]
    /// The characters, without the styles (and without trailing blanks, which tmux may leave out).
    public var text: String { rows.map(Self.trimmed).joined(separator: "\n") }

    private static func trimmed(_ row: [Cell]) -> String {
        String(String(row.map(\.character)).reversed().drop { $0 == " " }.reversed())
    }

    /// tmux writes only the changes of style from one cell to the next, across the ends of rows too.
    public init(styled: String) {
        var style = Style()
        rows = styled.split(separator: "\n", omittingEmptySubsequences: false).map { Self.cells(of: $0, style: &style) }
    }

    /// Where two screens show something different, in words; nil when they show the same. A blank's foreground
    /// never shows, so blanks compare by background, reverse and underline only (a frame may leave a blank in
    /// the colour of the text before it, where a repaint writes it plain).
    public static func firstDifference(_ a: ShownScreen, _ b: ShownScreen) -> String? {
        guard a.rows.count == b.rows.count else { return "\(a.rows.count) rows against \(b.rows.count)" }
        for (y, (rowA, rowB)) in zip(a.rows, b.rows).enumerated() {
            // tmux's capture leaves out trailing blanks as it likes (a row cleared to its end and a row written to
            // its end with blanks come out differently): text is compared without them, styles where both rows
            // have cells.
            let textA = Self.trimmed(rowA), textB = Self.trimmed(rowB)
            guard textA == textB else { return "row \(y) shows\n  \(textA)\nwhere a repaint shows\n  \(textB)" }
            let cellsA = rowA, cellsB = rowB
            for (x, (cellA, cellB)) in zip(cellsA, cellsB).enumerated() {
                let shows = { (cell: Cell) -> [String] in
                    let s = cell.style
                    let common = [s.background, s.reverse ? "reverse" : "", s.underline ? "underline" : ""]
                    return cell.character == " " ? common
                        : common + [s.foreground, s.bold ? "bold" : "", s.dim ? "dim" : "", s.italic ? "italic" : ""]
                }
                if shows(cellA) != shows(cellB) {
                    return "row \(y), cell \(x) (“\(cellA.character)”): \(shows(cellA)) where a repaint has \(shows(cellB))"
                        + "\n  \(textA)"
                }
            }
        }
        return nil
    }

    private static func cells(of line: Substring, style: inout Style) -> [Cell] {
        var cells: [Cell] = []
        var index = line.startIndex
        while index < line.endIndex {
            let character = line[index]
            if character == "\u{1B}", line[line.index(after: index)...].first == "[" {
                var end = line.index(index, offsetBy: 2)
                while end < line.endIndex, !(line[end].isLetter) { end = line.index(after: end) }
                if end < line.endIndex, line[end] == "m" {
                    let parameters = line[line.index(index, offsetBy: 2)..<end].split(separator: ";").map { Int($0) ?? 0 }
                    apply(parameters.isEmpty ? [0] : parameters, to: &style)
                }
                index = end < line.endIndex ? line.index(after: end) : end
                continue
            }
            cells.append(Cell(character: character, style: style))
            index = line.index(after: index)
        }
        return cells
    }

    private static func apply(_ parameters: [Int], to style: inout Style) {
        var rest = parameters[...]
        while let code = rest.popFirst() {
            switch code {
            case 0: style = Style()
            case 1: style.bold = true
            case 2: style.dim = true
            case 3: style.italic = true
            case 4: style.underline = true
            case 7: style.reverse = true
            case 22: style.bold = false; style.dim = false
            case 23: style.italic = false
            case 24: style.underline = false
            case 27: style.reverse = false
            case 30...37, 90...97: style.foreground = "\(code)"
            case 39: style.foreground = "default"
            case 40...47, 100...107: style.background = "\(code)"
            case 49: style.background = "default"
            case 38, 48:
                // 38;5;n or 38;2;r;g;b (and the same for the background).
                let kind = rest.popFirst() ?? 0
                let count = kind == 2 ? 3 : 1
                let value = "\(code);\(kind);" + rest.prefix(count).map(String.init).joined(separator: ";")
                rest = rest.dropFirst(count)
                if code == 38 { style.foreground = value } else { style.background = value }
            default: break
            }
        }
    }
}
