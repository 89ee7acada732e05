import Testing
@testable import CursesTerminal
@testable import TerminalView

/// How the backend chooses the style of blanks between columns, and which runs it writes together.
@MainActor
struct CursesBackendTests {
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
        #expect(CursesBackend.blanksKeepStyle(cyan, row(then: "def", style: cyan), y: 0, from: 3, to: 20) == 5)
        #expect(CursesBackend.blanksKeepStyle(cyan, row(then: "def", style: green), y: 0, from: 3, to: 20) == 5)
    }

    @Test func blanksThatEndTheRunAreLeftToBeErased() {
        #expect(CursesBackend.blanksKeepStyle(cyan, row(then: "def", style: cyan), y: 0, from: 9, to: 20) == nil)
        #expect(CursesBackend.blanksKeepStyle(cyan, row(then: "def", style: cyan), y: 0, from: 3, to: 5) == nil)
    }

    @Test func blanksThatWouldShowDifferentlyKeepTheirOwnStyle() {
        let frame = row(then: "def", style: cyan)
        _ = frame.write("   ", at: Point(x: 3, y: 0), style: Style(background: .blue))
        #expect(CursesBackend.blanksKeepStyle(cyan, frame, y: 0, from: 3, to: 20) == nil)
        let underlined = row(then: "def", style: cyan)
        _ = underlined.write(" ", at: Point(x: 4, y: 0), style: Style(attributes: .underline))
        #expect(CursesBackend.blanksKeepStyle(cyan, underlined, y: 0, from: 3, to: 20) == nil)
        // A reversed style shows its foreground on a blank.
        #expect(CursesBackend.blanksKeepStyle(cyan.adding(.reverse), row(then: "def", style: cyan), y: 0, from: 3,
                                              to: 20) == nil)
    }

    @Test func runsOfARowAreJoinedAcrossShortGapsOnly() {
        let runs = [ChangedRun(y: 1, startX: 0, endX: 5), ChangedRun(y: 1, startX: 9, endX: 12),
                    ChangedRun(y: 1, startX: 40, endX: 44), ChangedRun(y: 2, startX: 45, endX: 50)]
        #expect(CursesBackend.bridged(runs) == [ChangedRun(y: 1, startX: 0, endX: 12),
                                                ChangedRun(y: 1, startX: 40, endX: 44),
                                                ChangedRun(y: 2, startX: 45, endX: 50)])
    }
}
