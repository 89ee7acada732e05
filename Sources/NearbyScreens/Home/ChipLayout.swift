import FoundationEssentials
import NearbyViewModels
import TerminalView
import TerminalText

/// The category chips flowing over as many lines as they need, and which chip is where.
struct ChipLayout {
    let labels: [String]
    /// The chips of each line, by index.
    let lines: [[Int]]

    init(labels: [String], width: Int) {
        self.labels = labels
        var lines: [[Int]] = [[]]
        var used = 3
        for (i, label) in labels.enumerated() {
            let w = DisplayWidth.of(label) + 2
            if used + w > width, !lines[lines.count - 1].isEmpty { lines.append([]); used = 3 }
            lines[lines.count - 1].append(i)
            used += w
        }
        self.lines = lines
    }

    /// Each chip of a line with its first column and width, from `x`.
    private func spans(of line: [Int], from x: Int) -> [(index: Int, x: Int, width: Int)] {
        var x = x
        return line.map { index in
            let width = DisplayWidth.of(labels[index])
            defer { x += width + 2 }
            return (index, x, width)
        }
    }

    @MainActor
    func draw(in buffer: CellBuffer, rect: Rect, selected: Int?, theme: Theme) {
        for (row, line) in lines.enumerated() where row < rect.height {
            for span in spans(of: line, from: rect.x + 3) {
                buffer.write(labels[span.index], at: Point(x: span.x, y: rect.y + row),
                             style: span.index == selected ? theme.selection : theme.accent, clip: rect)
            }
        }
    }

    /// The chip under `point`, counting the gap after a chip as part of it.
    func chip(at point: Point, in rect: Rect) -> Int? {
        let row = point.y - rect.y
        guard lines.indices.contains(row) else { return nil }
        return spans(of: lines[row], from: rect.x + 3).first { point.x >= $0.x && point.x < $0.x + $0.width + 2 }?.index
    }
}
