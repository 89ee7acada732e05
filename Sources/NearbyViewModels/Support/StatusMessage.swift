/// A transient line for the status bar: news ("Deleted Anna Beck") or a failure.
public struct StatusMessage: Hashable, Sendable {
    /// How the status bar draws the message.
    public enum Kind: Hashable, Sendable {
        case info, error
    }

    public var kind: Kind
    public var text: String

    public init(kind: Kind, text: String) {
        self.kind = kind
        self.text = text
    }

    public static func info(_ text: String) -> StatusMessage { StatusMessage(kind: .info, text: text) }
    public static func error(_ text: String) -> StatusMessage { StatusMessage(kind: .error, text: text) }
}
