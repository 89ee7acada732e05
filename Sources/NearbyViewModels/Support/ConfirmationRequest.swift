/// A question the screen asks before doing something that cannot be undone ("Delete Anna Beck?").
public struct ConfirmationRequest: Hashable, Sendable {
    public var title: String
    public var detail: String?
    public var confirmLabel: String
    public var cancelLabel: String
    /// Draw the confirm button as dangerous.
    public var isDestructive: Bool

    public init(title: String, detail: String? = nil, confirmLabel: String, cancelLabel: String = "Cancel",
                isDestructive: Bool = false) {
        self.title = title
        self.detail = detail
        self.confirmLabel = confirmLabel
        self.cancelLabel = cancelLabel
        self.isDestructive = isDestructive
    }
}
