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
    public func changedRuns(since previous: CellBuffer?) -> [ChangedRun] {
        var runs: [ChangedRun] = []
        let width = size.width
        guard let previous, previous.size == size else {
            for y in 0..<size.height where width > 0 { runs.append(ChangedRun(y: y, startX: 0, endX: width)) }
            return runs
        }
        let now = cells, before = previous.cells
        for y in 0..<size.height {
            let base = y * width
            var x = 0
            while x < width {
                if now[base + x] == before[base + x] { x += 1; continue }
                var start = x
                if now[base + x].isContinuation || before[base + x].isContinuation { start = max(0, x - 1) }
                var end = x + 1
                while end < width, now[base + end] != before[base + end]
                        || now[base + end - 1].width == 2 || before[base + end - 1].width == 2 { end += 1 }
                if let last = runs.last, last.y == y, last.endX >= start {
                    runs[runs.count - 1].endX = max(last.endX, end)
                } else {
                    runs.append(ChangedRun(y: y, startX: start, endX: end))
                }
                x = end
            }
        }
        return runs
    }

}
