import Testing
import TerminalView
@testable import CursesTerminal

/// Mouse reports in the SGR encoding that curses leaves as characters are put back together.
@MainActor
struct CursesInputTests {
    private func raws(_ text: String) -> [CursesInput.Raw] {
        text.unicodeScalars.map { .character($0.value) }
    }

    @Test func sgrReportsBecomeClicksAndTheWheel() {
        var input = CursesInput()
        #expect(input.decode(raws("\u{1B}[<0;10;5M")) == [.mouse(MouseEvent(kind: .click, point: Point(x: 9, y: 4)))])
        #expect(input.decode(raws("\u{1B}[<0;10;5m")) == [], "a release says nothing")
        #expect(input.decode(raws("\u{1B}[<64;3;7M\u{1B}[<65;3;7M")) == [
            .mouse(MouseEvent(kind: .wheelUp, point: Point(x: 2, y: 6))),
            .mouse(MouseEvent(kind: .wheelDown, point: Point(x: 2, y: 6))),
        ])
        // Shift, meta and ctrl held still click.
        var fresh = CursesInput()
        #expect(fresh.decode(raws("\u{1B}[<20;1;1M")) == [.mouse(MouseEvent(kind: .click, point: Point(x: 0, y: 0)))])
    }

    @Test func aSecondClickInTheSamePlaceIsADoubleClick() {
        var input = CursesInput()
        let click = raws("\u{1B}[<0;4;4M")
        #expect(input.decode(click) == [.mouse(MouseEvent(kind: .click, point: Point(x: 3, y: 3)))])
        #expect(input.decode(click) == [.mouse(MouseEvent(kind: .doubleClick, point: Point(x: 3, y: 3)))])
    }

    @Test func keysThatLookLikeAReportStayKeys() {
        var input = CursesInput()
        #expect(input.decode(raws("\u{1B}[A")) == [.key(.escape), .key(.character("[")), .key(.character("A"))])
        #expect(input.decode(raws("\u{1B}[<0;10")) == [.key(.escape), .key(.character("[")), .key(.character("<")),
                                                       .key(.character("0")), .key(.character(";")),
                                                       .key(.character("1")), .key(.character("0"))],
                "a cut-off report is typed text, not lost")
        #expect(input.decode(raws("q")) == [.key(.character("q"))])
    }

    /// Answers to the start's questions about pictures that arrive after the wait ended are dropped, never
    /// read as keys; what only looks like the start of one stays keys.
    @Test func lateAnswersAboutPicturesAreNotKeys() {
        var input = CursesInput()
        let answers = "\u{1B}_Gi=31;OK\u{1B}\\\u{1B}P>|kitty(0.26.5)\u{1B}\\\u{1B}[6;20;10t\u{1B}[?62;4;22c"
        #expect(input.decode(raws(answers)) == [])
        #expect(input.decode(raws("j" + answers + "k")) == [.key(.character("j")), .key(.character("k"))])
        #expect(input.decode(raws("\u{1B}P>|iTerm2 3.5\u{7}q")) == [.key(.character("q"))], "ended by BEL")
        // Esc then P (Alt-P) with no string after it, and a cut-off answer: keys as typed.
        #expect(input.decode(raws("\u{1B}P")) == [.key(.escape), .key(.character("P"))])
        #expect(input.decode(raws("\u{1B}[?62")).first == .key(.escape))
        #expect(input.decode(raws("\u{1B}[6;20")).first == .key(.escape))
    }
}
