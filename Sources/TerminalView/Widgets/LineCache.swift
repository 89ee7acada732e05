/// Remembers the cells of single lines that stay the same from frame to frame (a footnote, a note, the
/// header, the status bar), by slot: a frame whose line has the same key and width copies the cells drawn
/// before instead of measuring and writing its text again.
///
/// The key must hold everything the line's cells depend on; a line with a spinner or a link must not be
/// drawn through it (neither is copied).
///
/// `draw` is inlinable so each caller's key type is compared by specialised code: the generic comparison of an
/// array of optional strings cost more than the line it spared.
public struct LineCache<Key: Equatable> {
    @usableFromInline
    struct Line {
        @usableFromInline var key: Key
        @usableFromInline var width: Int
        @usableFromInline var cells: [Cell]

        @usableFromInline
        init(key: Key, width: Int, cells: [Cell]) {
            self.key = key
            self.width = width
            self.cells = cells
        }
    }

    @usableFromInline var lines: [Line?] = []

    public init() {}

    /// Draws line `slot` (the first row of `rect`) with `draw`, or copies it when the last one drawn in that
    /// slot had the same key and width; a row the buffer clips is drawn, not kept.
    @inlinable
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
