import CTerminalSupport
import Foundation
import Testing

/// The curses backend through a real pseudo-terminal: what it writes to the tty, and what it leaves behind.
struct PseudoTerminalTests {
    /// Runs `nearby` on a new pty of the given size. Each step waits until its text shows in the output written
    /// since the previous step, then types its keys. Returns all output, the output after the last step's keys,
    /// and the output each step's keys brought (until the next step's keys).
    private func runOnPTY(arguments: [String], size: (rows: UInt16, cols: UInt16),
                          steps: [(waitFor: String, keys: String)], signal: Int32? = nil,
                          term: String = "xterm-256color")
        async throws -> (output: String, last: String, status: Int32, afterStep: [String]) {
        var path = [CChar](repeating: 0, count: 256)
        let master = nearby_pty_open(Int32(size.rows), Int32(size.cols), &path, Int32(path.count))
        guard master >= 0 else { throw PTYError.cannotOpen }
        let slave = open(String(decoding: path.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self), O_RDWR)
        guard slave >= 0 else { throw PTYError.cannotOpen }
        let slaveHandle = FileHandle(fileDescriptor: slave, closeOnDealloc: true)

        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.environment = ["TERM": term, "LANG": "C.UTF-8", "HOME": NSTemporaryDirectory()]
        process.standardInput = slaveHandle
        process.standardOutput = slaveHandle
        process.standardError = slaveHandle
        try process.run()

        var output = Data()
        var stepStart = 0
        var step = 0
        var afterStep: [String] = []
        let deadline = ContinuousClock.now + .seconds(30)
        var buffer = [UInt8](repeating: 0, count: 65536)
        while ContinuousClock.now < deadline {
            var fds = [pollfd(fd: master, events: Int16(POLLIN), revents: 0)]
            if poll(&fds, 1, 0) > 0 {
                let count = read(master, &buffer, buffer.count)
                if count > 0 { output.append(contentsOf: buffer[0..<count]) } else if !process.isRunning { break }
            } else if !process.isRunning {
                break
            } else {
                // Awaiting, not blocking: other tests' servers share the few cooperative threads.
                try await Task.sleep(for: .milliseconds(5))
            }
            if step < steps.count,
               String(decoding: output[stepStart...], as: UTF8.self).contains(steps[step].waitFor) {
                let keys = Array(steps[step].keys.utf8)
                if step > 0 { afterStep.append(String(decoding: output[stepStart...], as: UTF8.self)) }
                stepStart = output.count
                _ = keys.withUnsafeBufferPointer { write(master, $0.baseAddress, $0.count) }
                step += 1
                if step == steps.count, let signal { kill(process.processIdentifier, signal) }
            }
        }
        if process.isRunning {
            Issue.record("nearby did not quit at step \(step); output so far:\n\(String(decoding: output, as: UTF8.self).suffix(800))")
            process.terminate()
        }
        process.waitUntilExit()
        close(master)
        let last = String(decoding: output[stepStart...], as: UTF8.self)
        return (String(decoding: output, as: UTF8.self), last, process.terminationStatus, afterStep + [last])
    }

    private var binary: URL {
        let here = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for candidate in [here, here.deletingLastPathComponent()] {
            let url = candidate.appendingPathComponent("nearby")
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        return URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent(".build/debug/nearby")
    }

    @Test func entersAndLeavesTheAlternateScreenAndDrawsText() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("nearby-pty-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let (output, _, status, _) = try await runOnPTY(arguments: ["--data-dir", folder.path, "--open", "friends"],
                                                        size: (24, 80), steps: [("a adds one", "Q")])
        #expect(status == 0)
        #expect(output.contains("\u{1B}[?1049h"), "enters the alternate screen")
        #expect(output.contains("You have no friends yet"))
        let tail = output.suffix(200)
        #expect(tail.contains("\u{1B}[?1049l"), "leaves the alternate screen")
        #expect(tail.contains("\u{1B}[?25h") || tail.contains("\u{1B}[?12l\u{1B}[?25h"), "shows the cursor again")
        #expect(tail.contains("\u{1B}[?1000l"), "stops mouse reporting")
    }

    @Test func aDownKeyWritesOnlyTheRowsThatChanged() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("nearby-pty-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        // Curses turns on the keypad's application mode (DECCKM), where ↓ sends ESC O B, as a terminal would.
        let (_, _, status, afterStep) = try await runOnPTY(arguments: ["--data-dir", folder.path, "--open", "friends"],
                                                           size: (24, 80), steps: [
            ("a adds one", "a"), ("New friend", "Anna\tBeck\t123 456\u{13}"),
            ("Added Anna Beck", "a"), ("New friend", "Ben\tCole\t789 012\u{13}"),
            ("Added Ben Cole", "g"), ("Anna Beck", "\u{1B}OB"), ("Ben Cole", "Q"),
        ])
        #expect(status == 0)
        // What the ↓ brought, until Q was typed.
        let down = afterStep.count == 7 ? afterStep[5] : ""
        // Moving the selection rewrites two rows, not the screen: a few hundred bytes at most.
        #expect(!down.isEmpty)
        #expect(down.utf8.count < 1200, "Down wrote \(down.utf8.count) bytes")
        #expect(!down.contains("\u{1B}[2J"), "no clear-screen on a keystroke")
    }

    @Test(arguments: [SIGTERM, SIGHUP, SIGSEGV])
    func aSignalStillRestoresTheTerminal(signal: Int32) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("nearby-pty-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let (output, last, status, _) = try await runOnPTY(arguments: ["--data-dir", folder.path, "--open", "friends"], size: (24, 80),
                                                  steps: [("a adds one", "")], signal: signal)
        #expect(output.contains("\u{1B}[?1049h"))
        #expect(last.contains("\u{1B}[?1049l"), "leaves the alternate screen")
        #expect(last.contains("\u{1B}[?25h"), "shows the cursor again")
        if signal == SIGSEGV {
            #expect(status == SIGSEGV, "a crash is re-raised after the restore")
        }
    }

    /// Buttons and the wheel are reported, never motion (1003), in the SGR encoding (1006): asked through
    /// terminfo where it knows it (xterm), and directly where it does not (tmux).
    @Test(arguments: ["xterm-256color", "tmux-256color"])
    func mouseReportingIsSGRWithoutMotion(term: String) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("nearby-pty-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let (output, last, status, _) = try await runOnPTY(arguments: ["--data-dir", folder.path, "--open", "friends"],
                                                           size: (24, 80), steps: [("a adds one", "Q")], term: term)
        #expect(status == 0)
        #expect(output.contains("1006"), "SGR mouse encoding is asked for")
        #expect(output.contains("\u{1B}[?1000h") || output.contains(";1000h"), "button reporting is on")
        #expect(!output.contains("1003h"), "no all-motion tracking")
        #expect(!output.contains("1002h"), "no drag tracking")
        #expect(last.contains("1006l") || last.contains("1006;1000l"), "SGR is turned off at the end")
    }

    /// A terminal that cannot place the cursor gets a clear refusal, before anything is drawn.
    @Test func aTerminalThatCannotPlaceTheCursorIsRefused() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("nearby-pty-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let (output, _, status, _) = try await runOnPTY(arguments: ["--data-dir", folder.path], size: (24, 80),
                                                        steps: [], term: "dumb")
        #expect(status != 0)
        #expect(output.contains("cannot move the cursor"))
        #expect(!output.contains("\u{1B}[?1049h"), "the screen was not touched")
        #expect(!output.contains("\u{1B}["), "no escape sequence at all")
    }

    @Test func refusesToRunWithoutATerminal() async throws {
        let process = Process()
        process.executableURL = binary
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("nearby-pty-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        process.arguments = ["--data-dir", folder.path]
        let err = Pipe()
        process.standardInput = Pipe()
        process.standardOutput = Pipe()
        process.standardError = err
        try process.run()
        let text = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus != 0)
        #expect(text.contains("needs a terminal"))
    }
}

enum PTYError: Error { case cannotOpen }
