import Testing
@testable import TerminalView
import TerminalText

/// A cached line is exactly what drawing it again would give, frame after frame, whatever changes.
struct LineCacheTests {
    private struct Line: Equatable {
        var text: String
        var style: Style
        var alignment: Alignment
    }

    private func written(_ line: Line, rect: Rect) -> [Cell] {
        let buffer = CellBuffer(size: Size(width: 12, height: 2))
        buffer.write(line.text, in: rect, style: line.style, alignment: line.alignment)
        return buffer.cells
    }

    @Test func eachFrameShowsWhatDrawingAgainShows() {
        var cache = LineCache<Line>()
        let buffer = CellBuffer(size: Size(width: 12, height: 2))
        let wide = Rect(x: 1, y: 1, width: 10, height: 1)
        let frames: [(Line, Rect)] = [
            (Line(text: "© data · town", style: .plain, alignment: .right), wide),
            (Line(text: "© data · town", style: .plain, alignment: .right), wide),
            (Line(text: "© data · town", style: Style(foreground: .red), alignment: .right), wide),
            (Line(text: "© data · town", style: .plain, alignment: .right), Rect(x: 1, y: 1, width: 6, height: 1)),
            (Line(text: "ⓘ 食べ物 note", style: .plain, alignment: .left), wide),
            (Line(text: "ⓘ 食べ物 note", style: .plain, alignment: .left), wide),
            (Line(text: "short", style: .plain, alignment: .left), wide),
        ]
        var draws = 0
        for (line, rect) in frames {
            buffer.reset()
            cache.draw(slot: 0, key: line, in: buffer, rect: rect) { row in
                draws += 1
                buffer.write(line.text, in: row, style: line.style, alignment: line.alignment)
            }
            #expect(buffer.cells == written(line, rect: rect), "\(line.text) in \(rect)")
        }
        #expect(draws == 5, "the two repeated frames copied their line")
    }

    @Test func aRowOutsideTheBufferIsDrawnEveryTimeAndClipped() {
        var cache = LineCache<String>()
        let buffer = CellBuffer(size: Size(width: 12, height: 2))
        let outside = Rect(x: 8, y: 1, width: 10, height: 1)
        var draws = 0
        for _ in 0..<2 {
            buffer.reset()
            cache.draw(slot: 3, key: "partly shown", in: buffer, rect: outside) { row in
                draws += 1
                buffer.write("partly shown", in: row, style: .plain)
            }
            #expect(buffer.cells == written(Line(text: "partly shown", style: .plain, alignment: .left), rect: outside))
        }
        #expect(draws == 2)
    }
}
