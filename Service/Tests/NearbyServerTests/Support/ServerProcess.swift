import Foundation
import NearbyData
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// A `nearby-server` process beside the test, its output in a file of its own: started like an operator would,
/// stopped with a signal, its exit status checked. Spawned clean (`ChildProcess`): an empty signal mask, default
/// dispositions, no inherited descriptors.
final class ServerProcess: Sendable {
    let pid: Int32
    let port: UInt16
    let logFile: URL
    private let process: ChildProcess

    /// The nearby-server binary built beside this test bundle.
    static var binary: URL {
        let here = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for candidate in [here, here.deletingLastPathComponent(), here.deletingLastPathComponent().deletingLastPathComponent()] {
            let url = candidate.appendingPathComponent("nearby-server")
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        return URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent(".build/debug/nearby-server")
    }

    /// Starts `nearby-server arguments…` and waits until it says where it listens (or fails with its output).
    /// `prefix` runs it through another program first (`prlimit --nofile=…`).
    init(_ arguments: [String], environment: [String: String] = [:], prefix: [String] = []) async throws {
        logFile = FileManager.default.temporaryDirectory.appendingPathComponent("nearby-server-\(UUID().uuidString.prefix(8)).log")
        _ = FileManager.default.createFile(atPath: logFile.path, contents: nil)
        var env = ProcessInfo.processInfo.environment
        env.removeValue(forKey: "NEARBY_DATABASE_URL")
        env.removeValue(forKey: "NEARBY_SERVE_TOKEN")
        env.merge(environment) { $1 }
        let command = prefix.isEmpty ? [Self.binary.path] + arguments : prefix + [Self.binary.path] + arguments
        let process = try ChildProcess(command[0], Array(command.dropFirst()), environment: env,
                                       stdout: .file(logFile.path), stderr: .file(logFile.path))
        self.process = process
        pid = process.pid
        let log = logFile
        let found = try await Blocking.run { () -> UInt16? in
            let deadline = Date().addingTimeInterval(120)
            while Date() < deadline {
                let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
                if let range = text.range(of: "Serving friends on http://127.0.0.1:") ?? text.range(of: "Serving friends on https://127.0.0.1:") {
                    return UInt16(text[range.upperBound...].prefix(while: \.isNumber))
                }
                if process.exit != nil { return nil }
                Thread.sleep(forTimeInterval: 0.02)  // a poll interval, not a wait for the server
            }
            return nil
        }
        guard let found else {
            if process.exit == nil { kill(process.pid, SIGKILL) }
            throw ProcessError.didNotStart((try? String(contentsOf: log, encoding: .utf8)) ?? "")
        }
        port = found
    }

    /// Runs `nearby-server arguments…` to completion: its status and output.
    static func run(_ arguments: [String], environment: [String: String] = [:]) async throws -> (status: Int32, output: String) {
        try await Blocking.run {
            var env = ProcessInfo.processInfo.environment
            env.removeValue(forKey: "NEARBY_DATABASE_URL")
            env.merge(environment) { $1 }
            return try Spawned.run(binary.path, arguments, environment: env)
        }
    }

    var url: URL { URL(string: "http://127.0.0.1:\(port)")! }
    var output: String { (try? String(contentsOf: logFile, encoding: .utf8)) ?? "" }
    var hasExited: Bool { process.exit != nil }

    func signal(_ signal: Int32) { kill(pid, signal) }

    /// Whether it still runs and the end of what it printed: for a failure's message, when a client lost its
    /// connection and the server's side of the story is needed.
    var diagnosis: String {
        let state = process.exit.map { "ended (\($0))" } ?? "running"
        let tail = output.split(separator: "\n", omittingEmptySubsequences: false).suffix(30).joined(separator: "\n")
        return "nearby-server \(pid) on port \(port), \(state); its last lines:\n\(tail)"
    }

    /// Waits for the process to end; its exit status (or 128 + signal).
    func waitForExit() async throws -> Int32 {
        switch await process.wait(timeout: .seconds(120)) {
        case .exited(let code)?: return code
        case .signalled(let signal)?: return 128 + signal
        case nil: throw ProcessError.didNotExit
        }
    }

    /// Stops it with SIGTERM, waits, and removes its log.
    func stop() async {
        if !hasExited { signal(SIGTERM) }
        _ = try? await waitForExit()
        try? FileManager.default.removeItem(at: logFile)
    }

    /// A test that throws before `stop()` (a `#require`, a failed request) must not leave its server running.
    deinit {
        if !hasExited { kill(pid, SIGKILL) }
        try? FileManager.default.removeItem(at: logFile)
    }

    enum ProcessError: Error, CustomStringConvertible {
        case didNotStart(String)
        case didNotExit
        var description: String {
            switch self {
            case .didNotStart(let output): "nearby-server did not start: \(output)"
            case .didNotExit: "nearby-server did not exit within two minutes"
            }
        }
    }
}
