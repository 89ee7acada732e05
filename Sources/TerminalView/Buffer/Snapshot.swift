/// Text snapshots of a buffer for tests: readable in a diff, no escape bytes.
extension CellBuffer {
    /// Each row as the terminal would show it, trailing blanks trimmed.
    public func textRows() -> [String] {
        (0..<size.height).map { y in
            var line = ""
            for x in 0..<size.width {
                let cell = self[x, y]
                if !cell.isContinuation { line += cell.text }
            }
            while line.hasSuffix(" ") { line.removeLast() }
            return line
        }
    }

    /// The rows joined by newlines.
    public func text() -> String { textRows().joined(separator: "\n") }

    /// One character per column naming its style by `legend` (" " for plain, "?" for a style not in it),
    /// trailing blanks trimmed: a second grid that makes styles visible in a diff.
    public func styleRows(legend: [Style: Character]) -> [String] {
        (0..<size.height).map { y in
            var line = ""
            for x in 0..<size.width {
                let style = self[x, y].style
                if style == .plain { line.append(legend[style] ?? " ") } else { line.append(legend[style] ?? "?") }
            }
            while line.hasSuffix(" ") { line.removeLast() }
            return line
        }
    }

    /// Whether any row contains `needle`.
    public func contains(_ needle: String) -> Bool { textRows().contains { $0.contains(needle) } }
}
