import Testing
@testable import TerminalView

struct PagerViewTests {
    static let pick = "Café Amadeus · café · 120 m NE · open until 18:00"

    private func render(width: Int, height: Int, text: String = pick, page: Int, count: Int,
                        glyphs: GlyphSet = .unicode) -> CellBuffer {
        let buffer = CellBuffer(size: Size(width: width, height: height))
        PagerView.draw(in: buffer, rect: buffer.bounds, title: "Hot picks", text: text, page: page, pageCount: count,
                       theme: Theme.make(.monochrome, glyphs: glyphs))
        return buffer
    }

    @Test func onePageWithArrowsAndItsNumber() {
        #expect(render(width: 80, height: 3, page: 1, count: 7).textRows() == [
            "╭─ Hot picks ──────────────────────────────────────────────────────────────────╮",
            "│ ‹  Café Amadeus · café · 120 m NE · open until 18:00                2 / 7  › │",
            "╰──────────────────────────────────────────────────────────────────────────────╯",
        ])
    }

    @Test func narrowCutsTheTextFirstThenDropsTheLabel() {
        #expect(render(width: 40, height: 3, page: 1, count: 7).textRows() == [
            "╭─ Hot picks ──────────────────────────╮",
            "│ ‹  Café Amadeus · café · …  2 / 7  › │",
            "╰──────────────────────────────────────╯",
        ])
        #expect(render(width: 24, height: 3, page: 1, count: 7).textRows() == [
            "╭─ Hot picks ──────────╮",
            "│ ‹  Café Amadeus …  › │",
            "╰──────────────────────╯",
        ])
        #expect(render(width: 12, height: 3, page: 1, count: 7).textRows() == [
            "╭─ Hot p… ─╮",
            "│ Café Am… │",
            "╰──────────╯",
        ])
    }

    /// As an ASCII terminal is sent them (`GlyphSet.fold`).
    @Test func withoutUnicodeArrowsAndBoxAreASCII() {
        #expect(render(width: 40, height: 3, text: "Café Amadeus", page: 9, count: 12, glyphs: .ascii).textRows()
            .map { GlyphSet.ascii.fold($0) } == [
            "+- Hot picks --------------------------+",
            "| <  Café Amadeus           10 / 12  > |",
            "+--------------------------------------+",
        ])
    }

    @Test func noPagesShowsTheMessageAloneOnTheMiddleRow() {
        #expect(render(width: 30, height: 5, text: "Finding what is open…", page: 0, count: 0).textRows() == [
            "╭─ Hot picks ────────────────╮",
            "│                            │",
            "│ Finding what is open…      │",
            "│                            │",
            "╰────────────────────────────╯",
        ])
    }

    @Test func onePageHasNoArrowsAndOneRowHasNoBox() {
        #expect(render(width: 30, height: 1, text: "Café Amadeus", page: 0, count: 1).textRows() == [
            " Café Amadeus           1 / 1",
        ])
    }

    @Test func arrowsAndLabelHaveTheirStyles() {
        let theme = Theme.make(.eight)
        let buffer = CellBuffer(size: Size(width: 40, height: 3))
        PagerView.draw(in: buffer, rect: buffer.bounds, title: nil, text: "Café", page: 0, pageCount: 2, theme: theme,
                       textStyle: theme.error)
        let legend: [Style: Character] = [theme.accent: "a", theme.secondary: "s", theme.error: "e",
                                          theme.border: "b"]
        #expect(buffer.styleRows(legend: legend)[1] == "b a  eeeeeeeeeeeeeeeeeeeeeee  sssss  a b")
    }

    @Test func labelStaysWithinThePages() {
        #expect(PagerView.label(page: 1, pageCount: 7) == "2 / 7")
        #expect(PagerView.label(page: 9, pageCount: 7) == "7 / 7")
        #expect(PagerView.label(page: -1, pageCount: 7) == "1 / 7")
        #expect(PagerView.label(page: 0, pageCount: 0) == nil)
    }

    @Test func hostileTextCannotDriveTheTerminal() {
        let buffer = render(width: 40, height: 3, text: "Bad\u{1B}[2J\u{9B}31m", page: 0, count: 2)
        #expect(buffer.textRows()[1] == "│ ‹  Bad␛[2J�31m              1 / 2  › │")
    }
}
