/// A failure while running a command (a store that cannot be read, a missing file, an unreachable service):
/// reported as "Error: " and one sentence on standard error, without the usage text, with exit status 1.
/// A wrong command line is ArgumentParser's `ValidationError` instead, which exits 64.
struct CommandFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
