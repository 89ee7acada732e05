/// A value that is never shown or logged (an API key, a token): it prints as "(hidden)".
struct Secret: Equatable, Sendable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The value itself, for the one place that sends it.
    let exposedValue: String

    init(_ value: String) { exposedValue = value }

    var description: String { "(hidden)" }
    var debugDescription: String { "(hidden)" }
    var customMirror: Mirror { Mirror(self, children: [], displayStyle: .struct) }
}
