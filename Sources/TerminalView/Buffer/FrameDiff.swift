import Glibc

/// Which cells changed between two frames of the same size, as runs per row.
public struct ChangedRun: Hashable, Sendable {
    public var y: Int
    public var startX: Int
    public var endX: Int // exclusive

    public init(y: Int, startX: Int, endX: Int) {
        self.y = y
        self.startX = startX
        self.endX = endX
    }
}

extension CellBuffer {
    /// Runs of cells that differ from `previous`; every cell when the sizes differ or there is no previous.
    /// A wide character that changed takes its neighbour along, so halves are never written alone.
    ///
    /// With `scrolled`, `previous` is compared as the terminal shows it once that block of rows has scrolled:
    /// a row of the block holds the row `by` below it (above, when negative), and rows that came in are blank.
    /// The previous frame itself is left as it is.
    public func changedRuns(since previous: CellBuffer?, scrolled: VerticalShift? = nil) -> [ChangedRun] {
        var runs: [ChangedRun] = []
        let width = size.width
        guard let previous, previous.size == size else {
            for y in 0..<size.height where width > 0 { runs.append(ChangedRun(y: y, startX: 0, endX: width)) }
            return runs
        }
        guard width > 0, !cells.isEmpty else { return runs }
        let height = size.height
        let shift = scrolled.flatMap { $0.fits(height: height) ? $0 : nil }
        withUnsafeTemporaryAllocation(of: Cell.self, capacity: shift == nil ? 0 : width) { blankRow in
            if shift != nil { blankRow.initialize(repeating: .blank()) }
            cells.withUnsafeBufferPointer { now in
                previous.cells.withUnsafeBufferPointer { before in
                    func row(_ y: Int, of cells: UnsafeBufferPointer<Cell>) -> UnsafeBufferPointer<Cell> {
                        UnsafeBufferPointer(rebasing: cells[(y * width)..<((y + 1) * width)])
                    }
                    for y in 0..<height {
                        // The row the terminal shows at y before this frame is written.
                        var shown = row(y, of: before)
                        if let shift, shift.rows.contains(y) {
                            shown = shift.rows.contains(y + shift.by) ? row(y + shift.by, of: before)
                                : UnsafeBufferPointer(blankRow)
                        }
                        Self.appendRuns(y: y, now: row(y, of: now), before: shown, to: &runs)
                    }
                }
            }
        }
        return runs
    }

    /// Appends the runs where one row differs from what was shown there (rows of the same width).
    private static func appendRuns(y: Int, now: UnsafeBufferPointer<Cell>, before: UnsafeBufferPointer<Cell>,
                                   to runs: inout [ChangedRun]) {
        let width = now.count
        // Most rows are unchanged: one memory compare says so.
        if memcmp(now.baseAddress!, before.baseAddress!, width * MemoryLayout<Cell>.stride) == 0 { return }
        var x = 0
        while x < width {
            if now[x] == before[x] { x += 1; continue }
            var start = x
            if now[x].isContinuation || before[x].isContinuation { start = max(0, x - 1) }
            var end = x + 1
            while end < width, now[end] != before[end] || now[end - 1].width == 2 || before[end - 1].width == 2 {
                end += 1
            }
            if let last = runs.last, last.y == y, last.endX >= start {
                runs[runs.count - 1].endX = max(last.endX, end)
            } else {
                runs.append(ChangedRun(y: y, startX: start, endX: end))
            }
            x = end
        }
    }

    /// Moves rows `rows` up by `by` (down when negative) inside that block, as a terminal scrolls a region:
    /// rows that move out are lost, rows that come in are blank. Public for backends that keep the screen in
    /// memory (the tests' `MemoryTerminal`).
    public func shift(rows: Range<Int>, by: Int) {
        let width = size.width
        guard VerticalShift(rows: rows, by: by).fits(height: size.height) else { return }
        cells.withUnsafeMutableBufferPointer { cells in
            let base = cells.baseAddress! + rows.lowerBound * width
            let kept = (rows.count - abs(by)) * width
            if by > 0 {
                (base).update(from: base + by * width, count: kept)
                (base + kept).update(repeating: .blank(), count: by * width)
            } else {
                (base - by * width).update(from: base, count: kept)
                base.update(repeating: .blank(), count: -by * width)
            }
        }
    }

    /// Whether row `y` of this buffer holds the same cells as row `otherY` of `other` (same width).
    func row(_ y: Int, equals otherY: Int, of other: CellBuffer) -> Bool {
        let width = size.width
        guard other.size.width == width, y >= 0, y < size.height, otherY >= 0, otherY < other.size.height else {
            return false
        }
        return cells.withUnsafeBufferPointer { mine in
            other.cells.withUnsafeBufferPointer { theirs in
                memcmp(mine.baseAddress! + y * width, theirs.baseAddress! + otherY * width,
                       width * MemoryLayout<Cell>.stride) == 0
            }
        }
    }
}

/// A block of rows that moved up or down a few rows between two frames (a list that scrolled): the terminal
/// can scroll that region instead of being sent every cell of it again.
public struct VerticalShift: Hashable, Sendable {
    /// The region that scrolls, in screen rows.
    public var rows: Range<Int>
    /// Rows the content moves up (negative: down).
    public var by: Int

    public init(rows: Range<Int>, by: Int) {
        self.rows = rows
        self.by = by
    }

    /// Whether a screen of `height` rows can scroll this way: the block lies on it, and rows stay in the block.
    public func fits(height: Int) -> Bool {
        by != 0 && abs(by) < rows.count && rows.lowerBound >= 0 && rows.upperBound <= height
    }

    /// The shift of at most `maximum` rows that makes the most changed rows of `next` equal to rows of `previous`,
    /// when it saves at least `minimumRows` rows; nil otherwise (most frames: a row or two changed in place).
    public static func find(from previous: CellBuffer, to next: CellBuffer, maximum: Int = 3,
                            minimumRows: Int = 4) -> VerticalShift? {
        guard previous.size == next.size, next.size.width > 0 else { return nil }
        let height = next.size.height
        let changed = (0..<height).filter { !next.row($0, equals: $0, of: previous) }
        guard changed.count >= minimumRows else { return nil }
        var best: (run: Range<Int>, by: Int, saved: Int)?
        for distance in 1...maximum {
            for by in [distance, -distance] {
                // The longest block of consecutive rows where next[y] == previous[y + by].
                var y = 0
                while y < height {
                    guard next.row(y, equals: y + by, of: previous) else { y += 1; continue }
                    let start = y
                    var saved = 0
                    while y < height, next.row(y, equals: y + by, of: previous) {
                        if !next.row(y, equals: y, of: previous) { saved += 1 }
                        y += 1
                    }
                    if saved >= minimumRows, saved > best?.saved ?? 0 { best = (start..<y, by, saved) }
                }
            }
        }
        guard let best else { return nil }
        // The region holds the rows that move and the ones they move into.
        let region = best.by > 0
            ? best.run.lowerBound..<(best.run.upperBound + best.by)
            : (best.run.lowerBound + best.by)..<best.run.upperBound
        return VerticalShift(rows: region, by: best.by)
    }
}
