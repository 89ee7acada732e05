import Testing
import TestSupport
@testable import TerminalView
import TerminalTestSupport

/// The diff a frame is presented with: after a scroll it compares the new frame with the old one as the terminal
/// shows it once scrolled, without moving the old frame's cells.
@MainActor
struct FrameDiffTests {
    private static let words = ["Acorn", "東京", "café", "e\u{301}", "  ", "Brenner", "★", "-", "ÅÄÖ", "42 m"]

    /// A frame of random rows: plain and wide text, marks, two styles, and rows repeated from the row above.
    private static func frame(_ size: Size, _ random: inout SeededGenerator) -> CellBuffer {
        let buffer = CellBuffer(size: size)
        for y in 0..<size.height {
            if y > 0, Int.random(in: 0..<4, using: &random) == 0 {
                let above = buffer.copy(Rect(x: 0, y: y - 1, width: size.width, height: 1))
                buffer.paste(above, in: Rect(x: 0, y: y, width: size.width, height: 1))
                continue
            }
            var x = 0
            while x < size.width {
                let word = words[Int.random(in: 0..<words.count, using: &random)]
                let style: Style = Bool.random(using: &random) ? .plain : Style(attributes: .bold)
                x += max(1, buffer.write(word, at: Point(x: x, y: y), style: style))
            }
        }
        return buffer
    }

    /// The previous frame as the terminal shows it after the scroll.
    private static func scrolled(_ previous: CellBuffer, _ shift: VerticalShift) -> CellBuffer {
        let shown = CellBuffer(size: previous.size)
        shown.paste(from: previous, origin: Point(x: 0, y: 0), in: previous.bounds)
        shown.shift(rows: shift.rows, by: shift.by)
        return shown
    }

    @Test func aScrolledDiffIsTheDiffWithTheScrolledScreen() {
        var random = SeededGenerator(seed: 2026)
        let size = Size(width: 23, height: 12)
        for _ in 0..<400 {
            let previous = Self.frame(size, &random)
            let next = Self.frame(size, &random)
            let top = Int.random(in: 0..<size.height - 1, using: &random)
            let bottom = Int.random(in: (top + 2)...size.height, using: &random)
            let distance = Int.random(in: 1..<(bottom - top), using: &random)
            let shift = VerticalShift(rows: top..<bottom, by: Bool.random(using: &random) ? distance : -distance)
            let runs = next.changedRuns(since: previous, scrolled: shift)
            // What the removed step found: the scrolled screen, then compared.
            let shown = Self.scrolled(previous, shift)
            #expect(runs == next.changedRuns(since: shown), "\(shift)")
            // And, whatever the diff's own code: writing those runs over the scrolled screen gives the new frame.
            for run in runs { for x in run.startX..<run.endX { shown[x, run.y] = next[x, run.y] } }
            let reached = shown.cells == next.cells
            #expect(reached, "\(shift)")
        }
    }

    @Test func aShiftTheTerminalCannotMakeComparesRowsInPlace() {
        var random = SeededGenerator(seed: 7)
        let size = Size(width: 10, height: 6)
        let previous = Self.frame(size, &random), next = Self.frame(size, &random)
        let inPlace = next.changedRuns(since: previous)
        for shift in [VerticalShift(rows: 0..<3, by: 3), VerticalShift(rows: 4..<8, by: 1),
                      VerticalShift(rows: 0..<6, by: 0), VerticalShift(rows: -1..<3, by: 1)] {
            #expect(next.changedRuns(since: previous, scrolled: shift) == inPlace, "\(shift)")
        }
    }

    @Test func thePreviousFrameIsLeftAsItWas() {
        var random = SeededGenerator(seed: 11)
        let size = Size(width: 16, height: 8)
        let previous = Self.frame(size, &random), next = Self.frame(size, &random)
        let before = previous.cells
        _ = next.changedRuns(since: previous, scrolled: VerticalShift(rows: 1..<7, by: 2))
        let unchanged = previous.cells == before
        #expect(unchanged)
    }

    /// A list scrolled a row at a time, both ways, through the presenter onto a memory terminal: the terminal
    /// scrolls, only the rows that came in (and the selection's) are written, and the screen is the frame.
    @Test func aScrollingListReachesTheScreenThroughScrolls() {
        final class ScrollingList: TerminalApplication {
            let minimumSize = Size(width: 10, height: 5)
            let isFinished = false
            var top = 0
            var selection = 0
            func attach(to host: any ApplicationHost) {}
            func layout(size: Size, theme: Theme) {}
            func draw(into buffer: CellBuffer, theme: Theme) {
                buffer.write("Header", at: Point(x: 0, y: 0), style: Style(attributes: .bold))
                for row in 0..<(buffer.size.height - 2) {
                    let index = top + row
                    let style: Style = index == selection ? Style(attributes: .reverse) : .plain
                    buffer.fill(Rect(x: 0, y: row + 1, width: buffer.size.width, height: 1), style: style)
                    buffer.write("Row \(index) 東\(index % 7)", at: Point(x: 1, y: row + 1), style: style)
                }
                buffer.write("footer", at: Point(x: 0, y: buffer.size.height - 1), style: .plain)
            }
            func handle(_ event: InputEvent) {}
            func prepareNextFrame(theme: Theme) {}
        }
        let app = ScrollingList()
        let presenter = FramePresenter()
        let terminal = MemoryTerminal(size: Size(width: 30, height: 12))
        let theme = Theme.make(.eight)
        presenter.render(app, theme: theme, to: terminal)
        let moves = Array(repeating: 1, count: 25) + Array(repeating: -1, count: 25)
        for move in moves {
            app.selection += move
            if app.selection >= app.top + 10 { app.top += 1 }
            if app.selection < app.top { app.top -= 1 }
            presenter.render(app, theme: theme, to: terminal)
            let same = terminal.screen.cells == presenter.front.cells
            #expect(same, "at \(app.selection): \(terminal.screen.text())")
        }
        #expect(terminal.scrolls >= 30, "most moves scrolled the list")
        #expect(terminal.lastCellsWritten <= 2 * 30, "a scroll writes the row that came in and the selection's")
    }
}
