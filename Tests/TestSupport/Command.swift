import CTestSupport
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Runs a tool to its end and collects what it printed (stdout and stderr together).
public enum Command {
    public struct Result: Sendable {
        public var exit: ChildProcess.Exit
        public var output: String
        public var usage: ChildProcess.Usage?
    }

    /// Runs `tool` (off the cooperative pool) and returns how it ended and what it printed.
    public static func run(_ tool: String, _ arguments: [String], environment: [String: String]? = nil,
                           directory: String? = nil, timeout: Duration = .seconds(120)) async throws -> Result {
        try await Blocking.run { try runBlocking(tool, arguments, environment: environment, directory: directory,
                                                 timeout: timeout) }
    }

    /// Runs `tool` (off the cooperative pool) and returns what it printed; throws when it does not exit 0.
    @discardableResult
    public static func output(_ tool: String, _ arguments: [String], environment: [String: String]? = nil,
                              directory: String? = nil, timeout: Duration = .seconds(120)) async throws -> String {
        let result = try await run(tool, arguments, environment: environment, directory: directory, timeout: timeout)
        guard result.exit == .exited(0) else {
            throw ChildProcessError.failed(([tool] + arguments).joined(separator: " "), result.output)
        }
        return result.output
    }

    /// The same, on the calling thread: only for calls that end within milliseconds (a tmux command).
    public static func runBlocking(_ tool: String, _ arguments: [String], environment: [String: String]? = nil,
                                   directory: String? = nil, timeout: Duration = .seconds(120)) throws -> Result {
        var fds: [Int32] = [0, 0]
        guard nearby_test_pipe_cloexec(&fds) == 0 else { throw ChildProcessError.failed(tool, "pipe") }
        let child: ChildProcess
        do {
            child = try ChildProcess(tool, arguments, environment: environment, directory: directory,
                                     stdout: .descriptor(fds[1]), stderr: .descriptor(fds[1]))
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
}
