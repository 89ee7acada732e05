import Testing
@testable import CursesTerminal
@testable import TerminalView

/// Random frames, one after another, presented through the run loop's `FramePresenter` (a scroll where a block of
/// rows moved, then the changed runs) and replayed on a terminal that understands the bytes: after every frame the
/// terminal shows what the frame holds.
@MainActor
struct FrameEncoderReplayTests {
    private static let texts = ["Café", "漢字 list", "e\u{301}te", "ATM", "Old Quarter", "★ 4.5 (1,186)", "a", "xyz  q",
                                "ÅÄÖ", "🙂 ok", "open · until 22:00", "    "]
    private static let styles = [Style.plain, Style(foreground: .cyan), Style(attributes: .bold),
                                 Style(foreground: .black, background: .cyan, attributes: .bold),
                                 Style(attributes: .dim), Style(foreground: .indexed(200)),
                                 Style(attributes: .underline), Style(foreground: .white, background: .blue),
                                 Style(attributes: .reverse)]

    /// What a row holds: an optional background across it, then pieces of text.
    private struct Row {
        var fill: Style?
        var pieces: [(x: Int, text: String, style: Style)]
    }

    private struct Seeded: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    private static func randomRow(width: Int, using random: inout Seeded) -> Row {
        let fill = Int.random(in: 0..<4, using: &random) == 0 ? styles.randomElement(using: &random) : nil
        let pieces = (0..<Int.random(in: 0...3, using: &random)).map { _ in
            (x: Int.random(in: 0..<width, using: &random), text: texts.randomElement(using: &random) ?? "a",
             style: fill ?? styles.randomElement(using: &random) ?? .plain)
        }
        return Row(fill: fill, pieces: pieces)
    }

    /// Draws the rows it is given, as they are.
    private final class RowsApp: TerminalApplication {
        let minimumSize = Size(width: 1, height: 1)
        let isFinished = false
        var rows: [Row] = []
        func attach(to host: any ApplicationHost) {}
        func layout(size: Size, theme: Theme) {}
        func handle(_ event: InputEvent) {}
        func draw(into buffer: CellBuffer, theme: Theme) {
            for (y, row) in rows.enumerated() {
                if let fill = row.fill { buffer.fill(Rect(x: 0, y: y, width: buffer.size.width, height: 1), style: fill) }
                for piece in row.pieces { _ = buffer.write(piece.text, at: Point(x: piece.x, y: y), style: piece.style) }
            }
        }
    }

    /// Where the terminal differs from the frame, in words; nil when it shows the frame. A blank may be drawn in
    /// another style that looks the same (its background, not reversed or underlined).
    private static func difference(_ terminal: ReplayTerminal, _ frame: CellBuffer) -> String? {
        for y in 0..<frame.size.height {
            for x in 0..<frame.size.width {
                let want = frame[x, y], shown = terminal.cells[y][x]
                if want.isContinuation { continue }
                let hidden: TextAttributes = [.reverse, .underline]
                let same = want.isBlank && want.style.attributes.isDisjoint(with: hidden)
                    ? shown.text == " " && shown.style.background == want.style.background
                        && shown.style.attributes.isDisjoint(with: hidden)
                    : shown.text == want.text && shown.style == want.style
                if !same { return "(\(x), \(y)): wanted \(want.text) \(want.style), shown \(shown.text) \(shown.style)" }
            }
        }
        return nil
    }

    private func replay(_ capabilities: TerminalCapabilities, seed: UInt64, frames: Int = 300) {
        let size = Size(width: 24, height: 9)
        var random = Seeded(state: seed)
        var rows = (0..<size.height).map { _ in Self.randomRow(width: size.width, using: &random) }
        let app = RowsApp()
        let presenter = FramePresenter()
        let backend = ReplayBackend(size: size, capabilities: capabilities)
        let theme = Theme.make(.full)
        for step in 0..<frames {
            app.rows = rows
            presenter.render(app, theme: theme, to: backend)
            if let difference = Self.difference(backend.terminal, presenter.front) {
                Issue.record("frame \(step) (seed \(seed)): \(difference)")
                return
            }
            // The next frame: a block of rows between a fixed header and footer moves, as a list scrolls, and a
            // few rows change.
            if Bool.random(using: &random) {
                let start = Int.random(in: 1..<(size.height - 2), using: &random)
                let end = Int.random(in: (start + 2)...(size.height - 1), using: &random)
                let by = [-2, -1, 1, 2].randomElement(using: &random) ?? 1
                var block = Array(rows[start..<end])
                if by > 0 {
                    block = Array(block.dropFirst(min(by, block.count)))
                    while block.count < end - start { block.append(Self.randomRow(width: size.width, using: &random)) }
                } else {
                    block = Array(block.dropLast(min(-by, block.count)))
                    while block.count < end - start {
                        block.insert(Self.randomRow(width: size.width, using: &random), at: 0)
                    }
                }
                rows.replaceSubrange(start..<end, with: block)
            }
            for _ in 0..<Int.random(in: 0...2, using: &random) {
                rows[Int.random(in: 0..<size.height, using: &random)] = Self.randomRow(width: size.width, using: &random)
            }
        }
        #expect(backend.terminal.unknown.isEmpty, "not understood: \(backend.terminal.unknown.prefix(5))")
    }

    @Test(arguments: [1, 2, 3] as [UInt64])
    func framesReplayOnXterm(seed: UInt64) {
        replay(.xterm, seed: seed)
    }

    @Test(arguments: [4, 5] as [UInt64])
    func framesReplayWithoutAScrollingRegionOrAnErase(seed: UInt64) {
        var capabilities = TerminalCapabilities.xterm
        capabilities.scrollRegion = nil
        capabilities.clearToEndOfLine = nil
        replay(capabilities, seed: seed)
    }
}
