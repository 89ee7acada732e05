/// Remembers the cells of drawn list rows, so that a frame which only moves the selection lays out the two
/// rows whose selection changed and copies the others.
///
/// Entries are valid for one `generation` (whatever the rows' content depends on: the list's revision, the
/// width, the layout); a frame keeps only the rows it drew, so the cache holds one screen at most.
public struct RowCache {
    private struct Key: Hashable {
        var index: Int
        var selected: Bool
    }

    private var generation: [Int]?
    private var rows: [Key: [Cell]] = [:]
    private var drawn: [Key: [Cell]] = [:]
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
    }

    /// Draws row `index` into `rect` of `buffer`: copied when cached, else by `draw`, which draws into the
    /// buffer and rect it is given and returns whether the row may be cached (a spinner row may not).
    public mutating func draw(index: Int, selected: Bool, in buffer: CellBuffer, rect: Rect,
                              _ draw: (CellBuffer, Rect) -> Bool) {
        let key = Key(index: index, selected: selected)
        if let cells = rows[key], cells.count == rect.width * rect.height {
            buffer.paste(cells, in: rect)
            drawn[key] = cells
            return
        }
        rowsLaidOut += 1
        guard draw(buffer, rect) else { return }
        drawn[key] = buffer.copy(rect)
    }

    /// Draws row `index` ahead of the frame that shows it (`width` × `height` cells, kept for the next frame),
    /// unless it is cached already or the last frame's `generation` is not this one (the next frame would
    /// forget it); `draw` is as in `draw(index:selected:in:rect:_:)`.
    public mutating func prepare(index: Int, selected: Bool, generation: [Int], width: Int, height: Int,
                                 _ draw: (CellBuffer, Rect) -> Bool) {
        let key = Key(index: index, selected: selected)
        guard generation == self.generation, width > 0, height > 0, rows[key]?.count != width * height else { return }
        let scratch = CellBuffer(size: Size(width: width, height: height))
        guard draw(scratch, scratch.bounds) else { return }
        rows[key] = scratch.copy(scratch.bounds)
    }

    /// Ends a frame: only the rows drawn in it stay cached.
    public mutating func endFrame() {
        swap(&rows, &drawn)
        drawn.removeAll(keepingCapacity: true)
    }

    /// How many rows are cached (for tests).
    public var count: Int { rows.count }
}
