import NearbyData

/// A failure while running a command: reported as "Error: " and one sentence on standard error, without the
/// usage text. A store that cannot be read, a missing file, an unreachable service exit with status 1; a value
/// the command line gave that cannot be used (`--at bogus`, `--phone abc`, a town the store does not know)
/// exits 64, as ArgumentParser's own `ValidationError` does, so every wrong command line ends the same way.
struct CommandFailure: Error, CustomStringConvertible {
    var description: String
    /// The process's exit status.
    var status: Int32 = 1

    init(_ description: String) { self.description = description }

    /// A value of the command line that cannot be used: exit status 64 (EX_USAGE).
    static func badValue(_ description: String) -> CommandFailure {
        var failure = CommandFailure(description)
        failure.status = 64
        return failure
    }

    /// Why a place named on the command line cannot be used: a bad value, unless the store failed.
    static func near(_ error: NearResolutionError, option: String? = nil) -> CommandFailure {
        let text = option.map { "\($0): \(error.description)" } ?? error.description
        if case .storage = error { return CommandFailure(text) }
        return badValue(text)
    }
}
