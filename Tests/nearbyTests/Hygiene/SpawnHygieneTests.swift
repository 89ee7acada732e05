import Foundation
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// A process the tests start does not inherit the starting thread's blocked signals or ignored signals: a
/// child that blocks SIGTERM outlives its test (tmux servers did, for hours, after a run).
struct SpawnHygieneTests {
    /// A line of `/proc/PID/status` (`SigBlk`, `SigIgn`) of a child started with `spawn`, read by the child itself.
    private static func statusLine(_ name: String, spawn: @escaping @Sendable (String) throws -> ChildProcess)
        async throws -> String {
        let folder = try TemporaryFolder()
        let output = folder.url.appendingPathComponent("status").path
        let child = try await Blocking.run {
            // The thread that starts the child blocks and ignores what a test thread might.
            var blocked = sigset_t()
            sigemptyset(&blocked)
            for signal in [SIGTERM, SIGINT, SIGHUP, SIGUSR1, SIGCHLD] { sigaddset(&blocked, signal) }
            var previous = sigset_t()
            pthread_sigmask(SIG_BLOCK, &blocked, &previous)
            defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
            return try spawn(output)
        }
        #expect(await child.wait() == .exited(0))
        let text = try String(contentsOfFile: output, encoding: .utf8)
        return text.split(separator: "\n").first { $0.hasPrefix(name + ":") }.map(String.init) ?? "no \(name) in \(text)"
    }

    @Test("ChildProcess starts children with no blocked signal")
    func childProcessMask() async throws {
        let line = try await Self.statusLine("SigBlk") { output in
            try ChildProcess("sh", ["-c", "cat /proc/self/status > \"$1\"", "sh", output])
        }
        #expect(line.hasSuffix("0000000000000000"), "\(line)")
    }

    @Test("ChildProcess starts children with no ignored signal")
    func childProcessDispositions() async throws {
        signal(SIGUSR2, SIG_IGN)
        defer { signal(SIGUSR2, SIG_DFL) }
        let line = try await Self.statusLine("SigIgn") { output in
            try ChildProcess("sh", ["-c", "cat /proc/self/status > \"$1\"", "sh", output])
        }
        // Signals 32 and 33 (bits 31 and 32), below SIGRTMIN, are glibc's own (thread cancellation, setxid):
        // no spawn attribute reaches them. Signals 1 to 31, SIGUSR2 among them, must be at their default.
        let mask = UInt64(line.split(separator: "\t").last ?? "", radix: 16)
        #expect(mask.map { $0 & 0x7FFF_FFFF } == 0, "\(line)")
    }
}
