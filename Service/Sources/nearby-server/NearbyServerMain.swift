import ArgumentParser
import Foundation
import NearbyBuild
import NearbyCore
import TerminalText

/// `nearby-server`: the friends and places service. Users run it as `nearby serve …` and
/// `nearby import FILE --database …`, which hand over to this program beside `nearby`.
struct NearbyServerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "nearby-server",
        abstract: "The Nearby friends and places service (run as `nearby serve`).",
        version: NearbyBuild.description,
        subcommands: [ServeCommand.self, ImportCommand.self, UpdateCommand.self])
}

/// Runs the command line, and reports as `nearby` does: a failure while running is one sanitised sentence and
/// status 1, a wrong command line ArgumentParser's message (sanitised) and status 64.
@main
enum NearbyServerMain {
    static func main() async {
        let arguments = Array(CommandLine.arguments.dropFirst())
        do {
            var command = try NearbyServerCommand.parseAsRoot(arguments)
            if var command = command as? any AsyncParsableCommand {
                try await command.run()
            } else {
                try command.run()
            }
        } catch let failure as ServerFailure {
            StandardError.writeLine("Error: " + safe(failure.message))
            exit(1)
        } catch {
            let code = NearbyServerCommand.exitCode(for: error)
            let message = NearbyServerCommand.fullMessage(for: error)
            if code == .success {
                if !message.isEmpty { print(message) }
            } else {
                StandardError.writeLine(message.split(separator: "\n", omittingEmptySubsequences: false)
                    .map { safe(String($0)) }.joined(separator: "\n"))
            }
            exit(code.rawValue)
        }
    }

    /// Text from a user, a database or a file, safe to print on one line (the app's rules).
    static func safe(_ text: String) -> String {
        TextSanitizer.sanitize(InvisibleCharacters.stripped(text))
    }
}
