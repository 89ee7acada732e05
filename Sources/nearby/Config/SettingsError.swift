/// A setting that cannot be used, said in one line with where it came from; the command exits non-zero.
struct SettingsError: Error, Equatable, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
