// The Testing module exists for test builds only: `swift build -c release` (the README's first command) builds
// this target too, without it (as LaneTrait.swift says).
#if canImport(Testing)
import Foundation
import Testing

/// A tmux server of its own running one shell, driven like a person would: keys in, screen text out.
///
/// Every wait polls the screen with a deadline, off the cooperative pool; nothing sleeps for a fixed time.
/// The shell starts in the session's own data folder (files it writes stay there), and `close()` (or, as a
/// fallback, `deinit`) stops the server and makes sure it is gone.
public final class TmuxSession: @unchecked Sendable {
    public let socket = "nearby-e2e-\(UUID().uuidString.prefix(8))"
    public let name = "e2e"
    public let dataDirectory: URL
    /// The tmux server's process, to make sure it ends with the session.
    private let serverPID: pid_t?

    public static var isAvailable: Bool { ChildProcess.which("tmux") != nil }

    /// Starts the server and waits, off the cooperative pool, until the shell's prompt shows.
    public static func start(width: Int = 100, height: Int = 30) async throws -> TmuxSession {
        let session = try TmuxSession(width: width, height: height, waitForPrompt: false)
        try await session.waitFor("the shell's prompt") { $0.contains("$") }
        return session
    }

    /// Starts the server and waits for the prompt on the calling thread (`start` waits without holding it).
    public convenience init(width: Int = 100, height: Int = 30) throws {
        try self.init(width: width, height: height, waitForPrompt: true)
    }

    private init(width: Int, height: Int, waitForPrompt: Bool) throws {
        dataDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("nearby-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dataDirectory, withIntermediateDirectories: true)
        try Self.tmux(socket, ["new-session", "-d", "-s", name, "-x", "\(width)", "-y", "\(height)",
                               "-c", dataDirectory.path,
                               "env", "LANG=C.UTF-8", "TERM=xterm-256color", "PS1=$ ", "HOME=\(dataDirectory.path)",
                               "bash", "--norc", "--noprofile", "-i"])
        serverPID = (try? Self.tmux(socket, ["display-message", "-p", "#{pid}"]))
            .flatMap { pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        _ = try? Self.tmux(socket, ["set-option", "-t", name, "status", "off"])
        if waitForPrompt {
            let deadline = ContinuousClock.now + .seconds(15)
            while ContinuousClock.now < deadline, !((try? screen())?.contains("$") ?? false) { usleep(20_000) }
        }
    }

    deinit {
        Self.stopServer(socket: socket, pid: serverPID)
        Self.remove(dataDirectory)
    }

    /// Stops the server, waits until its process is gone, and removes the data folder.
    public func close() async {
        let socket = socket
        let pid = serverPID
        let folder = dataDirectory
        await Blocking.run {
            Self.stopServer(socket: socket, pid: pid)
            Self.remove(folder)
        }
    }

    /// Removes the session's folder, trying again for a moment: the shell and the app inside the session end
    /// just after the server (on its hang-up) and may still write a file there, which fails one removal.
    private static func remove(_ folder: URL) {
        let deadline = ContinuousClock.now + .seconds(5)
        while (try? FileManager.default.removeItem(at: folder)) == nil,
              FileManager.default.fileExists(atPath: folder.path), ContinuousClock.now < deadline {
            usleep(10_000)
        }
    }

    /// `kill-server`, then SIGKILL if the server is still there a few seconds later.
    private static func stopServer(socket: String, pid: pid_t?) {
        _ = try? tmux(socket, ["kill-server"])
        guard let pid else { return }
        let deadline = ContinuousClock.now + .seconds(5)
        while ChildProcess.isRunning(pid), ContinuousClock.now < deadline { usleep(5_000) }
        if ChildProcess.isRunning(pid) { kill(pid, SIGKILL) }
    }

    /// The nearby binary built beside this test bundle.
    public static var binary: URL { URL(fileURLWithPath: Binaries.nearby) }

    /// Types a shell command line and presses Enter.
    public func run(_ commandLine: String) throws {
        try tmux(["send-keys", "-t", name, "-l", commandLine])
        try tmux(["send-keys", "-t", name, "Enter"])
    }

    /// Sends tmux key names ("Down", "C-z", "Enter", "a").
    public func press(_ keys: String...) throws {
        try tmux(["send-keys", "-t", name] + keys)
    }

    /// Types text literally (text that starts with "-", such as a southern latitude, too).
    public func type(_ text: String) throws {
        try tmux(["send-keys", "-t", name, "-l", "--", text])
    }

    /// Lets the app set tmux's paste buffer with OSC 52, as a terminal's clipboard would take it.
    public func acceptClipboard() throws {
        try tmux(["set-option", "-s", "set-clipboard", "on"])
    }

    /// The newest paste buffer (what the app last copied with OSC 52); nil when there is none.
    public func pasteBuffer() -> String? {
        try? tmux(["show-buffer"])
    }

    public func resize(width: Int, height: Int) throws {
        try tmux(["resize-window", "-t", name, "-x", "\(width)", "-y", "\(height)"])
    }

    /// The visible screen.
    public func screen() throws -> String {
        try tmux(["capture-pane", "-p", "-t", name])
    }

    /// The visible screen with tmux's escape sequences for each cell's colours and attributes, to tell what
    /// the app drew in colour from text that merely looks like an escape sequence.
    public func styledScreen() throws -> String {
        try tmux(["capture-pane", "-p", "-e", "-t", name])
    }

    /// The styled screen once two captures a moment apart agree (the keys' frames have all arrived).
    public func settledScreen(sourceLocation: SourceLocation = #_sourceLocation) async throws -> ShownScreen {
        var last = ShownScreen(styled: try styledScreen())
        for _ in 0..<40 {
            try await Task.sleep(for: .milliseconds(150))
            let next = ShownScreen(styled: try styledScreen())
            if next.text == last.text { return next }
            last = next
        }
        Issue.record("The screen kept changing for 6 s:\n\(last.text)", sourceLocation: sourceLocation)
        return last
    }

    /// Polls the screen until `condition` holds; fails with the last screen after `timeout`.
    @discardableResult
    public func waitFor(_ what: String, timeout: Duration = .seconds(15),
                 sourceLocation: SourceLocation = #_sourceLocation,
                 _ condition: (String) -> Bool) async throws -> String {
        let deadline = ContinuousClock.now + timeout
        var last = ""
        while ContinuousClock.now < deadline {
            // Each capture waits for a tmux client; on a thread of its own, not a pool thread.
            last = try await Blocking.run { [self] in try screen() }
            if condition(last) { return last }
            try await Task.sleep(for: .milliseconds(20))
        }
        Issue.record("Timed out waiting for \(what). Screen:\n\(last)", sourceLocation: sourceLocation)
        throw TmuxError.timedOut(what)
    }

    public func waitFor(text: String, timeout: Duration = .seconds(15), sourceLocation: SourceLocation = #_sourceLocation)
        async throws {
        try await waitFor("“\(text)”", timeout: timeout, sourceLocation: sourceLocation) { $0.contains(text) }
    }

    /// Waits until one of `answers` shows, and returns the first that does: a test that expects one of two
    /// outcomes fails at once on the other instead of waiting out its time.
    public func waitForAny(of answers: [String], timeout: Duration = .seconds(15),
                    sourceLocation: SourceLocation = #_sourceLocation) async throws -> String {
        let screen = try await waitFor(answers.map { "“\($0)”" }.joined(separator: " or "), timeout: timeout,
                                       sourceLocation: sourceLocation) { screen in
            answers.contains { screen.contains($0) }
        }
        return answers.first { screen.contains($0) } ?? ""
    }

    @discardableResult
    private func tmux(_ arguments: [String]) throws -> String {
        try Self.tmux(socket, arguments)
    }

    /// One tmux command: a client that answers within milliseconds.
    @discardableResult
    private static func tmux(_ socket: String, _ arguments: [String]) throws -> String {
        try execute("tmux", ["-L", socket, "-f", "/dev/null"] + arguments)
    }

    /// Runs a tool to its end and returns what it printed; throws when it fails. Blocks the calling thread:
    /// for quick tools only (`Command.run` waits without holding it).
    @discardableResult
    public static func execute(_ tool: String, _ arguments: [String]) throws -> String {
        let result = try Command.runBlocking(tool, arguments)
        guard result.exit == .exited(0) else {
            throw TmuxError.failed(([tool] + arguments).joined(separator: " "), result.output)
        }
        return result.output
    }

    public static func which(_ tool: String) -> String? {
        ChildProcess.which(tool)
    }
}

public enum TmuxError: Error {
    case missing(String)
    case failed(String, String)
    case timedOut(String)
}
#endif
