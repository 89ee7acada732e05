import Testing
@testable import CursesTerminal
@testable import TerminalView

/// What the encoder sends for a frame: the style of blanks between columns, which runs go together, moves,
/// attributes, erases and scrolls.
@MainActor
struct FrameEncoderTests {
    private let cyan = Style(foreground: .cyan)
    private let green = Style(foreground: .green)

    /// One row: `cyanText`, three plain blanks, then `next` in its style, then plain blanks to the end.
    private func row(then next: String, style: Style) -> CellBuffer {
        let frame = CellBuffer(size: Size(width: 20, height: 1))
        _ = frame.write("abc", at: Point(x: 0, y: 0), style: cyan)
        _ = frame.write(next, at: Point(x: 6, y: 0), style: style)
        return frame
    }

    @Test func blanksBetweenTwoColumnsKeepTheStyleBefore() {
        #expect(FrameEncoder.blanksKeepStyle(cyan, row(then: "def", style: cyan), y: 0, from: 3, to: 20) == 5)
        #expect(FrameEncoder.blanksKeepStyle(cyan, row(then: "def", style: green), y: 0, from: 3, to: 20) == 5)
    }

    @Test func blanksThatEndTheRunAreLeftToBeErased() {
        #expect(FrameEncoder.blanksKeepStyle(cyan, row(then: "def", style: cyan), y: 0, from: 9, to: 20) == nil)
        #expect(FrameEncoder.blanksKeepStyle(cyan, row(then: "def", style: cyan), y: 0, from: 3, to: 5) == nil)
    }

    @Test func blanksThatWouldShowDifferentlyKeepTheirOwnStyle() {
        let frame = row(then: "def", style: cyan)
        _ = frame.write("   ", at: Point(x: 3, y: 0), style: Style(background: .blue))
        #expect(FrameEncoder.blanksKeepStyle(cyan, frame, y: 0, from: 3, to: 20) == nil)
        let underlined = row(then: "def", style: cyan)
        _ = underlined.write(" ", at: Point(x: 4, y: 0), style: Style(attributes: .underline))
        #expect(FrameEncoder.blanksKeepStyle(cyan, underlined, y: 0, from: 3, to: 20) == nil)
        // A reversed style shows its foreground on a blank.
        #expect(FrameEncoder.blanksKeepStyle(cyan.adding(.reverse), row(then: "def", style: cyan), y: 0, from: 3,
                                              to: 20) == nil)
    }

    @Test func runsOfARowAreJoinedAcrossShortGapsOnly() {
        let runs = [ChangedRun(y: 1, startX: 0, endX: 5), ChangedRun(y: 1, startX: 9, endX: 12),
                    ChangedRun(y: 1, startX: 40, endX: 44), ChangedRun(y: 2, startX: 45, endX: 50)]
        #expect(FrameEncoder.bridged(runs) == [ChangedRun(y: 1, startX: 0, endX: 12),
                                              ChangedRun(y: 1, startX: 40, endX: 44),
                                              ChangedRun(y: 2, startX: 45, endX: 50)])
    }

    // MARK: Bytes, with xterm's strings

    private let reset = "\u{1B}(B\u{1B}[m"
    private let defaults = "\u{1B}[39;49m"

    private func encoder(_ capabilities: TerminalCapabilities = .xterm) -> FrameEncoder {
        FrameEncoder(capabilities: capabilities, colors: true, unicode: true)
    }

    private func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    /// What a fresh encoder sends for the cells of one run of row `y`.
    private func encoded(_ frame: CellBuffer, y: Int, _ columns: Range<Int>,
                         with capabilities: TerminalCapabilities = .xterm) -> String {
        var encoder = encoder(capabilities)
        encoder.cells(of: frame, runs: [ChangedRun(y: y, startX: columns.lowerBound, endX: columns.upperBound)])
        return text(encoder.take())
    }

    @Test func aRunIsAMoveAndItsText() {
        let frame = CellBuffer(size: Size(width: 20, height: 3))
        _ = frame.write("hi", at: Point(x: 2, y: 1), style: .plain)
        var encoder = encoder()
        encoder.cells(of: frame, runs: [ChangedRun(y: 1, startX: 2, endX: 4)])
        // Nothing is known of the terminal's style at first: reset, colours included.
        #expect(text(encoder.take()) == reset + defaults + "\u{1B}[2;3Hhi")
        _ = frame.write("ho", at: Point(x: 2, y: 1), style: .plain)
        encoder.cells(of: frame, runs: [ChangedRun(y: 1, startX: 2, endX: 4)])
        #expect(text(encoder.take()) == "\u{1B}[2;3Hho")
    }

    @Test func runsThatFollowOnFromTheCursorNeedNoMove() {
        let frame = CellBuffer(size: Size(width: 20, height: 3))
        _ = frame.write("abcd", at: Point(x: 0, y: 0), style: .plain)
        var encoder = encoder()
        encoder.cells(of: frame, runs: [ChangedRun(y: 0, startX: 0, endX: 2), ChangedRun(y: 0, startX: 2, endX: 4)])
        #expect(text(encoder.take()) == reset + defaults + "\u{1B}[1;1Habcd")
    }

    @Test func attributesAreAddedAndAResetTakesThemAway() {
        let frame = CellBuffer(size: Size(width: 20, height: 1))
        _ = frame.write("a", at: Point(x: 0, y: 0), style: .plain)
        _ = frame.write("b", at: Point(x: 1, y: 0), style: Style(attributes: .bold))
        _ = frame.write("c", at: Point(x: 2, y: 0), style: Style(attributes: [.bold, .reverse]))
        _ = frame.write("d", at: Point(x: 3, y: 0), style: Style(attributes: .underline))
        #expect(encoded(frame, y: 0, 0..<4) == reset + defaults + "\u{1B}[1;1Ha\u{1B}[1mb\u{1B}[7mc" + reset
            + "\u{1B}[4md")
    }

    @Test func coloursChangeAloneAndTheDefaultsComeBackWithOp() {
        let frame = CellBuffer(size: Size(width: 20, height: 1))
        _ = frame.write("a", at: Point(x: 0, y: 0), style: Style(foreground: .cyan))
        _ = frame.write("b", at: Point(x: 1, y: 0), style: Style(foreground: .cyan, background: .indexed(200)))
        _ = frame.write("c", at: Point(x: 2, y: 0), style: Style(background: .indexed(200)))
        _ = frame.write("d", at: Point(x: 3, y: 0), style: .plain)
        #expect(encoded(frame, y: 0, 0..<4) == reset + defaults + "\u{1B}[36m\u{1B}[1;1Ha\u{1B}[48;5;200mb"
            + defaults + "\u{1B}[48;5;200mc" + defaults + "d")
    }

    @Test func aMonochromeTerminalGetsNoColours() {
        let frame = CellBuffer(size: Size(width: 20, height: 1))
        _ = frame.write("a", at: Point(x: 0, y: 0), style: Style(foreground: .cyan, attributes: .bold))
        var encoder = FrameEncoder(capabilities: .xterm, colors: false, unicode: true)
        encoder.cells(of: frame, runs: [ChangedRun(y: 0, startX: 0, endX: 1)])
        #expect(text(encoder.take()) == reset + "\u{1B}[1m\u{1B}[1;1Ha")
    }

    /// On a console or under a locale that is not UTF-8, the app's marks go out as ASCII of the same width.
    @Test func anASCIITerminalIsSentTheMarksInASCII() {
        let frame = CellBuffer(size: Size(width: 20, height: 1))
        _ = frame.write("★ Café · 5 min …", at: Point(x: 0, y: 0), style: .plain)
        var encoder = FrameEncoder(capabilities: .xterm, colors: false, unicode: true, glyphs: .ascii)
        encoder.cells(of: frame, runs: [ChangedRun(y: 0, startX: 0, endX: 16)])
        #expect(text(encoder.take()) == reset + "\u{1B}[1;1H* Café - 5 min ~")
    }

    @Test func blanksThatEndARowAreErased() {
        let frame = CellBuffer(size: Size(width: 20, height: 2))
        _ = frame.write("ab", at: Point(x: 0, y: 1), style: Style(attributes: .bold))
        #expect(encoded(frame, y: 1, 0..<20) == reset + defaults + "\u{1B}[1m\u{1B}[2;1Hab" + reset + "\u{1B}[K")
        // Without an erase the blanks are written out.
        var capabilities = TerminalCapabilities.xterm
        capabilities.clearToEndOfLine = nil
        #expect(encoded(frame, y: 1, 0..<20, with: capabilities) == reset + defaults + "\u{1B}[1m\u{1B}[2;1Hab" + reset
            + String(repeating: " ", count: 18))
    }

    @Test func reversedBlanksAreWrittenNotErased() {
        let frame = CellBuffer(size: Size(width: 8, height: 1))
        _ = frame.write("ab      ", at: Point(x: 0, y: 0), style: Style(attributes: .reverse))
        #expect(encoded(frame, y: 0, 0..<8) == reset + defaults + "\u{1B}[7m\u{1B}[1;1Hab      ")
    }

    @Test func aScrollSetsARegionAndPutsItBack() {
        var encoder = encoder()
        let up = encoder.scroll(rows: 1..<5, by: 1, height: 24)
        #expect(up)
        #expect(text(encoder.take()) == reset + defaults + "\u{1B}[2;5r\u{1B}[5;1H\n\u{1B}[1;24r")
        let down = encoder.scroll(rows: 1..<5, by: -2, height: 24)
        #expect(down)
        #expect(text(encoder.take()) == "\u{1B}[2;5r\u{1B}[2;1H\u{1B}M\u{1B}M\u{1B}[1;24r")
    }

    @Test func noScrollWhereTheTerminalHasNoRegion() {
        var capabilities = TerminalCapabilities.xterm
        capabilities.scrollRegion = nil
        var encoder = encoder(capabilities)
        let scrolled = encoder.scroll(rows: 1..<5, by: 1, height: 24)
        #expect(!scrolled)
        #expect(encoder.take().isEmpty)
        var xterm = self.encoder()
        let beyond = xterm.scroll(rows: 1..<30, by: 1, height: 24)
        #expect(!beyond, "rows beyond the screen")
        #expect(xterm.take().isEmpty)
    }

    @Test func controlCharactersInACellAreShownNotObeyed() {
        let frame = CellBuffer(size: Size(width: 4, height: 1))
        frame[0, 0] = Cell(scalar: "\u{1B}", style: .plain, width: 1)
        frame[1, 0] = Cell(scalar: "\u{9B}", style: .plain, width: 1)
        // As `TextSanitizer` shows them: the control picture for ESC, the replacement character for CSI.
        #expect(encoded(frame, y: 0, 0..<2) == reset + defaults + "\u{1B}[1;1H\u{241B}\u{FFFD}")
    }

    @Test func afterAWideCharacterTheNextIsPlacedAnew() {
        let frame = CellBuffer(size: Size(width: 10, height: 1))
        _ = frame.write("漢a é", at: Point(x: 0, y: 0), style: .plain)
        #expect(encoded(frame, y: 0, 0..<5) == reset + defaults + "\u{1B}[1;1H漢\u{1B}[1;3Ha é")
    }

    @Test func theLastCellIsLeftAloneWhereWritingItWouldScroll() {
        let frame = CellBuffer(size: Size(width: 3, height: 2))
        _ = frame.write("xyz", at: Point(x: 0, y: 1), style: .plain)
        var capabilities = TerminalCapabilities.xterm
        capabilities.lateWrap = false
        #expect(encoded(frame, y: 1, 0..<3, with: capabilities) == reset + defaults + "\u{1B}[2;1Hxy")
        #expect(encoded(frame, y: 1, 0..<3) == reset + defaults + "\u{1B}[2;1Hxyz")
    }

    @Test func theCursorIsShownWhereAFieldWantsItAndHiddenOnce() {
        var encoder = encoder()
        encoder.placeCursor(Point(x: 4, y: 2))
        #expect(text(encoder.take()) == "\u{1B}[3;5H\u{1B}[?12l\u{1B}[?25h")
        encoder.placeCursor(nil)
        encoder.placeCursor(nil)
        #expect(text(encoder.take()) == "\u{1B}[?25l")
    }

    @Test func stringsOtherThanANSIAreExpandedByTerminfo() {
        // vt52-style addressing: ESC Y, then row and column as characters offset by a space.
        var capabilities = TerminalCapabilities.xterm
        capabilities.cursorAddress = TerminfoString("\u{1B}Y%p1%' '%+%c%p2%' '%+%c")
        let frame = CellBuffer(size: Size(width: 10, height: 3))
        _ = frame.write("q", at: Point(x: 3, y: 2), style: .plain)
        #expect(encoded(frame, y: 2, 3..<4, with: capabilities) == reset + defaults + "\u{1B}Y\"#q")
    }

    @Test func aResetThatMayKeepTheColoursIsFollowedByTheDefaults() {
        var screen = TerminalCapabilities.xterm
        screen.resetAttributes = Array("\u{1B}[m\u{0F}".utf8)
        #expect(screen.resetClearsColors)
        var odd = TerminalCapabilities.xterm
        odd.resetAttributes = Array("\u{1B}[0;10m".utf8)
        #expect(!odd.resetClearsColors)
        let frame = CellBuffer(size: Size(width: 4, height: 1))
        _ = frame.write("a", at: Point(x: 0, y: 0), style: Style(attributes: .bold))
        _ = frame.write("b", at: Point(x: 1, y: 0), style: .plain)
        #expect(encoded(frame, y: 0, 0..<2, with: odd) == "\u{1B}[0;10m" + defaults + "\u{1B}[1m\u{1B}[1;1Ha\u{1B}[0;10m" + defaults + "b")
    }

    @Test func aColourBeyondTheTerminalsIsNotSent() {
        var eight = TerminalCapabilities.xterm
        eight.colorCount = 8
        eight.setForeground = TerminfoString("\u{1B}[3%p1%dm")
        let frame = CellBuffer(size: Size(width: 4, height: 1))
        _ = frame.write("a", at: Point(x: 0, y: 0), style: Style(foreground: .indexed(200)))
        _ = frame.write("b", at: Point(x: 1, y: 0), style: Style(foreground: .red))
        #expect(encoded(frame, y: 0, 0..<2, with: eight) == reset + defaults + "\u{1B}[1;1Ha\u{1B}[31mb")
    }

    @Test func paddingIsTakenOutOfTheStrings() {
        // vt100's entry pads its strings for the hardware terminal.
        #expect(TerminalCapabilities.withoutPadding(Array("\u{1B}[%i%p1%d;%p2%dH$<5>".utf8))
            == Array("\u{1B}[%i%p1%d;%p2%dH".utf8))
        #expect(TerminalCapabilities.withoutPadding(Array("\u{1B}[m\u{0F}$<2*/>".utf8)) == Array("\u{1B}[m\u{0F}".utf8))
        // A dollar sign that opens no padding stays.
        #expect(TerminalCapabilities.withoutPadding(Array("$<x>$".utf8)) == Array("$<x>$".utf8))
    }

    @Test func nothingIsWrittenWhereTheCursorCouldNotBeMoved() {
        // A string too long to fill in: the cell would land wherever the cursor happens to be.
        var broken = TerminalCapabilities.xterm
        broken.cursorAddress = TerminfoString(String(repeating: "x", count: 200) + "%p1%d")
        let frame = CellBuffer(size: Size(width: 4, height: 1))
        _ = frame.write("ab", at: Point(x: 0, y: 0), style: .plain)
        #expect(encoded(frame, y: 0, 0..<2, with: broken) == reset + defaults)
    }
}
