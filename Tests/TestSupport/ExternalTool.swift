import Foundation

/// Runs a program of the system (osmium, python3) and waits without holding a thread of the Swift pool:
/// output goes to a file, and the wait runs on a thread of its own.
public enum ExternalTool {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// The program's full path on PATH (or the standard system folders), or nil when it is not installed.
    public static func find(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        for folder in path.split(separator: ":").map(String.init) + ["/usr/bin", "/usr/local/bin"] {
            let candidate = folder + "/" + name
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// Runs `program` with `arguments` (spawned clean, through `ChildProcess`); returns its standard output, or
    /// throws with its error output.
    public static func run(_ program: String, _ arguments: [String], in folder: URL,
                    timeout: Duration = .seconds(600)) async throws -> String {
        let output = folder.appendingPathComponent("out-\(UUID().uuidString).txt")
        let errors = folder.appendingPathComponent("err-\(UUID().uuidString).txt")
        let child = try ChildProcess(program, arguments, stdout: .file(output.path), stderr: .file(errors.path))
        guard let exit = await child.wait(timeout: timeout) else {
            await child.stop()
            throw Failure(description: "\(program) did not finish within \(timeout)")
        }
        let text = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
        guard exit == .exited(0) else {
            let message = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
            throw Failure(description: "\(program) ended with \(exit): \(message.suffix(2_000))")
        }
        return text
    }
}
