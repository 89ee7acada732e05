import ArgumentParser

/// `nearby version`: the same line as `nearby --version`.
struct VersionCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "version", abstract: "Print the version.")

    func run() throws {
        Console.line(NearbyVersion.current)
    }
}
