import Testing
@testable import TerminalView

/// The help overlay (the walkthrough's P3): on a short terminal its keys scroll instead of being cut with "…".
@MainActor
struct HelpOverlayTests {
    private static let lines = (1...20).map { KeyHint(keys: "k\($0)", summary: "key number \($0)") }

    private func draw(_ help: inout HelpOverlay, size: Size) -> [String] {
        let buffer = CellBuffer(size: size)
        help.layout(over: buffer.bounds, title: "Keys", lines: Self.lines, theme: Theme.make(.monochrome))
        help.draw(in: buffer, theme: Theme.make(.monochrome))
        return buffer.textRows()
    }

    @Test func everyKeyCanBeScrolledIntoViewOnAShortScreen() {
        var help = HelpOverlay()
        var seen = Set<String>()
        var rows = draw(&help, size: Size(width: 40, height: 10))
        #expect(help.canScroll)
        #expect(rows.contains { $0.contains("↑↓ 1–7 of 20 · esc closes") }, "\(rows)")
        #expect(!rows.contains { $0.contains("…") }, "nothing is cut")
        for _ in 0..<20 {
            // "│ k1    key number 1 …│": the word after the frame.
            for row in rows {
                if let key = row.split(separator: " ").dropFirst().first, key.hasPrefix("k") { seen.insert(String(key)) }
            }
            help.scroll(.down)
            rows = draw(&help, size: Size(width: 40, height: 10))
        }
        #expect(seen == Set(Self.lines.map(\.keys)))
        #expect(rows.contains { $0.contains("↑↓ 14–20 of 20") })
        help.scroll(.first)
        #expect(draw(&help, size: Size(width: 40, height: 10)).contains { $0.contains(" k1 ") })
    }

    @Test func keysThatFitDoNotScroll() {
        var help = HelpOverlay()
        let rows = draw(&help, size: Size(width: 40, height: 30))
        #expect(!help.canScroll)
        #expect(rows.contains { $0.contains("k20") })
        #expect(rows.contains { $0.contains("esc or ? closes") })
    }
}
