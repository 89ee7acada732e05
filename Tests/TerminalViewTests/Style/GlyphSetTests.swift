import Testing
@testable import TerminalView
import TerminalTestSupport
import TerminalText

/// ASCII for the app's own marks on consoles and locales that have no Unicode, from one `GlyphSet`.
struct GlyphSetTests {
    @Test func consolesAndLocalesThatAreNotUTF8GetASCII() {
        for term in ["linux", "linux-16color", "vt100", "vt220", "cons25", "cons25-m", "dumb"] {
            #expect(GlyphSet.detect(term: term, localeIsUTF8: true) == .ascii, "TERM=\(term)")
        }
        for term in ["xterm-256color", "tmux-256color", "screen", "rxvt-unicode", "alacritty"] {
            #expect(GlyphSet.detect(term: term, localeIsUTF8: true) == .unicode, "TERM=\(term)")
            #expect(GlyphSet.detect(term: term, localeIsUTF8: false) == .ascii, "TERM=\(term) under LANG=C")
        }
        #expect(GlyphSet.detect(term: nil, localeIsUTF8: true) == .unicode)
    }

    @Test func theAppsMarksBecomeASCIIOfTheSameWidth() {
        #expect(GlyphSet.ascii.fold("★ Café · open – until 17:00 — ±5 m ↑↓←→ ‹ › “x” ✓ ✗ ⓘ ◆ ☺ Loading…")
            == "* Café - open - until 17:00 - ~5 m ^v<> < > \"x\" v x i X o Loading~")
        #expect(GlyphSet.ascii.fold("╭─╮│╰─╯├─┤") == "+-+|+-+|-|")
        #expect(GlyphSet.unicode.fold("★ · …") == "★ · …")
        // Names keep their letters: only the app's marks are replaced.
        #expect(GlyphSet.ascii.fold("Zoë 東京 Пётр") == "Zoë 東京 Пётр")
        for value in UInt32(0xA0)...0x2FFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let shown = GlyphSet.ascii.fold(scalar)
            guard shown != scalar else { continue }
            #expect(shown.isASCII && DisplayWidth.of(shown) == DisplayWidth.of(scalar),
                    "U+\(String(value, radix: 16, uppercase: true)) goes out as “\(shown)”")
        }
    }

    /// The memory terminal shows what an ASCII terminal is sent; the frame keeps the marks, at the same columns.
    @MainActor
    @Test func theMemoryTerminalShowsTheASCIIStandIns() {
        let terminal = MemoryTerminal(size: Size(width: 12, height: 1), glyphs: .ascii)
        let frame = CellBuffer(size: terminal.size)
        frame.write("★ Café · 東京…", in: frame.bounds, style: .plain)
        terminal.present(frame, runs: frame.changedRuns(since: nil))
        #expect(terminal.screen.text() == "* Café - 東~")
        #expect(frame.text() == "★ Café · 東…")
    }
}
