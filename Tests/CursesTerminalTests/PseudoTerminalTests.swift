import CTerminalSupport
import Foundation
import Testing
import TestSupport

/// The curses backend through a real pseudo-terminal: what it writes to the tty, and what it leaves behind.
@Suite(.terminal)
struct PseudoTerminalTests {
    /// Each step waits until its text shows in the output written since the previous step, then types its keys.
    private func play(_ run: PseudoTerminalRun, _ steps: [(waitFor: String, keys: String)],
                      sourceLocation: SourceLocation = #_sourceLocation) async throws {
        for step in steps {
            let shown = try await run.waitFor(step.waitFor)
            #expect(shown, "“\(step.waitFor)” never showed; output so far:\n\(run.text.suffix(800))",
                    sourceLocation: sourceLocation)
            guard shown else { return }
            run.markOutput()
            run.type(step.keys)
        }
    }

    /// The Friends list holding Anna Beck and Ben Cole, Anna selected.
    private func friendsListOfTwo(sourceLocation: SourceLocation = #_sourceLocation) async throws -> PseudoTerminalRun {
        let run = try PseudoTerminalRun(arguments: ["--open", "friends"])
        try await play(run, [
            ("a adds one", "a"), ("New friend", "Anna\tBeck\t123 456\u{13}"),
            ("Added Anna Beck", "a"), ("New friend", "Ben\tCole\t789 012\u{13}"),
            ("Added Ben Cole", "g"), ("Anna Beck", ""),
        ], sourceLocation: sourceLocation)
        return run
    }

    @Test func entersAndLeavesTheAlternateScreenAndDrawsText() async throws {
        let run = try PseudoTerminalRun(arguments: ["--open", "friends"])
        try await play(run, [("a adds one", "Q")])
        #expect(try await run.waitForExit() == .exited(0))
        let output = run.text
        #expect(output.contains("\u{1B}[?1049h"), "enters the alternate screen")
        #expect(output.contains("You have no friends yet"))
        let tail = output.suffix(200)
        #expect(tail.contains("\u{1B}[?1049l"), "leaves the alternate screen")
        #expect(tail.contains("\u{1B}[?25h") || tail.contains("\u{1B}[?12l\u{1B}[?25h"), "shows the cursor again")
        #expect(tail.contains("\u{1B}[?1000l"), "stops mouse reporting")
        #expect(TerminalModes(after: run.output) == .initial)
        #expect(sameModes(run.modes, run.modesBefore))
    }

    @Test func aDownKeyWritesOnlyTheRowsThatChanged() async throws {
        let run = try await friendsListOfTwo()
        // Down as a terminal in keypad-transmit mode sends it (curses turned that mode on); what it brought,
        // until Q is typed.
        run.markOutput()
        run.type("\u{1B}OB")
        #expect(try await run.waitFor("Ben Cole"))
        let down = run.sinceMark
        run.type("Q")
        #expect(try await run.waitForExit() == .exited(0))
        // Moving the selection rewrites two rows, not the screen: a few hundred bytes at most.
        #expect(!down.isEmpty)
        #expect(down.utf8.count < 1200, "Down wrote \(down.utf8.count) bytes")
        #expect(!down.contains("\u{1B}[2J"), "no clear-screen on a keystroke")
    }

    /// Curses flushes after every cursor movement until its first `endwin`; the session leaves that state, so a
    /// frame reaches the terminal in one write instead of one per few cells, each waking the terminal early.
    @Test func eachKeysFrameReachesTheTerminalInOneWrite() async throws {
        let run = try await friendsListOfTwo()
        #expect(try await run.waitForQuiet())
        var writes: [Int] = []
        for key in ["\u{1B}OB", "\u{1B}OA", "\u{1B}OB", "\u{1B}OA"] {
            guard let before = run.writeCalls else { break }
            run.markOutput()
            run.type(key)
            #expect(try await run.waitFor("Beck"))
            #expect(try await run.waitForQuiet())
            if let after = run.writeCalls { writes.append(after - before) }
        }
        run.type("Q")
        #expect(try await run.waitForExit() == .exited(0))
        #expect(writes.count == 4, "/proc/PID/io was not readable")
        #expect(writes.allSatisfy { $0 == 1 }, "write calls per key: \(writes)")
    }

    /// Buttons and the wheel are reported, never motion (1003), in the SGR encoding (1006): asked through
    /// terminfo where it knows it (xterm), and directly where it does not (tmux).
    @Test(arguments: ["xterm-256color", "tmux-256color"])
    func mouseReportingIsSGRWithoutMotion(term: String) async throws {
        let run = try PseudoTerminalRun(arguments: ["--open", "friends"], term: term)
        try await play(run, [("a adds one", "Q")])
        #expect(try await run.waitForExit() == .exited(0))
        let output = run.text, last = run.sinceMark
        #expect(output.contains("1006"), "SGR mouse encoding is asked for")
        #expect(output.contains("\u{1B}[?1000h") || output.contains(";1000h"), "button reporting is on")
        #expect(!output.contains("1003h"), "no all-motion tracking")
        #expect(!output.contains("1002h"), "no drag tracking")
        #expect(last.contains("1006l") || last.contains("1006;1000l"), "SGR is turned off at the end")
    }

    /// A terminal that cannot place the cursor gets a clear refusal, before anything is drawn.
    @Test func aTerminalThatCannotPlaceTheCursorIsRefused() async throws {
        let run = try PseudoTerminalRun(arguments: [], term: "dumb")
        let exit = try await run.waitForExit()
        #expect(exit != nil && exit != .exited(0))
        let output = run.text
        #expect(output.contains("cannot move the cursor"))
        #expect(!output.contains("\u{1B}[?1049h"), "the screen was not touched")
        #expect(!output.contains("\u{1B}["), "no escape sequence at all")
    }

    @Test func refusesToRunWithoutATerminal() async throws {
        let folder = try TemporaryFolder("nearby-pty")
        let result = try await Command.run(Binaries.nearby, ["--data-dir", folder.path])
        #expect(result.exit != .exited(0))
        #expect(result.output.contains("needs a terminal"))
    }
}
