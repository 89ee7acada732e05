import Glibc

/// The pipe the C signal handlers write signal numbers into, so signals are handled in the run loop.
struct SignalPipe {
    let readFD: Int32
    let writeFD: Int32

    init() throws(TerminalRunLoopError) {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw .pipeFailed }
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        // The handlers must never block, and the loop reads until the pipe is empty.
        for fd in fds { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
        readFD = fds[0]
        writeFD = fds[1]
    }

    /// The signal numbers written since the last call.
    func drain() -> [Int32] {
        var numbers: [Int32] = []
        var bytes = [UInt8](repeating: 0, count: 64)
        while true {
            let count = read(readFD, &bytes, bytes.count)
            guard count > 0 else { break }
            numbers += bytes[0..<count].map { Int32($0) }
        }
        return numbers
    }

    func close() {
        _ = Glibc.close(readFD)
        _ = Glibc.close(writeFD)
    }
}

/// Why the run loop could not start.
public enum TerminalRunLoopError: Error, CustomStringConvertible {
    case pipeFailed
    case noMainThreadLoop

    public var description: String {
        switch self {
        case .pipeFailed: "Could not create the signal pipe."
        case .noMainThreadLoop: "The terminal run loop needs the main thread served by MainThreadLoop."
        }
    }
}
