import ArgumentParser
import Foundation
@testable import nearby

/// Runs a command line as `nearby` does (`CommandRouter`), with `environment` in place of the process's (no
/// config file, no NEARBY_* variables unless given) and what it prints captured.
func runCommand(_ arguments: [String], environment: [String: String] = [:]) async throws -> Console.Capture {
    let command = try CommandRouter.parse(arguments)
    let values = environment.merging(["HOME": "/nonexistent-nearby-home"]) { given, _ in given }
    let (_, capture) = try await capturingConsole {
        try await ProcessEnvironment.$values.withValue(values) {
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                var command = command
                try command.run()
            }
        }
    }
    return capture
}

/// The sentence a command line fails with (a `CommandFailure`), or nil when it succeeds.
func commandFailure(_ arguments: [String], environment: [String: String] = [:]) async throws -> String? {
    do {
        _ = try await runCommand(arguments, environment: environment)
        return nil
    } catch let failure as CommandFailure {
        return failure.description
    }
}

/// A folder of its own under the temporary directory (the caller removes it).
func temporaryFolder(_ purpose: String) -> String {
    FileManager.default.temporaryDirectory.appendingPathComponent("nearby-\(purpose)-\(UUID().uuidString)").path
}
