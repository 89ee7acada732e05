/// Remembers the cells of drawn list rows, so that a frame which only moves the selection lays out the two
/// rows whose selection changed and copies the others.
///
/// Entries are valid for one `generation` (whatever the rows' content depends on: the list's revision, the
/// width, the layout); a frame keeps only the rows it drew, so the cache holds one screen at most.
public struct RowCache {
    private struct Row {
        var index: Int
        var selected: Bool
        var cells: [Cell]
    }

    private var generation: [Int]?
    /// The rows of the last frame, in the order it drew them, then those prepared for the next one: a screen's
    /// worth, looked up in order (see `cached`) rather than hashed, which cost a key more than the lookups.
    private var rows: [Row] = []
    private var drawn: [Row] = []
    /// Where the next lookup starts: a frame asks for its rows in the order the last one drew them, so most
    /// lookups find their row at once.
    private var next = 0
    /// Rows a frame laid out because none was cached (for tests: a move that finds its rows prepared lays out
    /// none).
    public private(set) var rowsLaidOut = 0

    public init() {}

    /// Starts a frame; a different generation forgets every row.
    public mutating func beginFrame(generation: [Int]) {
        if generation != self.generation {
            rows.removeAll()
            self.generation = generation
        }
        drawn.removeAll(keepingCapacity: true)
        next = 0
    }

    /// Draws row `index` into `rect` of `buffer`: copied when cached, else by `draw`, which draws into the
    /// buffer and rect it is given and returns whether the row may be cached (a spinner row may not).
    public mutating func draw(index: Int, selected: Bool, in buffer: CellBuffer, rect: Rect,
                              _ draw: (CellBuffer, Rect) -> Bool) {
        if let cells = cached(index: index, selected: selected), cells.count == rect.width * rect.height {
            buffer.paste(cells, in: rect)
            drawn.append(Row(index: index, selected: selected, cells: cells))
            return
        }
        rowsLaidOut += 1
        guard draw(buffer, rect) else { return }
        drawn.append(Row(index: index, selected: selected, cells: buffer.copy(rect)))
    }

    /// Draws row `index` ahead of the frame that shows it (`width` × `height` cells, kept for the next frame),
    /// unless it is cached already or the last frame's `generation` is not this one (the next frame would
    /// forget it); `draw` is as in `draw(index:selected:in:rect:_:)`.
    public mutating func prepare(index: Int, selected: Bool, generation: [Int], width: Int, height: Int,
                                 _ draw: (CellBuffer, Rect) -> Bool) {
        guard generation == self.generation, width > 0, height > 0 else { return }
        if let position = position(index: index, selected: selected) {
            guard rows[position].cells.count != width * height else { return }
            rows.remove(at: position)
        }
        let scratch = CellBuffer(size: Size(width: width, height: height))
        guard draw(scratch, scratch.bounds) else { return }
        rows.append(Row(index: index, selected: selected, cells: scratch.copy(scratch.bounds)))
    }

    /// Ends a frame: only the rows drawn in it stay cached.
    public mutating func endFrame() {
        swap(&rows, &drawn)
        drawn.removeAll(keepingCapacity: true)
        next = 0
    }

    /// How many rows are cached (for tests).
    public var count: Int { rows.count }

    /// The cells of a cached row; the search starts after the row found last.
    private mutating func cached(index: Int, selected: Bool) -> [Cell]? {
        guard let found = position(index: index, selected: selected) else { return nil }
        next = found + 1
        return rows[found].cells
    }

    /// Where a row is in `rows`, searching from `next` round to it.
    private func position(index: Int, selected: Bool) -> Int? {
        let count = rows.count
        var at = next < count ? next : 0
        for _ in 0..<count {
            if rows[at].index == index, rows[at].selected == selected { return at }
            at = at + 1 == count ? 0 : at + 1
        }
        return nil
    }
}
