import Foundation

/// Runs a program of the system (osmium, python3) and waits without holding a thread of the Swift pool:
/// output goes to a file, and the exit wakes the test through the termination handler.
enum ExternalTool {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// The program's full path on PATH (or the standard system folders), or nil when it is not installed.
    static func find(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        for folder in path.split(separator: ":").map(String.init) + ["/usr/bin", "/usr/local/bin"] {
            let candidate = folder + "/" + name
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// Runs `program` with `arguments`; returns its standard output, or throws with its error output.
    static func run(_ program: String, _ arguments: [String], in folder: URL) async throws -> String {
        let output = folder.appendingPathComponent("out-\(UUID().uuidString).txt")
        let errors = folder.appendingPathComponent("err-\(UUID().uuidString).txt")
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        process.standardOutput = try FileHandle(forWritingTo: output)
        process.standardError = try FileHandle(forWritingTo: errors)
        let status: Int32 = try await withCheckedThrowingContinuation { continuation in
            process.terminationHandler = { continuation.resume(returning: $0.terminationStatus) }
            do {
                try process.run()
            } catch {
                process.terminationHandler = nil
                continuation.resume(throwing: error)
            }
        }
        let text = try String(contentsOf: output, encoding: .utf8)
        guard status == 0 else {
            let message = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
            throw Failure(description: "\(program) exited with \(status): \(message.suffix(2_000))")
        }
        return text
    }
}
