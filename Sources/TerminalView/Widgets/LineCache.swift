/// Remembers the cells of single lines that stay the same from frame to frame (a footnote, a note, the
/// header, the status bar), by slot: a frame whose line has the same key and width copies the cells drawn
/// before instead of measuring and writing its text again.
///
/// The key must hold everything the line's cells depend on; a line with a spinner or a link must not be
/// drawn through it (neither is copied).
public struct LineCache<Key: Equatable> {
    private struct Line {
        var key: Key
        var width: Int
        var cells: [Cell]
    }

    private var lines: [Line?] = []

    public init() {}

    /// Draws line `slot` (the first row of `rect`) with `draw`, or copies it when the last one drawn in that
    /// slot had the same key and width; a row the buffer clips is drawn, not kept.
    public mutating func draw(slot: Int, key: Key, in buffer: CellBuffer, rect: Rect, _ draw: (Rect) -> Void) {
        let row = rect.row(0)
        guard slot >= 0, row.width > 0, rect.height > 0, row.intersection(buffer.bounds) == row else {
            return draw(row)
        }
        if slot >= lines.count { lines += Array(repeating: nil, count: slot - lines.count + 1) }
        if let line = lines[slot], line.width == row.width, line.key == key {
            return buffer.paste(line.cells, in: row)
        }
        draw(row)
        lines[slot] = Line(key: key, width: row.width, cells: buffer.copy(row))
    }
}
