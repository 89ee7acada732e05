import ArgumentParser
import CTerminalSupport
import CursesTerminal
import Glibc

/// The entry point: parses the command line, then runs the command with the main thread serving the main
/// actor (see `MainThreadLoop`), so that the app handles each key on the thread that reads it.
@main
enum NearbyMain {
    @MainActor
    static func main() {
        nearby_signals_unblock_all()
        let arguments = Array(CommandLine.arguments.dropFirst())
        do {
            try MainThreadLoop.run {
                // Parsed here so the command belongs to this task alone and may run off the main actor.
                var command = try CommandRouter.parse(arguments)
                if var asyncCommand = command as? any AsyncParsableCommand {
                    try await asyncCommand.run()
                } else {
                    try command.run()
                }
            }
        } catch {
            exit(CommandRouter.report(error, arguments: arguments))
        }
    }
}
