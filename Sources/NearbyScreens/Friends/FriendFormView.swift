import NearbyViewModels
import TerminalView

/// Add or edit a friend: one field per row with its reason beside it; Save only when every field is valid.
@MainActor
final class FriendFormView: ScreenView {
    enum Action { case next, previous, enter, save, cancel }

    private let model: any FriendFormViewModelType
    private let host: ScreenHost
    private var tokens: [ObservationToken] = []
    private var focus = 0
    /// Cursor and scroll of each field; the text itself lives in the view model.
    private var editors: [TextFieldState]
    private var keyMap = KeyMap<Action>(title: "Friend", [])

    init(model: any FriendFormViewModelType, host: ScreenHost) {
        self.model = model
        self.host = host
        editors = model.fields.map { TextFieldState(text: $0.text.value, maxLength: $0.maximumLength) }
        tokens = model.observeAll { [host] in host.invalidate() }
        let keys = host.keys.lookup(.friendForm)
        keyMap = KeyMap(title: "Friend", [
            KeyBinding(keys("next_field"), action: .next, footer: .custom(keys: "tab", summary: "next")),
            KeyBinding(keys("previous_field"), action: .previous, inFooter: false),
            KeyBinding(keys("enter"), action: .enter, inFooter: false),
            KeyBinding(keys("save"), action: .save).enabled { [model] in model.canSave.value }.essential(),
            KeyBinding(keys("cancel"), action: .cancel).essential(),
        ])
    }

    var hints: [KeyHint] { keyMap.footerHints }
    var helpTitle: String { model.title + " — keys" }
    /// The form's keys, then the fields' own editing keys (the field handles those).
    var helpLines: [KeyHint] { keyMap.helpLines + TextFieldState.editingKeys.helpLines }

    var statusMessage: StatusBarMessage? {
        switch model.saveState.value {
        case .failed(let message): StatusBarMessage(message, kind: .error)
        case .unknownPlace(let name):
            StatusBarMessage("\(saveKey.map { "\($0) again" } ?? "Saving again") saves \(name) without a distance.",
                             kind: .error)
        case .saving: StatusBarMessage("Saving…")
        case .idle: nil
        }
    }

    /// The key that saves, as the map binds it.
    private var saveKey: String? { keyMap.key { $0 == .save } }

    /// The save state's message stays until the state changes.
    func dismissStatus() {}
    var capturesText: Bool { true }
    var question: ConfirmationRequest? { model.confirmation.value }
    func answer(_ yes: Bool) { yes ? model.confirmDiscard() : model.cancelDiscard() }
    var hasUnsavedChanges: Bool { model.hasUnsavedChanges }

    func close() {
        tokens.forEach { $0.cancel() }
        tokens.removeAll()
    }

    func handle(_ event: InputEvent) -> Bool {
        guard case .key(let key) = event else { return false }
        let fields = model.fields
        if let action = keyMap.action(for: key) {
            switch action {
            case .next: moveFocus(by: 1)
            case .previous: moveFocus(by: -1)
            case .enter:
                if focus == fields.count - 1 { save() } else { moveFocus(by: 1) }
            case .save: save()
            case .cancel: model.cancel()
            }
            return true
        }
        var editor = editors[focus]
        guard editor.handle(key) else { return false }
        editors[focus] = editor
        fields[focus].setText(editor.text)
        return true
    }

    private func save() {
        model.fields[focus].leave()
        model.save()
    }

    private func moveFocus(by step: Int) {
        let fields = model.fields
        fields[focus].leave()
        focus = (focus + step + fields.count) % fields.count
    }

    // MARK: Frames

    func layout(in rect: Rect, theme: Theme) {
        // The view model may have changed a text (e.g. a reset); keep the editors in step.
        for (i, field) in model.fields.enumerated() where editors[i].text != field.text.value {
            editors[i].setText(field.text.value)
        }
    }

    func draw(into buffer: CellBuffer, rect: Rect, theme: Theme) {
        let saving = model.saveState.value == .saving
        HeaderLine.draw(in: buffer, rect: rect, title: "Nearby · " + model.title, loading: saving ? "saving" : nil,
                        theme: theme)
        var displays = model.fields.enumerated().map { i, field in
            FormFieldDisplay(label: field.label, state: editors[i],
                             message: field.message.value, placeholder: field.placeholder.isEmpty ? nil : field.placeholder)
        }
        let body = rect.inset(top: 2, left: 1, right: 1)
        let formHeight = min(body.height - 1, displays.count * 2)
        let cursor = FormView.draw(in: buffer, rect: Rect(x: body.x, y: body.y, width: body.width,
                                                          height: max(0, formHeight)),
                                   fields: &displays, focus: focus, theme: theme)
        let saveRow = Rect(x: body.x, y: body.y + formHeight + (body.height > formHeight + 1 ? 1 : 0),
                           width: body.width, height: 1)
        if saveRow.maxY <= body.maxY {
            let label = !model.canSave.value ? "[ Save ] fill in the fields marked ✗"
                : saveKey.map { "[ Save: \($0) ]" } ?? "[ Save ]"
            buffer.write(label, in: saveRow, style: model.canSave.value ? theme.accent : theme.secondary)
        }
        buffer.cursor = cursor
    }
}
