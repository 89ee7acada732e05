import NearbyViewModels
import TerminalView

/// One friend: labelled lines, edit and delete.
@MainActor
final class FriendDetailView: ScreenView {
    enum Action { case edit, delete, retry, back }

    private let model: FriendDetailViewModel
    private let host: ScreenHost
    private var tokens: [ObservationToken] = []
    private let keyMap = KeyMap<Action>(title: "Friend", [
        KeyBinding([.character("e")], "edit", action: .edit),
        KeyBinding([.character("d")], "delete", action: .delete),
        KeyBinding([.character("r")], "retry", action: .retry, inFooter: false),
        KeyBinding([.escape, .backspace, .left, .character("q"), .character("h")], "esc", "back", action: .back),
    ])

    init(model: FriendDetailViewModel, host: ScreenHost) {
        self.model = model
        self.host = host
        let redraw: @MainActor (Any) -> Void = { [weak self] _ in self?.host.invalidate() }
        tokens = [
            model.title.bind(redraw), model.content.bind(redraw), model.isLoading.bind(redraw),
            model.isDeleting.bind(redraw), model.status.bind(redraw), model.confirmation.bind(redraw),
        ]
    }

    var hints: [KeyHint] {
        if model.confirmation.value != nil { return [KeyHint(keys: "y", summary: "yes"), KeyHint(keys: "n", summary: "no")] }
        if case .error = model.content.value { return [KeyHint(keys: "r", summary: "retry"), KeyHint(keys: "esc", summary: "back")] }
        return keyMap.footerHints
    }

    var helpTitle: String { "Friend — keys" }
    var helpLines: [KeyHint] { keyMap.helpLines }
    var statusMessage: StatusBarMessage? { model.status.value?.barMessage }
    var capturesText: Bool { model.confirmation.value != nil }

    func close() {
        tokens.forEach { $0.cancel() }
        tokens.removeAll()
    }

    func handle(_ event: InputEvent) -> Bool {
        guard case .key(let key) = event else { return false }
        if model.status.value != nil { model.dismissStatus() }
        if model.confirmation.value != nil {
            if let answer = ConfirmDialog.answer(for: key) { answer ? model.confirmDelete() : model.cancelDelete() }
            return true
        }
        guard let action = keyMap.action(for: key) else { return false }
        switch action {
        case .edit: model.edit()
        case .delete: model.requestDelete()
        case .retry: model.retry()
        case .back: model.back()
        }
        return true
    }

    func draw(into buffer: CellBuffer, rect: Rect, theme: Theme) {
        let loading: String? = model.isDeleting.value ? "deleting" : (model.isLoading.value ? "loading" : nil)
        HeaderLine.draw(in: buffer, rect: rect, title: "Nearby · " + model.title.value, loading: loading, theme: theme)
        let body = rect.inset(top: 2, left: 2, right: 1)
        switch model.content.value {
        case .loading(let text):
            Spinner.draw(in: buffer, at: Point(x: body.x, y: body.y), style: theme.spinner, unicode: theme.unicode)
            buffer.write(text, in: body.row(0).inset(left: 2), style: theme.secondary)
        case .error(let message, let retryHint):
            buffer.write("✗ " + message, in: body.row(0), style: theme.error)
            buffer.write(retryHint, in: body.row(1), style: theme.accent)
        case .friend(let lines):
            let labelWidth = min(12, max(8, (lines.map { DisplayWidth.of($0.label) }.max() ?? 0) + 2))
            var y = 0
            for line in lines where y < body.height {
                buffer.write(line.label, in: Rect(x: body.x, y: body.y + y, width: labelWidth, height: 1),
                             style: theme.fieldLabel)
                let valueRect = Rect(x: body.x + labelWidth, y: body.y + y, width: body.width - labelWidth, height: 1)
                buffer.write(line.value, in: valueRect, style: y == 0 ? theme.title : theme.text)
                y += 1
            }
        }
        if let confirmation = model.confirmation.value {
            ConfirmDialog.draw(in: buffer, over: rect, question: confirmation.title, detail: confirmation.detail,
                               theme: theme)
        }
    }
}
