import Foundation

/// What wakes the run loop.
enum LoopWake: Sendable {
    /// Keys or mouse bytes are waiting on stdin; the watcher pauses until `resume()`.
    case input
    /// A forwarded signal number.
    case signal(Int32)
    /// stdin closed (the terminal went away).
    case hangup
    /// The app asked for a frame, a timer fired, or a spinner is due.
    case redraw
}

/// Watches stdin and the signal pipe on a thread of its own, so the main actor sleeps until there is work.
///
/// It never calls curses: it only polls file descriptors and tells the run loop, which reads on the main thread.
final class InputWatcher: Sendable {
    let signalReadFD: Int32
    let signalWriteFD: Int32
    private let stopReadFD: Int32
    private let stopWriteFD: Int32
    private let drained = DispatchSemaphore(value: 0)
    let stream: AsyncStream<LoopWake>
    let continuation: AsyncStream<LoopWake>.Continuation

    init() throws {
        var fds: [Int32] = [0, 0]
        var stopFDs: [Int32] = [0, 0]
        guard pipe(&fds) == 0, pipe(&stopFDs) == 0 else { throw InputWatcherError.pipeFailed }
        for fd in fds + stopFDs { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        _ = fcntl(fds[1], F_SETFL, fcntl(fds[1], F_GETFL) | O_NONBLOCK)
        signalReadFD = fds[0]
        signalWriteFD = fds[1]
        stopReadFD = stopFDs[0]
        stopWriteFD = stopFDs[1]
        (stream, continuation) = AsyncStream.makeStream(of: LoopWake.self, bufferingPolicy: .unbounded)
    }

    func start() {
        let thread = Thread { [self] in watch() }
        thread.name = "nearby-input"
        thread.start()
    }

    /// The run loop has read everything that was pending: watch stdin again.
    func resume() { drained.signal() }

    func stop() {
        var byte: UInt8 = 1
        _ = write(stopWriteFD, &byte, 1)
        drained.signal()
        continuation.finish()
    }

    private func watch() {
        var fds = [
            pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
            pollfd(fd: signalReadFD, events: Int16(POLLIN), revents: 0),
            pollfd(fd: stopReadFD, events: Int16(POLLIN), revents: 0),
        ]
        while true {
            for i in fds.indices { fds[i].revents = 0 }
            let ready = poll(&fds, nfds_t(fds.count), -1)
            if ready < 0 {
                if errno == EINTR { continue }
                continuation.yield(.hangup)
                return
            }
            if fds[2].revents != 0 { return }
            if fds[1].revents & Int16(POLLIN) != 0 {
                var bytes = [UInt8](repeating: 0, count: 64)
                let count = read(signalReadFD, &bytes, bytes.count)
                for i in 0..<max(0, count) { continuation.yield(.signal(Int32(bytes[i]))) }
            }
            let stdinEvents = fds[0].revents
            if stdinEvents & Int16(POLLIN) != 0 {
                continuation.yield(.input)
                drained.wait()
            } else if stdinEvents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 {
                continuation.yield(.hangup)
                return
            }
        }
    }
}

enum InputWatcherError: Error {
    case pipeFailed
}
