import CTestSupport
import Foundation
import Locking
#if canImport(Glibc)
import Glibc
#endif

/// A process a test starts, spawned clean and stopped when the test is done with it.
///
/// Clean means: an empty signal mask and every signal at its default action (a test thread blocks signals,
/// and a child that inherited that mask ignores SIGTERM and `tmux kill-server`), only the descriptors it is
/// given (the others are closed in the child at exec, atomically: another test may be opening a pipe at the
/// same moment), its own process group (so stopping it stops what it started), and a mark in its
/// environment (`NEARBY_TEST_RUN`) by which a leftover can be found.
public final class ChildProcess: @unchecked Sendable {
    /// Where a standard stream goes.
    public enum Stream: Sendable {
        case null
        /// A file, created if needed, appended to.
        case file(String)
        /// A descriptor of this process (dup'ed into the child).
        case descriptor(Int32)
        /// A terminal device opened in the child after it starts a session of its own, so it becomes the
        /// child's controlling terminal (the line discipline then sends it ctrl-c as SIGINT, as a shell would).
        case controllingTerminal(String)
    }

    /// How a process ended.
    public enum Exit: Hashable, Sendable, CustomStringConvertible {
        case exited(Int32)
        case signalled(Int32)

        public var description: String {
            switch self {
            case .exited(let code): "exit \(code)"
            case .signalled(let signal): "signal \(signal)"
            }
        }
    }

    /// What a finished process used.
    public struct Usage: Hashable, Sendable {
        /// User plus system CPU time, in seconds.
        public var cpuSeconds: Double
        /// Peak resident memory, in bytes.
        public var peakResidentBytes: Int
    }

    /// The sanitizers' runtime options, passed on to every child.
    static let sanitizerOptions = ["ASAN_OPTIONS", "LSAN_OPTIONS", "TSAN_OPTIONS", "UBSAN_OPTIONS"]

    /// This test process's mark, in the environment of everything it starts; the guardian started before
    /// `main` (`test_guardian.c`) stops whatever carries it if this process dies mid-run.
    public static let runMark = String(cString: nearby_test_run_mark())

    public let pid: pid_t
    public let executable: String
    private let state = Locked<(exit: Exit?, usage: Usage?)>((nil, nil))

    /// Starts `executable` (a path, or a name looked up in `PATH`).
    public init(_ executable: String, _ arguments: [String], environment: [String: String]? = nil,
                directory: String? = nil, stdin: Stream = .null, stdout: Stream = .null, stderr: Stream = .null,
                extraMark: String? = nil) throws {
        guard let path = Self.which(executable) else { throw ChildProcessError.notFound(executable) }
        self.executable = path
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }

        var flags = Int32(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF)
        let hasTerminal = [stdin, stdout, stderr].contains {
            if case .controllingTerminal = $0 { return true }
            return false
        }
        // A session of its own is also a process group of its own; without a terminal, just the group.
        flags |= hasTerminal ? nearby_test_spawn_setsid_flag() : Int32(POSIX_SPAWN_SETPGROUP)
        posix_spawnattr_setpgroup(&attributes, 0)
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigmask(&attributes, &empty)
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(flags))

        for (descriptor, stream) in [(Int32(0), stdin), (1, stdout), (2, stderr)] {
            switch stream {
            case .null:
                posix_spawn_file_actions_addopen(&actions, descriptor, "/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY, 0)
            case .file(let file):
                posix_spawn_file_actions_addopen(&actions, descriptor, file, O_WRONLY | O_CREAT | O_APPEND, 0o644)
            case .descriptor(let source):
                posix_spawn_file_actions_adddup2(&actions, source, descriptor)
            case .controllingTerminal(let device):
                posix_spawn_file_actions_addopen(&actions, descriptor, device, O_RDWR, 0)
            }
        }
        nearby_test_spawn_addclosefrom(&actions, 3)
        if let directory { nearby_test_spawn_addchdir(&actions, directory) }

        var variables = environment ?? ProcessInfo.processInfo.environment
        variables["NEARBY_TEST_RUN"] = Self.runMark
        // A sanitizer's build starts binaries built the same way: they take the run's sanitizer options even
        // when a test gives them an environment of their own (else LeakSanitizer, on by default, ends every
        // such child with a report and status 23).
        for name in Self.sanitizerOptions where variables[name] == nil {
            variables[name] = ProcessInfo.processInfo.environment[name]
        }
        if let extraMark { variables["NEARBY_TEST_MARK"] = extraMark }
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        let envp = variables.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, path, &actions, &attributes, argv, envp)
        guard status == 0 else { throw ChildProcessError.spawnFailed(executable, status) }
        self.pid = pid
    }

    deinit {
        // A test that forgot to stop it: the group goes, and the process is reaped, not left a zombie.
        if state.withLock({ $0.exit == nil }) {
            kill(-pid, SIGKILL)
            kill(pid, SIGKILL)
            _ = reap(blocking: true)
        }
    }

    /// The exit, once the process has ended and was reaped; nil while it runs.
    public var exit: Exit? {
        if let known = state.withLock({ $0.exit }) { return known }
        return reap(blocking: false)
    }

    public var isRunning: Bool { exit == nil }

    /// What the process used; known once it has ended.
    public var usage: Usage? { state.withLock { $0.usage } }

    /// Waits (off the cooperative pool) until the process ends; nil if it still runs after `timeout`.
    @discardableResult
    public func wait(timeout: Duration = .seconds(60)) async -> Exit? {
        if let known = exit { return known }
        return await Blocking.run { [self] in
            let deadline = ContinuousClock.now + timeout
            while ContinuousClock.now < deadline {
                if let done = reap(blocking: false) { return done }
                usleep(2_000)
            }
            return reap(blocking: false)
        }
    }

    /// Sends `signal` to the process alone.
    public func signal(_ signal: Int32) {
        guard exit == nil else { return }
        kill(pid, signal)
    }

    /// Stops the process and its group: SIGTERM, then SIGKILL after `grace`; returns how it ended.
    @discardableResult
    public func stop(grace: Duration = .seconds(5)) async -> Exit? {
        guard exit == nil else { return exit }
        kill(-pid, SIGTERM)
        kill(pid, SIGTERM)
        if let done = await wait(timeout: grace) { return done }
        kill(-pid, SIGKILL)
        kill(pid, SIGKILL)
        return await wait(timeout: .seconds(10))
    }

    private func reap(blocking: Bool) -> Exit? {
        var status: Int32 = 0
        var resources = rusage()
        while true {
            let result = wait4(pid, &status, blocking ? 0 : WNOHANG, &resources)
            if result == pid { break }
            if result < 0 && errno == EINTR { continue }
            return state.withLock { $0.exit }
        }
        let signalled = status & 0x7f
        let exit: Exit = signalled == 0 ? .exited((status >> 8) & 0xff) : .signalled(signalled)
        let cpu = Double(resources.ru_utime.tv_sec + resources.ru_stime.tv_sec)
            + Double(resources.ru_utime.tv_usec + resources.ru_stime.tv_usec) / 1e6
        let usage = Usage(cpuSeconds: cpu, peakResidentBytes: Int(resources.ru_maxrss) * 1024)
        state.withLock { $0 = (exit, usage) }
        return exit
    }

    /// Whether a process that is not our child still runs (Linux: read from `/proc`; false when it cannot be
    /// read there). A zombie does not: a daemon (the tmux server) that exited is re-parented to PID 1, and where
    /// PID 1 does not reap (a container's init), it stays a zombie that `kill(pid, 0)` still finds.
    public static func isRunning(_ pid: pid_t) -> Bool {
        guard let stat = FileManager.default.contents(atPath: "/proc/\(pid)/stat"),
              let close = stat.lastIndex(of: UInt8(ascii: ")")), close + 2 < stat.endIndex else { return false }
        let state = stat[close + 2]
        return state != UInt8(ascii: "Z") && state != UInt8(ascii: "X")
    }

    /// The path of `tool`: itself when it holds a slash, else the first match in `PATH`.
    public static func which(_ tool: String) -> String? {
        if tool.contains("/") { return FileManager.default.isExecutableFile(atPath: tool) ? tool : nil }
        let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        for folder in paths + ["/usr/bin", "/usr/local/bin", "/bin"] {
            let candidate = "\(folder)/\(tool)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }
}

public enum ChildProcessError: Error, CustomStringConvertible {
    case notFound(String)
    case spawnFailed(String, Int32)
    case failed(String, String)
    case timedOut(String)

    public var description: String {
        switch self {
        case .notFound(let tool): "\(tool) is not installed"
        case .spawnFailed(let tool, let code): "could not start \(tool): \(String(cString: strerror(code)))"
        case .failed(let what, let output): "\(what) failed: \(output)"
        case .timedOut(let what): "\(what) did not finish in time"
        }
    }
}

