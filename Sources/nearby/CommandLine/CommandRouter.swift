import ArgumentParser

/// Decides which root parses a command line, and reports what a run ended with.
///
/// ArgumentParser lets a root command take its own options from anywhere in the line, before or after a
/// subcommand's name, and hands a subcommand only the groups of the same type. So with the app's options on the
/// root, `nearby places --radius 500` gave 500 to the app and the list silently used its default. A line
/// that starts with a subcommand's name is therefore parsed by `SubcommandRoot`, which has the same name and
/// subcommands but no options: every option then reaches the command it was written after, or is refused.
enum CommandRouter {
    /// The root that parses `arguments`.
    static func root(for arguments: [String]) -> any ParsableCommand.Type {
        guard let first = arguments.first else { return NearbyCommand.self }
        if first == "help" {
            // `nearby help` alone is the app's help, with its options; `nearby help places` is the command's.
            return arguments.count == 1 ? NearbyCommand.self : SubcommandRoot.self
        }
        let names = NearbyCommand.configuration.subcommands.map { $0._commandName }
        return names.contains(first) ? SubcommandRoot.self : NearbyCommand.self
    }

    /// Parses `arguments` with the root `root(for:)` names.
    static func parse(_ arguments: [String]) throws -> any ParsableCommand {
        try refuseUnknownCommands(arguments)
        let root = root(for: arguments)
        let command = try root.parseAsRoot(arguments == ["help"] ? ["--help"] : arguments)
        let names = NearbyCommand.configuration.subcommands.map { $0._commandName }
        if ObjectIdentifier(root) == ObjectIdentifier(NearbyCommand.self), !(command is NearbyCommand),
           type(of: command)._commandName != "help", let name = arguments.first(where: names.contains) {
            // Options of the app, then a subcommand: the options would be the app's, not the command's.
            throw ValidationError("Options go after the command they belong to: nearby \(name) --option VALUE, "
                                  + "not nearby --option VALUE \(name).")
        }
        return command
    }

    /// A command name that names nothing is a wrong command line (64), not the overview or a default
    /// subcommand's usage: `nearby help nonexist`, `nearby friends bogus`.
    static func refuseUnknownCommands(_ arguments: [String]) throws {
        let commands = NearbyCommand.configuration.subcommands
        let names = commands.map { $0._commandName }
        if arguments.first == "help", arguments.count > 1, let name = arguments.dropFirst().first,
           !name.hasPrefix("-"), !names.contains(name) {
            throw CommandFailure.badValue("No command called \(TerminalText.quoted(name)); the commands are "
                                          + names.joined(separator: ", ")
                                          + " (nearby --help says more).")
        }
        guard arguments.count > 1, let command = commands.first(where: { $0._commandName == arguments[0] }),
              !command.configuration.subcommands.isEmpty else { return }
        let word = arguments[1]
        let inner = command.configuration.subcommands.map { $0._commandName }
        if !word.hasPrefix("-"), word != "help", !inner.contains(word) {
            throw CommandFailure.badValue("\(TerminalText.quoted(word)) is not a command of nearby \(arguments[0]). "
                                          + "Usage: nearby \(arguments[0]) <\(inner.joined(separator: "|"))> "
                                          + "(nearby \(arguments[0]) --help says more).")
        }
    }

    /// Prints why a run ended (nothing for success) and returns the exit status: 64 for a wrong command line,
    /// 1 for a failure while running, 0 for help, version and completion scripts.
    static func report(_ error: any Error, arguments: [String]) -> Int32 {
        switch error {
        case let failure as CommandFailure:
            Console.errorLine("Error: " + TerminalText.safe(failure.description))
            return failure.status
        case let failure as SettingsError:
            Console.errorLine("Error: " + TerminalText.safe(failure.description))
            return 1
        case let code as ExitCode:
            // The command said why already.
            return code.rawValue
        default:
            let root = root(for: arguments)
            let code = root.exitCode(for: error)
            let message = root.fullMessage(for: error)
            if code == .success {
                // Help, the version, a completion script: our own text, printed as it is.
                if !message.isEmpty { Console.line(message) }
            } else {
                Console.errorLine(TerminalText.safeLines(message))
            }
            return code.rawValue
        }
    }
}

/// The root for lines that start with a subcommand: the app's name and subcommands, none of its options.
struct SubcommandRoot: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: NearbyCommand.configuration.commandName,
        abstract: NearbyCommand.configuration.abstract,
        version: NearbyVersion.current,
        subcommands: NearbyCommand.configuration.subcommands)
}
