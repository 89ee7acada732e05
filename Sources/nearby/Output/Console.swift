import Glibc
import Locking

/// Where commands write: standard output and standard error through write(2), or a capture a test sets
/// for its task. Everything a command prints goes through here, already made safe by `TerminalText`.
enum Console {
    /// What a command wrote, for tests.
    final class Capture: Sendable {
        private let state = Locked<(out: String, error: String)>(("", ""))

        var output: String { state.withLock { $0.out } }
        var errors: String { state.withLock { $0.error } }

        fileprivate func append(_ text: String, toError: Bool) {
            state.withLock { toError ? $0.error.append(text) : $0.out.append(text) }
        }
    }

    @TaskLocal static var capture: Capture?

    /// Writes `text` to standard output as it is (the caller ends its lines).
    static func write(_ text: String) {
        send(text, to: STDOUT_FILENO)
    }

    /// Writes one line to standard output.
    static func line(_ text: String) {
        send(text + "\n", to: STDOUT_FILENO)
    }

    /// Writes `text` to standard error as it is.
    static func writeError(_ text: String) {
        send(text, to: STDERR_FILENO)
    }

    /// Writes one line to standard error.
    static func errorLine(_ text: String) {
        send(text + "\n", to: STDERR_FILENO)
    }

    private static func send(_ text: String, to descriptor: Int32) {
        if let capture {
            capture.append(text, toError: descriptor == STDERR_FILENO)
            return
        }
        var bytes = Array(text.utf8)
        bytes.withUnsafeMutableBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    // A closed pipe or a full disk: nothing sensible is left to say it on.
                    return
                }
                offset += written
            }
        }
    }
}

/// Runs `body` with everything the commands write kept in memory (for tests).
func capturingConsole<Result>(_ body: () async throws -> Result) async rethrows -> (Result, Console.Capture) {
    let capture = Console.Capture()
    let result = try await Console.$capture.withValue(capture) { try await body() }
    return (result, capture)
}
