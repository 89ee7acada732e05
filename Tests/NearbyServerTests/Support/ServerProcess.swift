import Foundation
import NearbyData
import Synchronization

/// A `nearby-server` process beside the test, its output in a file of its own: started like an operator would,
/// stopped with a signal, its exit status checked.
final class ServerProcess: Sendable {
    let pid: Int32
    let port: UInt16
    let logFile: URL
    private let process: Process
    private let exited = ExitStatus()

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
        let output = try FileHandle(forWritingTo: logFile)
        process = Process()
        if prefix.isEmpty {
            process.executableURL = Self.binary
            process.arguments = arguments
        } else {
            process.executableURL = URL(fileURLWithPath: prefix[0])
            process.arguments = Array(prefix.dropFirst()) + [Self.binary.path] + arguments
        }
        var env = ProcessInfo.processInfo.environment
        env.removeValue(forKey: "NEARBY_DATABASE_URL")
        env.removeValue(forKey: "NEARBY_SERVE_TOKEN")
        env.merge(environment) { $1 }
        process.environment = env
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = output
        process.standardError = output
        let exited = self.exited
        process.terminationHandler = { finished in exited.set(finished.terminationStatus) }
        try process.run()
        try? output.close()
        pid = process.processIdentifier
        let log = logFile
        let found = try await Blocking.run { () -> UInt16? in
            let deadline = Date().addingTimeInterval(120)
            while Date() < deadline {
                let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
                if let range = text.range(of: "Serving friends on http://127.0.0.1:") ?? text.range(of: "Serving friends on https://127.0.0.1:") {
                    return UInt16(text[range.upperBound...].prefix(while: \.isNumber))
                }
                if exited.value != nil { return nil }
                Thread.sleep(forTimeInterval: 0.02)  // a poll interval, not a wait for the server
            }
            return nil
        }
        guard let found else {
            if exited.value == nil { kill(process.processIdentifier, SIGKILL) }
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
    var hasExited: Bool { exited.value != nil }

    func signal(_ signal: Int32) { kill(pid, signal) }

    /// Waits for the process to end; its exit status (or 128 + signal).
    func waitForExit() async throws -> Int32 {
        let process = self.process
        return try await Blocking.run {
            process.waitUntilExit()
            return process.terminationReason == .uncaughtSignal ? 128 + process.terminationStatus : process.terminationStatus
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
        var description: String {
            switch self { case .didNotStart(let output): "nearby-server did not start: \(output)" }
        }
    }
}

/// A process's exit status, once it has one.
final class ExitStatus: Sendable {
    private let status = Mutex<Int32?>(nil)
    func set(_ value: Int32) { status.withLock { $0 = value } }
    var value: Int32? { status.withLock { $0 } }
}
