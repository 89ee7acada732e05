/// A grid of cells that widgets draw into; the backend presents it.
///
/// Every string is sanitised on the way in and measured per scalar as the terminal will, so what the buffer
/// holds is exactly what the terminal will show.
public final class CellBuffer {
    public private(set) var size: Size
    public private(set) var cells: [Cell]
    /// Cells that show a spinner: the run loop advances only these between full frames.
    public var spinnerCells: [SpinnerCell] = []
    /// Where the text cursor should be, when a text field has focus.
    public var cursor: Point?
    /// Which spinner frame a full draw shows; the run loop advances it.
    public var spinnerFrame = 0

    public init(size: Size, style: Style = .plain) {
        self.size = size
        cells = Array(repeating: .blank(style), count: max(0, size.width * size.height))
    }

    public var bounds: Rect { Rect(size: size) }

    /// Clears to blanks and forgets spinners and the cursor; the size may change.
    public func reset(size newSize: Size? = nil, style: Style = .plain) {
        if let newSize, newSize != size {
            size = newSize
            cells = Array(repeating: .blank(style), count: max(0, newSize.width * newSize.height))
        } else {
            for i in cells.indices { cells[i] = .blank(style) }
        }
        spinnerCells.removeAll(keepingCapacity: true)
        cursor = nil
    }

    public subscript(x: Int, y: Int) -> Cell {
        get { cells[y * size.width + x] }
        set { cells[y * size.width + x] = newValue }
    }

    /// Fills a rectangle with blanks of a style.
    public func fill(_ rect: Rect, style: Style = .plain) {
        let r = rect.intersection(bounds)
        guard !r.isEmpty else { return }
        for y in r.y..<r.maxY {
            repairWideCharacter(atLeftEdge: r.x, y: y)
            repairWideCharacter(atRightEdge: r.maxX - 1, y: y)
            let base = y * size.width
            for x in r.x..<r.maxX { cells[base + x] = .blank(style) }
        }
    }

    /// Changes the style of every cell in a rectangle, keeping the text (a selection bar).
    public func applyStyle(_ style: Style, to rect: Rect) {
        let r = rect.intersection(bounds)
        guard !r.isEmpty else { return }
        for y in r.y..<r.maxY {
            let base = y * size.width
            for x in r.x..<r.maxX { cells[base + x].style = style }
        }
    }

    /// Writes text at a point, clipped to `clip` (default: the whole buffer) and to `maxWidth` columns.
    /// Returns the number of columns written. A wide character that does not fit is never split.
    @discardableResult
    public func write(_ text: String, at point: Point, style: Style, maxWidth: Int? = nil, clip: Rect? = nil) -> Int {
        let area = (clip ?? bounds).intersection(bounds)
        guard point.y >= area.y, point.y < area.maxY else { return 0 }
        var limit = area.maxX
        if let maxWidth { limit = min(limit, point.x + maxWidth) }
        var x = point.x
        var lastCellIndex: Int?
        var marksOnLast = 0
        let rowBase = point.y * size.width
        for raw in text.unicodeScalars {
            let scalar = TextSanitizer.placeholder(for: raw) ?? raw
            let w = DisplayWidth.of(scalar)
            if w == 0 {
                // A combining mark joins the cell before it (a few at most, as curses allows).
                if let index = lastCellIndex, marksOnLast < 4 {
                    cells[index].text.unicodeScalars.append(scalar)
                    marksOnLast += 1
                }
                continue
            }
            if x + w > limit {
                // A wide character at the last column: pad instead of splitting it.
                if w == 2, x < limit, x >= area.x { setCell(x: x, y: point.y, Cell.blank(style)); x += 1 }
                break
            }
            if x >= area.x {
                let cell = Cell(text: String(Character(scalar)), style: style, width: UInt8(w))
                setCell(x: x, y: point.y, cell)
                lastCellIndex = rowBase + x
                marksOnLast = 0
                if w == 2 { setCell(x: x + 1, y: point.y, Cell(text: "", style: style, width: 0)) }
            } else {
                lastCellIndex = nil
            }
            x += w
        }
        return max(0, x - point.x)
    }

    /// Writes text truncated with an ellipsis to `width` columns, padded with the style to the full width.
    public func write(_ text: String, in rect: Rect, style: Style, alignment: Alignment = .left) {
        guard rect.height > 0, rect.width > 0 else { return }
        let fitted = TextLayout.fit(TextSanitizer.sanitize(text), width: rect.width, alignment: alignment)
        write(fitted, at: Point(x: rect.x, y: rect.y), style: style, maxWidth: rect.width, clip: rect)
    }

    /// The cells of `rect` (inside the buffer), row by row, to be put back with `paste`.
    public func copy(_ rect: Rect) -> [Cell] {
        let r = rect.intersection(bounds)
        var result: [Cell] = []
        result.reserveCapacity(r.width * r.height)
        for y in r.y..<r.maxY {
            let base = y * size.width
            result += cells[(base + r.x)..<(base + r.maxX)]
        }
        return result
    }

    /// Puts back cells taken by `copy` from a rectangle of the same size, at `rect`.
    public func paste(_ copied: [Cell], in rect: Rect) {
        guard rect.intersection(bounds) == rect, copied.count == rect.width * rect.height else { return }
        for row in 0..<rect.height {
            let y = rect.y + row
            repairWideCharacter(atLeftEdge: rect.x, y: y)
            repairWideCharacter(atRightEdge: rect.maxX - 1, y: y)
            let base = y * size.width + rect.x
            let from = row * rect.width
            cells.replaceSubrange(base..<(base + rect.width), with: copied[from..<(from + rect.width)])
        }
    }

    /// Marks a cell as showing a spinner; the run loop animates it.
    public func addSpinner(at point: Point, style: Style) {
        guard bounds.contains(point) else { return }
        spinnerCells.append(SpinnerCell(point: point, style: style))
    }

    private func setCell(x: Int, y: Int, _ cell: Cell) {
        guard x >= 0, x < size.width, y >= 0, y < size.height else { return }
        let index = y * size.width + x
        let old = cells[index]
        // Overwriting half of a wide character leaves the other half blank, as a terminal would.
        if old.width == 2, x + 1 < size.width, cells[index + 1].isContinuation {
            cells[index + 1] = .blank(cells[index + 1].style)
        }
        if old.isContinuation, x > 0, cells[index - 1].width == 2 {
            cells[index - 1] = .blank(cells[index - 1].style)
        }
        cells[index] = cell
    }

    private func repairWideCharacter(atLeftEdge x: Int, y: Int) {
        guard x > 0, x < size.width else { return }
        let index = y * size.width + x
        if cells[index].isContinuation { cells[index - 1] = .blank(cells[index - 1].style) }
    }

    private func repairWideCharacter(atRightEdge x: Int, y: Int) {
        guard x >= 0, x + 1 < size.width else { return }
        let index = y * size.width + x
        if cells[index].width == 2 { cells[index + 1] = .blank(cells[index + 1].style) }
    }
}

/// A cell that shows a spinner frame.
public struct SpinnerCell: Hashable, Sendable {
    public var point: Point
    public var style: Style
}
