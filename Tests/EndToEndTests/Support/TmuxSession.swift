import Foundation
import Testing

/// A tmux server of its own running one shell, driven like a person would: keys in, screen text out.
///
/// Every wait polls the screen with a deadline; nothing sleeps for a fixed time.
final class TmuxSession {
    let socket = "nearby-e2e-\(UUID().uuidString.prefix(8))"
    let name = "e2e"
    let dataDirectory: URL

    static var isAvailable: Bool { TmuxSession.which("tmux") != nil }

    init(width: Int = 100, height: Int = 30) throws {
        dataDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("nearby-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dataDirectory, withIntermediateDirectories: true)
        // The server outlives this call: it must not inherit a pipe we wait to close.
        try tmux(["new-session", "-d", "-s", name, "-x", "\(width)", "-y", "\(height)",
                  "env", "LANG=C.UTF-8", "TERM=xterm-256color", "PS1=$ ", "HOME=\(dataDirectory.path)",
                  "bash", "--norc", "--noprofile", "-i"], captureOutput: false)
        _ = try? tmux(["set-option", "-t", name, "status", "off"])
        // The prompt shows within milliseconds; a synchronous init polls for it briefly.
        let clock = ContinuousClock()
        let deadline = clock.now + .seconds(15)
        while clock.now < deadline, !((try? screen())?.contains("$") ?? false) { usleep(20_000) }
    }

    deinit {
        _ = try? tmux(["kill-server"])
        try? FileManager.default.removeItem(at: dataDirectory)
    }

    /// The nearby binary built beside this test bundle.
    static var binary: URL {
        let here = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for candidate in [here, here.deletingLastPathComponent()] {
            let url = candidate.appendingPathComponent("nearby")
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        let cwd = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        return cwd.appendingPathComponent(".build/debug/nearby")
    }

    /// Types a shell command line and presses Enter.
    func run(_ commandLine: String) throws {
        try tmux(["send-keys", "-t", name, "-l", commandLine])
        try tmux(["send-keys", "-t", name, "Enter"])
    }

    /// Sends tmux key names ("Down", "C-z", "Enter", "a").
    func press(_ keys: String...) throws {
        try tmux(["send-keys", "-t", name] + keys)
    }

    /// Types text literally.
    func type(_ text: String) throws {
        try tmux(["send-keys", "-t", name, "-l", text])
    }

    func resize(width: Int, height: Int) throws {
        try tmux(["resize-window", "-t", name, "-x", "\(width)", "-y", "\(height)"])
    }

    /// The visible screen.
    func screen() throws -> String {
        try tmux(["capture-pane", "-p", "-t", name])
    }

    /// The visible screen with tmux's escape sequences for each cell's colours and attributes, to tell what
    /// the app drew in colour from text that merely looks like an escape sequence.
    func styledScreen() throws -> String {
        try tmux(["capture-pane", "-p", "-e", "-t", name])
    }

    /// Polls the screen until `condition` holds; fails with the last screen after `timeout`.
    @discardableResult
    func waitFor(_ what: String, timeout: Duration = .seconds(15),
                 sourceLocation: SourceLocation = #_sourceLocation,
                 _ condition: (String) -> Bool) async throws -> String {
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        var last = ""
        while clock.now < deadline {
            last = try screen()
            if condition(last) { return last }
            // A poll interval, not a wait for the app; awaiting frees the thread for other tests' servers.
            try await Task.sleep(for: .milliseconds(20))
        }
        Issue.record("Timed out waiting for \(what). Screen:\n\(last)", sourceLocation: sourceLocation)
        throw TmuxError.timedOut(what)
    }

    func waitFor(text: String, timeout: Duration = .seconds(15), sourceLocation: SourceLocation = #_sourceLocation)
        async throws {
        try await waitFor("“\(text)”", timeout: timeout, sourceLocation: sourceLocation) { $0.contains(text) }
    }

    @discardableResult
    private func tmux(_ arguments: [String], captureOutput: Bool = true) throws -> String {
        try TmuxSession.execute("tmux", ["-L", socket, "-f", "/dev/null"] + arguments, captureOutput: captureOutput)
    }

    /// Runs a tool and returns what it printed. posix_spawn and waitpid directly: the tmux server that
    /// `new-session` leaves behind must neither hold our pipe open nor confuse a child-process monitor.
    @discardableResult
    static func execute(_ tool: String, _ arguments: [String], captureOutput: Bool = true) throws -> String {
        guard let path = which(tool) else { throw TmuxError.missing(tool) }
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw TmuxError.failed(tool, "pipe") }
        // This pipe too: the tool gets its end through dup2 below, nothing else may keep it open.
        InheritedDescriptors.seal()
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        if captureOutput {
            posix_spawn_file_actions_adddup2(&actions, fds[1], 1)
            posix_spawn_file_actions_adddup2(&actions, fds[1], 2)
        } else {
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        }
        posix_spawn_file_actions_addclose(&actions, fds[0])
        posix_spawn_file_actions_addclose(&actions, fds[1])
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, path, &actions, nil, argv, environ)
        close(fds[1])
        guard spawned == 0 else { close(fds[0]); throw TmuxError.failed(tool, "spawn \(spawned)") }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 16384)
        while true {
            let count = read(fds[0], &buffer, buffer.count)
            if count <= 0 { break }
            data.append(contentsOf: buffer[0..<count])
        }
        close(fds[0])
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let text = String(decoding: data, as: UTF8.self)
        guard status == 0 else { throw TmuxError.failed(arguments.joined(separator: " "), text) }
        return text
    }

    static func which(_ tool: String) -> String? {
        if tool.contains("/") { return FileManager.default.isExecutableFile(atPath: tool) ? tool : nil }
        let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        for dir in paths + ["/usr/bin", "/usr/local/bin"] {
            let candidate = "\(dir)/\(tool)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }
}

enum TmuxError: Error {
    case missing(String)
    case failed(String, String)
    case timedOut(String)
}
