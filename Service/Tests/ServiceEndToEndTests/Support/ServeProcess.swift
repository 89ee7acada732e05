import Foundation
import Testing
import TestSupport

/// `nearby serve` running beside a test, started and stopped like a person would, its output in a file.
final class ServeProcess: @unchecked Sendable {
    let port: UInt16
    private let process: ChildProcess
    private let log: URL

    /// Starts the server and waits, off the cooperative pool, until it says where it listens.
    static func start(dataDirectory: URL, port: UInt16 = 0, delayMilliseconds: Int = 0, token: String? = nil,
                      sourceLocation: SourceLocation = #_sourceLocation) async throws -> ServeProcess {
        try await Blocking.run {
            try ServeProcess(dataDirectory: dataDirectory, port: port, delayMilliseconds: delayMilliseconds,
                             token: token, sourceLocation: sourceLocation)
        }
    }

    /// Starts the server and waits (polling its output, with a deadline) on the calling thread; `start` waits
    /// without holding it.
    init(dataDirectory: URL, port: UInt16 = 0, delayMilliseconds: Int = 0, token: String? = nil,
         sourceLocation: SourceLocation = #_sourceLocation) throws {
        try FileManager.default.createDirectory(at: dataDirectory, withIntermediateDirectories: true)
        log = dataDirectory.appendingPathComponent("serve-\(UUID().uuidString.prefix(8)).log")
        var arguments = ["serve", "--data-dir", dataDirectory.path, "--port", "\(port)",
                         "--delay-ms", "\(delayMilliseconds)"]
        if let token { arguments += ["--token", token] }
        process = try ChildProcess(Binaries.nearby, arguments, stdout: .file(log.path), stderr: .file(log.path))

        let deadline = ContinuousClock.now + .seconds(30)
        var found: UInt16?
        while found == nil, ContinuousClock.now < deadline {
            let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
            if let range = text.range(of: "Serving friends on http://127.0.0.1:") {
                found = UInt16(text[range.upperBound...].prefix { $0.isNumber })
            } else if process.exit != nil {
                Issue.record("nearby serve exited: \(text)", sourceLocation: sourceLocation)
                throw TmuxError.failed("nearby serve", text)
            } else {
                usleep(20_000) // a poll interval, not a wait for the server
            }
        }
        guard let found else {
            let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
            Issue.record("nearby serve did not start: \(text)", sourceLocation: sourceLocation)
            kill(process.pid, SIGKILL)
            throw TmuxError.timedOut("nearby serve")
        }
        self.port = found
    }

    deinit {
        // ChildProcess's own deinit kills and reaps what is left; a polite stop first when there is time.
        if process.isRunning { kill(process.pid, SIGTERM) }
    }

    var url: String { "http://127.0.0.1:\(port)" }

    /// Stops the server (SIGTERM) and waits, off the cooperative pool, until it has exited, so its port is free.
    func terminate() async {
        await process.stop()
    }

    /// The same, waiting on the calling thread (a server ends within milliseconds of SIGTERM).
    func stop() {
        guard process.isRunning else { return }
        kill(process.pid, SIGTERM)
        let deadline = ContinuousClock.now + .seconds(5)
        while process.isRunning, ContinuousClock.now < deadline { usleep(2_000) }
        if process.isRunning { kill(process.pid, SIGKILL) }
        while process.isRunning { usleep(2_000) }
    }
}
