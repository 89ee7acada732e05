import TerminalText

/// A grid of cells that widgets draw into; the backend presents it.
///
/// Every string is sanitised on the way in, its emoji sequences folded (`EmojiFold`), and measured per scalar
/// as the terminal will, so what the buffer holds is exactly what the terminal will show (an ASCII terminal is
/// sent the app's marks as ASCII of the same width, `GlyphSet.fold`). Writing allocates nothing: text goes
/// scalar by scalar into the cells, truncated and padded in place.
public final class CellBuffer {
    /// Unchecked for overlapping access at run time, as `cells` is: every cell's index is reached through it.
    @exclusivity(unchecked) public private(set) var size: Size
    /// Row by row. Unchecked for overlapping access at run time: every frame reads and writes thousands of cells
    /// through it, the checks cost a twentieth of a keystroke's instructions, and no method of the buffer
    /// reaches `cells` again while it holds them (a buffer is used on the main actor only).
    @exclusivity(unchecked) public internal(set) var cells: [Cell]
    /// Cells that show a spinner: the run loop advances only these between full frames.
    public var spinnerCells: [SpinnerCell] = []
    /// Runs of cells that link somewhere (a website): a terminal that understands OSC 8 makes them clickable.
    public var links: [CellLink] = []
    /// Where the text cursor should be, when a text field has focus.
    public var cursor: Point?
    /// Which spinner frame a full draw shows; the presenter advances it.
    public var spinnerFrame = 0
    /// Pictures placed for the terminal's graphics protocol, in the order placed.
    public private(set) var graphics: [GraphicPlacement] = []
    /// Whether something was drawn over each of `graphics` after it was placed.
    private var coveredGraphics: [Bool] = []

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
            let blank = Cell.blank(style)
            cells.withUnsafeMutableBufferPointer { $0.update(repeating: blank) }
        }
        spinnerCells.removeAll(keepingCapacity: true)
        links.removeAll()
        graphics.removeAll()
        coveredGraphics.removeAll()
        cursor = nil
    }

    public subscript(x: Int, y: Int) -> Cell {
        get { cells[y * size.width + x] }
        set {
            cells[y * size.width + x] = newValue
            cover(Rect(x: x, y: y, width: 1, height: 1))
        }
    }

    // MARK: Pictures

    /// Places a picture with its top left cell at `origin`; its cells should hold blanks (`PictureBox` fills
    /// them first).
    public func place(_ picture: GraphicPicture, at origin: Point) {
        graphics.append(GraphicPlacement(origin: origin, picture: picture))
        coveredGraphics.append(false)
    }

    /// The pictures nothing was drawn over after they were placed: the ones the terminal may show.
    public var visibleGraphics: [GraphicPlacement] {
        graphics.indices.filter { !coveredGraphics[$0] }.map { graphics[$0] }
    }

    /// Marks the pictures under `rect` as covered. Called by every write, so it costs one test while no picture
    /// is placed (nearly always).
    @inline(__always)
    private func cover(_ rect: Rect) {
        guard !graphics.isEmpty else { return }
        for index in graphics.indices where !coveredGraphics[index]
            && !graphics[index].rect.intersection(rect).isEmpty {
            coveredGraphics[index] = true
        }
    }

    /// Fills a rectangle with blanks of a style.
    public func fill(_ rect: Rect, style: Style = .plain) {
        let r = rect.intersection(bounds)
        guard !r.isEmpty else { return }
        cover(r)
        let blank = Cell.blank(style)
        for y in r.y..<r.maxY {
            repairWideCharacter(atLeftEdge: r.x, y: y)
            repairWideCharacter(atRightEdge: r.maxX - 1, y: y)
            let base = y * size.width
            cells.withUnsafeMutableBufferPointer { $0[(base + r.x)..<(base + r.maxX)].update(repeating: blank) }
        }
    }

    /// Changes the style of every cell in a rectangle, keeping the text (a selection bar).
    public func applyStyle(_ style: Style, to rect: Rect) {
        let r = rect.intersection(bounds)
        guard !r.isEmpty else { return }
        let width = size.width
        cells.withUnsafeMutableBufferPointer { cells in
            for y in r.y..<r.maxY {
                for x in r.x..<r.maxX { cells[y * width + x].style = style }
            }
        }
    }

    /// Writes text at a point, clipped to `clip` (default: the whole buffer) and to `maxWidth` columns.
    /// Returns the number of columns written. A wide character that does not fit is never split: a blank
    /// takes its place.
    @discardableResult
    public func write(_ text: String, at point: Point, style: Style, maxWidth: Int? = nil, clip: Rect? = nil) -> Int {
        let area = (clip ?? bounds).intersection(bounds)
        guard point.y >= area.y, point.y < area.maxY else { return 0 }
        var limit = area.maxX
        if let maxWidth { limit = min(limit, point.x + maxWidth) }
        var pen = Pen(x: point.x, y: point.y, minX: area.x, limit: limit)
        put(text, with: &pen, style: style, padWide: true)
        return max(0, pen.x - point.x)
    }

    /// Writes text in one row of `rect`, truncated with an ellipsis to its width and padded with the style to
    /// the full width, placed by `alignment`.
    public func write(_ text: String, in rect: Rect, style: Style, alignment: Alignment = .left) {
        guard rect.height > 0, rect.width > 0 else { return }
        let area = rect.row(0)
        fill(area, style: style)
        let columns = TextLayout.columns(of: text)
        var pen = Pen(x: area.x, y: area.y, minX: area.x, limit: area.maxX)
        if columns <= area.width {
            let pad = area.width - columns
            pen.x += alignment == .left ? 0 : (alignment == .right ? pad : pad / 2)
            put(text, with: &pen, style: style, padWide: false)
            return
        }
        // Cut to leave a column for the ellipsis; a wide character that would cross it is left out.
        pen.limit = area.maxX - 1
        put(text, with: &pen, style: style, padWide: false)
        pen.limit = area.maxX
        _ = put(scalar: "…", with: &pen, style: style, padWide: false)
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
        cover(rect)
        for row in 0..<rect.height {
            let y = rect.y + row
            repairWideCharacter(atLeftEdge: rect.x, y: y)
            repairWideCharacter(atRightEdge: rect.maxX - 1, y: y)
        }
        // A list frame pastes every row it shows: one copy of plain cells per row, no per-cell checks.
        let (width, rowWidth) = (size.width, rect.width)
        cells.withUnsafeMutableBufferPointer { target in
            copied.withUnsafeBufferPointer { source in
                guard let to = target.baseAddress, let from = source.baseAddress else { return }
                for row in 0..<rect.height {
                    (to + (rect.y + row) * width + rect.x).update(from: from + row * rowWidth, count: rowWidth)
                }
            }
        }
    }

    /// Copies the cells of `source` (another buffer of any size) into `rect` of this one, from `origin` in
    /// the source; what lies outside either buffer is skipped.
    public func paste(from source: CellBuffer, origin: Point, in rect: Rect) {
        let target = rect.intersection(bounds)
        guard !target.isEmpty else { return }
        cover(target)
        // Columns of the target that have a source column.
        let firstX = max(target.x, rect.x - origin.x), lastX = min(target.maxX, rect.x - origin.x + source.size.width)
        guard firstX < lastX else { return }
        for y in target.y..<target.maxY {
            let sourceY = origin.y + (y - rect.y)
            guard sourceY >= 0, sourceY < source.size.height else { continue }
            repairWideCharacter(atLeftEdge: firstX, y: y)
            repairWideCharacter(atRightEdge: lastX - 1, y: y)
            let from = sourceY * source.size.width + origin.x + (firstX - rect.x)
            cells.replaceSubrange((y * size.width + firstX)..<(y * size.width + lastX),
                                  with: source.cells[from..<(from + lastX - firstX)])
        }
        // The source's pictures come along where they land whole (a picture scrolled half out is not shown).
        for placement in source.visibleGraphics {
            let moved = Point(x: placement.origin.x - origin.x + rect.x, y: placement.origin.y - origin.y + rect.y)
            let landed = Rect(x: moved.x, y: moved.y, width: placement.picture.width,
                              height: placement.picture.height)
            if landed.intersection(target) == landed { place(placement.picture, at: moved) }
        }
    }

    /// Marks the first row of `rect` (clipped to the buffer) as linking to `target`, when it is a link worth
    /// offering (`TerminalControl.linkTarget`); the text itself is written as usual.
    public func addLink(_ target: String, in rect: Rect) {
        guard let target = TerminalControl.linkTarget(target) else { return }
        let row = rect.intersection(bounds)
        guard row.width > 0, row.height > 0 else { return }
        links.append(CellLink(y: row.y, columns: row.x..<row.maxX, target: target))
    }

    /// Marks a cell as showing a spinner; the run loop animates it.
    public func addSpinner(at point: Point, style: Style) {
        guard bounds.contains(point) else { return }
        spinnerCells.append(SpinnerCell(point: point, style: style))
    }

    // MARK: Writing scalars

    /// Where the next scalar goes, and where writing must stop.
    private struct Pen {
        var x: Int
        let y: Int
        /// Columns left of this are skipped (clipped), not drawn.
        let minX: Int
        var limit: Int
        /// The cell the last base went to, for combining marks; nil when it was clipped.
        var lastIndex: Int?
    }

    /// Puts the scalars of `text` at the pen until one does not fit. The cells are reached through one
    /// buffer pointer for the whole string: no exclusivity check or bounds check per cell.
    private func put(_ text: String, with pen: inout Pen, style: Style, padWide: Bool) {
        let packed = style.packed
        let (width, height) = (size.width, size.height)
        guard pen.y >= 0, pen.y < height else { return }
        let start = pen.x
        cells.withUnsafeMutableBufferPointer { cells in
            var writer = CellWriter(cells: cells, width: width, packedStyle: packed)
            for scalar in text.unicodeScalars {
                guard writer.put(scalar, with: &pen, padWide: padWide) else { return }
            }
        }
        cover(Rect(x: start, y: pen.y, width: pen.x - start, height: 1))
    }

    private func put(scalar: Unicode.Scalar, with pen: inout Pen, style: Style, padWide: Bool) -> Bool {
        let packed = style.packed
        let width = size.width
        guard pen.y >= 0, pen.y < size.height else { return false }
        cover(Rect(x: pen.x, y: pen.y, width: 2, height: 1))
        return cells.withUnsafeMutableBufferPointer { cells in
            var writer = CellWriter(cells: cells, width: width, packedStyle: packed)
            return writer.put(scalar, with: &pen, padWide: padWide)
        }
    }

    /// Writes scalars into the cells of one buffer, measured and sanitised as the terminal will show them.
    private struct CellWriter {
        let cells: UnsafeMutableBufferPointer<Cell>
        let width: Int
        let packedStyle: UInt32
        /// Emoji sequences of the string being written, folded as `DisplayWidth` measures them.
        var fold = EmojiFold()

        init(cells: UnsafeMutableBufferPointer<Cell>, width: Int, packedStyle: UInt32) {
            self.cells = cells
            self.width = width
            self.packedStyle = packedStyle
        }

        /// Puts one scalar at the pen; false once nothing more fits.
        @inline(__always)
        mutating func put(_ raw: Unicode.Scalar, with pen: inout Pen, padWide: Bool) -> Bool {
            guard let kept = fold.fold(raw) else { return true }
            let scalar = TextSanitizer.placeholder(for: kept) ?? kept
            let w = DisplayWidth.of(scalar)
            if w == 0 {
                // A combining mark joins the cell before it (a few at most, as curses allows).
                if let index = pen.lastIndex, !cells[index].appendMark(scalar) { pen.lastIndex = nil }
                return true
            }
            if pen.x + w > pen.limit {
                // A wide character at the last column: pad instead of splitting it.
                if padWide, w == 2, pen.x < pen.limit, pen.x >= pen.minX {
                    set(x: pen.x, y: pen.y, Cell(scalar: " ", packedStyle: packedStyle, width: 1))
                    pen.x += 1
                }
                return false
            }
            if pen.x >= pen.minX {
                set(x: pen.x, y: pen.y, Cell(scalar: scalar, packedStyle: packedStyle, width: UInt8(w)))
                pen.lastIndex = pen.y * width + pen.x
                if w == 2 { set(x: pen.x + 1, y: pen.y, Cell(scalar: " ", packedStyle: packedStyle, width: 0)) }
            } else {
                pen.lastIndex = nil
            }
            pen.x += w
            return true
        }

        /// Sets a cell; overwriting half of a wide character leaves the other half blank, as a terminal would.
        @inline(__always)
        func set(x: Int, y: Int, _ cell: Cell) {
            guard x >= 0, x < width else { return }
            let index = y * width + x
            let old = cells[index]
            if old.width == 2, x + 1 < width, cells[index + 1].isContinuation {
                cells[index + 1] = .blank(cells[index + 1].style)
            }
            if old.isContinuation, x > 0, cells[index - 1].width == 2 {
                cells[index - 1] = .blank(cells[index - 1].style)
            }
            cells[index] = cell
        }
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

/// Cells of one row that link to a URL (OSC 8).
public struct CellLink: Hashable, Sendable {
    public var y: Int
    public var columns: Range<Int>
    public var target: String

    public init(y: Int, columns: Range<Int>, target: String) {
        self.y = y
        self.columns = columns
        self.target = target
    }
}
