import NearbyViewModels
import TerminalView

/// Add or edit a friend: one field per row with its reason beside it; Save only when every field is valid.
@MainActor
final class FriendFormView: ScreenView {
    private let model: FriendFormViewModel
    private let host: ScreenHost
    private var tokens: [ObservationToken] = []
    private var focus = 0
    /// Cursor and scroll of each field; the text itself lives in the view model.
    private var editors: [TextFieldState]

    init(model: FriendFormViewModel, host: ScreenHost) {
        self.model = model
        self.host = host
        editors = model.fields.map { TextFieldState(text: $0.text.value, maxLength: $0.maximumLength) }
        let redraw: @MainActor (Any) -> Void = { [weak self] _ in self?.host.invalidate() }
        tokens = [model.canSave.bind(redraw), model.saveState.bind(redraw), model.confirmation.bind(redraw)]
        for field in model.fields {
            tokens.append(field.message.bind(redraw))
        }
    }

    var hints: [KeyHint] {
        if model.confirmation.value != nil {
            return [KeyHint(keys: "y", summary: "discard"), KeyHint(keys: "n", summary: "keep editing")]
        }
        var hints = [KeyHint(keys: "tab", summary: "next")]
        if model.canSave.value { hints.append(KeyHint(keys: "ctrl-s", summary: "save")) }
        hints.append(KeyHint(keys: "esc", summary: "cancel"))
        return hints
    }

    var helpTitle: String { model.title + " — keys" }

    var helpLines: [KeyHint] {
        [KeyHint(keys: "tab ↓ shift-tab ↑", summary: "next, previous field"),
         KeyHint(keys: "enter", summary: "next field; save on the last"),
         KeyHint(keys: "ctrl-s", summary: "save (when every field is valid)"),
         KeyHint(keys: "← → ctrl-a ctrl-e", summary: "move in the field"),
         KeyHint(keys: "bksp del ctrl-u ctrl-k ctrl-w", summary: "delete"),
         KeyHint(keys: "esc", summary: "cancel")]
    }

    var statusMessage: StatusBarMessage? {
        switch model.saveState.value {
        case .failed(let message): StatusBarMessage(message, kind: .error)
        case .saving: StatusBarMessage("Saving…")
        case .idle: nil
        }
    }

    var capturesText: Bool { true }

    func close() {
        tokens.forEach { $0.cancel() }
        tokens.removeAll()
    }

    func handle(_ event: InputEvent) -> Bool {
        guard case .key(let key) = event else { return false }
        if model.confirmation.value != nil {
            if let answer = ConfirmDialog.answer(for: key) { answer ? model.confirmDiscard() : model.cancelDiscard() }
            return true
        }
        let fields = model.fields
        switch key {
        case .escape:
            model.cancel()
        case .control("s"):
            fields[focus].leave()
            model.save()
        case .enter:
            if focus == fields.count - 1 {
                fields[focus].leave()
                model.save()
            } else {
                moveFocus(.tab)
            }
        case .tab, .backTab, .up, .down:
            moveFocus(key)
        default:
            var editor = editors[focus]
            guard editor.handle(key) else { return true }
            editors[focus] = editor
            fields[focus].setText(editor.text)
        }
        return true
    }

    private func moveFocus(_ key: Key) {
        let fields = model.fields
        fields[focus].leave()
        _ = FormView.moveFocus(key, focus: &focus, count: fields.count)
    }

    func draw(into buffer: CellBuffer, rect: Rect, theme: Theme) {
        let saving = model.saveState.value == .saving
        HeaderLine.draw(in: buffer, rect: rect, title: "Nearby · " + model.title, loading: saving ? "saving" : nil,
                        theme: theme)
        let fields = model.fields
        // The view model may have changed a text (e.g. a reset); keep the editors in step.
        for (i, field) in fields.enumerated() where editors[i].text != field.text.value {
            editors[i].setText(field.text.value)
        }
        var displays = fields.enumerated().map { i, field in
            FormFieldDisplay(label: field.label, state: editors[i],
                             message: field.message.value, placeholder: field.placeholder.isEmpty ? nil : field.placeholder)
        }
        let body = rect.inset(top: 2, left: 1, right: 1)
        let formHeight = min(body.height - 1, displays.count * 2)
        let cursor = FormView.draw(in: buffer, rect: Rect(x: body.x, y: body.y, width: body.width, height: max(0, formHeight)),
                                   fields: &displays, focus: focus, theme: theme)
        for i in displays.indices { editors[i] = displays[i].state }
        let saveRow = Rect(x: body.x, y: body.y + formHeight + (body.height > formHeight + 1 ? 1 : 0),
                           width: body.width, height: 1)
        if saveRow.maxY <= body.maxY {
            let label = model.canSave.value ? "[ Save: ctrl-s ]" : "[ Save ] fill in the fields marked ✗"
            buffer.write(label, in: saveRow, style: model.canSave.value ? theme.accent : theme.secondary)
        }
        if model.confirmation.value == nil { buffer.cursor = cursor }
        if let confirmation = model.confirmation.value {
            ConfirmDialog.draw(in: buffer, over: rect, question: confirmation.title, detail: confirmation.detail,
                               theme: theme)
        }
    }
}
