import FoundationEssentials
import NearbyCore

/// One field of the friend form: its text, and the reason beside it when the text is refused.
@MainActor
public final class FormFieldModel {
    public let field: FriendField
    public let label: String
    /// Shown greyed in the empty field ("optional", "47.141, 9.5209 or a place").
    public let placeholder: String
    public let isRequired: Bool
    /// The most characters the field takes; the editor stops there and the field says so.
    public let maximumLength: Int
    /// The text as typed; the view sets it (directly or through `setText`) and the field revalidates.
    public let text: Observable<String>
    /// The reason beside the field, nil when there is nothing to say.
    public let message = Observable<String?>(nil)
    /// The user typed here, left the field, or tried to save: an empty required field may now say so.
    public private(set) var isTouched = false

    private let validate: (String) -> String?
    private var serverProblem: String?
    /// Something to know that does not stop a save ("no town of that name"); cleared when the text changes.
    private var note: String?
    private var token: ObservationToken?
    /// Called after every text change, so the form recomputes whether it can save.
    var onChange: (@MainActor () -> Void)?

    /// `validate` gives the reason a text is refused, or nil; public so render tests can build fields.
    public init(field: FriendField, label: String, placeholder: String, isRequired: Bool, text: String,
                maximumLength: Int = 200, validate: @escaping (String) -> String?) {
        self.field = field
        self.label = label
        self.placeholder = placeholder
        self.isRequired = isRequired
        self.maximumLength = maximumLength
        self.text = Observable(text)
        self.validate = validate
        token = self.text.bind { [weak self] _ in self?.textChanged() }
        refreshMessage()
    }

    /// The reason the current text is refused, shown or not.
    public var problem: String? { serverProblem ?? validate(text.value) }

    public func setText(_ newText: String) {
        text.update(newText)
    }

    /// The cursor left the field.
    public func leave() {
        isTouched = true
        refreshMessage()
    }

    /// A save was attempted: every reason shows.
    func reveal() {
        isTouched = true
        refreshMessage()
    }

    /// The service refused this field; the reason stays until the text changes.
    func showServerProblem(_ reason: String) {
        serverProblem = DisplayText.oneLine(reason)
        refreshMessage()
    }

    /// Shows `text` beside the field without refusing it; it goes when the text changes.
    func showNote(_ text: String) {
        note = DisplayText.oneLine(text)
        refreshMessage()
    }

    private func textChanged() {
        isTouched = true
        serverProblem = nil
        note = nil
        refreshMessage()
        onChange?()
    }

    private func refreshMessage() {
        let isBlank = text.value.trimmingBlanks().isEmpty
        // No "Required" at a field the user has not reached yet.
        if isBlank, !isTouched, serverProblem == nil {
            message.update(nil)
        } else if let problem {
            message.update(problem)
        } else if text.value.count >= maximumLength {
            // The editor takes no more: say why typing stopped.
            message.update("At most \(maximumLength) characters")
        } else {
            message.update(note)
        }
    }
}
