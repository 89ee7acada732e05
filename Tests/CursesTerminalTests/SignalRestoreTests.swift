import Foundation
import Testing
import TestSupport

/// Whatever signal ends the app, the terminal is left as it was: its modes (termios), the normal screen,
/// mouse reporting off, the cursor shown, keypad transmit off. Signals go to the app on a pseudo-terminal
/// that is its controlling terminal, as from a shell.
@Suite(.terminal)
struct SignalRestoreTests {
    /// The first real-time signal an application may use (glibc keeps a few below it).
    static let realTimeSignal = __libc_current_sigrtmin()

    /// Starts the app on the (empty) Friends list and waits for its first frame.
    private func started() async throws -> PseudoTerminalRun {
        let run = try PseudoTerminalRun(arguments: ["--open", "friends"])
        let drawn = try await run.waitFor("a adds one")
        #expect(drawn, "the first frame never came; output:\n\(run.text.suffix(800))")
        return run
    }

    /// Leaves the form (Esc) and quits (Q) once the list shows again.
    private func quit(_ run: PseudoTerminalRun, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        run.markOutput()
        run.type("\u{1B}")
        #expect(try await run.waitFor("a adds one"), sourceLocation: sourceLocation)
        run.type("Q")
        #expect(try await run.waitForExit() == .exited(0), sourceLocation: sourceLocation)
    }

    private func expectRestored(_ run: PseudoTerminalRun, _ what: String,
                                sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(TerminalModes(after: run.output) == .initial, "after \(what): \(TerminalModes(after: run.output))",
                sourceLocation: sourceLocation)
        #expect(sameModes(run.modes, run.modesBefore), "termios after \(what)", sourceLocation: sourceLocation)
    }

    /// The quit signals: the loop answers them and the app ends cleanly; SIGTERM and SIGHUP (stopped from
    /// outside) end it with 128 + the signal, as shells and service managers expect; SIGINT is ctrl-c, a quit.
    @Test(arguments: [SIGTERM, SIGHUP, SIGINT])
    func aQuitSignalEndsTheAppCleanly(signal: Int32) async throws {
        let run = try await started()
        run.process.signal(signal)
        #expect(try await run.waitForExit() == .exited(signal == SIGINT ? 0 : 128 + signal))
        expectRestored(run, "signal \(signal)")
    }

    /// Signals whose default action ends the process, crashes included: the terminal first, then the signal's
    /// own ending (its exit status, a core where one is due).
    @Test(arguments: [SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGXCPU, SIGSEGV, SIGABRT, SIGBUS, SIGFPE,
                      SIGILL, SIGTRAP, Self.realTimeSignal])
    func aSignalThatEndsTheAppRestoresTheTerminalFirst(signal: Int32) async throws {
        let run = try await started()
        run.process.signal(signal)
        #expect(try await run.waitForExit() == .signalled(signal))
        expectRestored(run, "signal \(signal)")
    }

    /// A broken pipe is an error for whoever wrote, not a reason to vanish.
    @Test func aBrokenPipeSignalIsIgnored() async throws {
        let run = try await started()
        run.process.signal(SIGPIPE)
        run.markOutput()
        run.type("a")
        #expect(try await run.waitFor("New friend"), "still answering keys after SIGPIPE")
        try await quit(run)
        expectRestored(run, "SIGPIPE and Q")
    }

    /// ctrl-\ typed is a key like any other, not SIGQUIT.
    @Test func controlBackslashDoesNotQuit() async throws {
        let run = try await started()
        run.type("\u{1C}")
        run.markOutput()
        run.type("a")
        #expect(try await run.waitFor("New friend"), "still answering keys after ctrl-\\")
        #expect(run.process.isRunning)
        try await quit(run)
        expectRestored(run, "ctrl-\\ and Q")
    }

    /// Byte 0x1C inside pasted text: the text arrives, without it, and the app goes on.
    @Test func pastedTextWithAQuitByteDoesNotQuit() async throws {
        let run = try await started()
        run.markOutput()
        run.type("a")
        #expect(try await run.waitFor("New friend"))
        run.markOutput()
        run.type("Ann\u{1C}a\tBeck\t123 456\u{13}")
        #expect(try await run.waitFor("Added Anna Beck"), "the pasted friend was saved; output:\n\(run.sinceMark.suffix(600))")
        run.markOutput()
        run.type("Q")
        #expect(try await run.waitForExit() == .exited(0))
        expectRestored(run, "a paste holding 0x1C, and Q")
    }

    /// ctrl-c, through the terminal's own line discipline.
    @Test func controlCQuits() async throws {
        let run = try await started()
        run.type("\u{03}")
        #expect(try await run.waitForExit() == .exited(0))
        expectRestored(run, "ctrl-c")
    }
}
