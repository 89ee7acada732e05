import TestSupport

/// Runs a program to completion, its output (stdout and stderr) captured: `Command` (spawned clean, waited for
/// on the child itself) with the exit as one status, 128 + the signal when a signal ended it.
enum Spawned {
    static func run(_ path: String, _ arguments: [String],
                    environment: [String: String]) throws -> (status: Int32, output: String) {
        let result = try Command.runBlocking(path, arguments, environment: environment, timeout: .seconds(300))
        switch result.exit {
        case .exited(let code): return (code, result.output)
        case .signalled(let signal): return (128 + signal, result.output)
        }
    }
}
