import CTestSupport
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Runs a tool to its end and collects what it printed (stdout and stderr together, or stdout alone).
public enum Command {
    /// Where the tool's standard error goes.
    public enum Errors: Sendable {
        /// Into the output, after or between what it printed on stdout.
        case merged
        /// Nowhere: the output is stdout alone (a tool whose stdout is parsed).
        case discarded
    }

    public struct Result: Sendable {
        public var exit: ChildProcess.Exit
        public var output: String
        public var usage: ChildProcess.Usage?
    }

    /// Runs `tool` (off the cooperative pool) and returns how it ended and what it printed.
    /// `input` is given to it on stdin (from an unlinked temporary file, so a tool that writes while it reads
    /// cannot block on a full pipe).
    public static func run(_ tool: String, _ arguments: [String], environment: [String: String]? = nil,
                           directory: String? = nil, input: [UInt8]? = nil, errors: Errors = .merged,
                           timeout: Duration = .seconds(120)) async throws -> Result {
        try await Blocking.run { try runBlocking(tool, arguments, environment: environment, directory: directory,
                                                 input: input, errors: errors, timeout: timeout) }
    }

    /// Runs `tool` (off the cooperative pool) and returns what it printed; throws when it does not exit 0.
    @discardableResult
    public static func output(_ tool: String, _ arguments: [String], environment: [String: String]? = nil,
                              directory: String? = nil, input: [UInt8]? = nil, errors: Errors = .merged,
                              timeout: Duration = .seconds(120)) async throws -> String {
        let result = try await run(tool, arguments, environment: environment, directory: directory, input: input,
                                   errors: errors, timeout: timeout)
        guard result.exit == .exited(0) else {
            throw ChildProcessError.failed(([tool] + arguments).joined(separator: " "), result.output)
        }
        return result.output
    }

    /// The same, on the calling thread: only for calls that end within milliseconds (a tmux command).
    public static func runBlocking(_ tool: String, _ arguments: [String], environment: [String: String]? = nil,
                                   directory: String? = nil, input: [UInt8]? = nil, errors: Errors = .merged,
                                   timeout: Duration = .seconds(120)) throws -> Result {
        var stdin = ChildProcess.Stream.null
        var inputFile: Int32 = -1
        defer { if inputFile >= 0 { close(inputFile) } }
        if let input {
            inputFile = try inputDescriptor(input)
            stdin = .descriptor(inputFile)
        }
        var fds: [Int32] = [0, 0]
        guard nearby_test_pipe_cloexec(&fds) == 0 else { throw ChildProcessError.failed(tool, "pipe") }
        let child: ChildProcess
        do {
            child = try ChildProcess(tool, arguments, environment: environment, directory: directory, stdin: stdin,
                                     stdout: .descriptor(fds[1]),
                                     stderr: errors == .merged ? .descriptor(fds[1]) : .null)
        } catch {
            close(fds[0])
            close(fds[1])
            throw error
        }
        close(fds[1])
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 16384)
        let deadline = ContinuousClock.now + timeout
        var pollSet = [pollfd(fd: fds[0], events: Int16(POLLIN), revents: 0)]
        while ContinuousClock.now < deadline {
            let ready = poll(&pollSet, 1, 100)
            if ready < 0 && errno == EINTR { continue }
            if ready == 0 { continue }
            let count = read(fds[0], &buffer, buffer.count)
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { break }
            data.append(contentsOf: buffer[0..<count])
        }
        close(fds[0])
        var exit = child.exit
        while exit == nil, ContinuousClock.now < deadline {
            usleep(1_000)
            exit = child.exit
        }
        guard let exit else {
            kill(-child.pid, SIGKILL)
            throw ChildProcessError.timedOut("\(tool) \(arguments.joined(separator: " "))")
        }
        return Result(exit: exit, output: String(decoding: data, as: UTF8.self), usage: child.usage)
    }

    /// A descriptor that reads `bytes` from the start: a temporary file, unlinked at once (close-on-exec; the
    /// child gets its own copy as stdin).
    private static func inputDescriptor(_ bytes: [UInt8]) throws -> Int32 {
        var template = Array((FileManager.default.temporaryDirectory.path + "/nearby-input-XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.map { mkstemp($0) } ?? -1 }
        guard fd >= 0 else { throw ChildProcessError.failed("mkstemp", String(cString: strerror(errno))) }
        // Children spawned meanwhile by other tests close every descriptor above 2 at exec, so the moment
        // before close-on-exec is set leaks nothing.
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        template.withUnsafeBufferPointer { buffer in if let path = buffer.baseAddress { _ = unlink(path) } }
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { all in
                write(fd, UnsafeRawBufferPointer(rebasing: all[written...]).baseAddress, bytes.count - written)
            }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else {
                close(fd)
                throw ChildProcessError.failed("writing the input", String(cString: strerror(errno)))
            }
            written += count
        }
        lseek(fd, 0, SEEK_SET)
        return fd
    }
}
