#if canImport(Glibc)
import Glibc
#endif

/// Lines for the operator on standard error: the request log, notices, failures.
enum StandardError {
    @Sendable static func writeLine(_ line: String) {
        write(line + "\n")
    }
}

/// Why a command stopped, said without the usage text (the options were fine).
struct ServerFailure: Error, CustomStringConvertible {
    let message: String
    init(_ message: String) { self.message = message }
    var description: String { message }
}

extension StandardError {
    /// Text without a line break (a progress line redrawn in place).
    static func write(_ text: String) {
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes { Glibc.write(STDERR_FILENO, $0.baseAddress! + offset, $0.count - offset) }
            if written <= 0 { break }
            offset += written
        }
    }
}
