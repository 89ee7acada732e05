import Foundation
import Testing

/// `nearby serve` running beside a test, started and stopped like a person would, its output in a file.
final class ServeProcess {
    let port: UInt16
    private var pid: pid_t?
    private let log: URL

    /// Starts the server and waits (polling its output, with a deadline) until it says where it listens.
    init(dataDirectory: URL, port: UInt16 = 0, delayMilliseconds: Int = 0, token: String? = nil,
         sourceLocation: SourceLocation = #_sourceLocation) throws {
        log = dataDirectory.appendingPathComponent("serve-\(UUID().uuidString.prefix(8)).log")
        var arguments = ["serve", "--data-dir", dataDirectory.path, "--port", "\(port)",
                         "--delay-ms", "\(delayMilliseconds)"]
        if let token { arguments += ["--token", token] }
        let pid = try Self.spawn(TmuxSession.binary.path, arguments, output: log)
        self.pid = pid

        let clock = ContinuousClock()
        let deadline = clock.now + .seconds(30)
        var found: UInt16?
        while found == nil, clock.now < deadline {
            let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
            if let range = text.range(of: "Serving friends on http://127.0.0.1:") {
                found = UInt16(text[range.upperBound...].prefix { $0.isNumber })
            } else {
                var status: Int32 = 0
                if waitpid(pid, &status, WNOHANG) == pid {
                    self.pid = nil
                    Issue.record("nearby serve exited: \(text)", sourceLocation: sourceLocation)
                    throw TmuxError.failed("nearby serve", text)
                }
                Thread.sleep(forTimeInterval: 0.02) // a poll interval, not a wait for the server
            }
        }
        guard let found else {
            let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
            Issue.record("nearby serve did not start: \(text)", sourceLocation: sourceLocation)
            kill(pid, SIGKILL)
            _ = Self.reap(pid)
            self.pid = nil
            throw TmuxError.timedOut("nearby serve")
        }
        self.port = found
    }

    deinit { stop() }

    var url: String { "http://127.0.0.1:\(port)" }

    /// Stops the server (SIGTERM) and waits until it has exited, so its port is free.
    func stop() {
        guard let pid else { return }
        self.pid = nil
        kill(pid, SIGTERM)
        _ = Self.reap(pid)
    }

    private static func reap(_ pid: pid_t) -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return status
    }

    private static func spawn(_ path: String, _ arguments: [String], output: URL) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output.path, O_WRONLY | O_CREAT | O_APPEND, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        // Nothing else of this process (other tests' sockets and pipes) may live on in the server.
        InheritedDescriptors.seal()
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, path, &actions, nil, argv, environ)
        guard spawned == 0 else { throw TmuxError.failed("nearby serve", "spawn \(spawned)") }
        return pid
    }
}
