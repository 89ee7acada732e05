import NearbyViewModels
import TerminalView
import TerminalText

/// One friend: labelled lines (scrolled with the list keys when the terminal is short), edit and delete.
@MainActor
final class FriendDetailView: ScreenView {
    enum Action { case scroll(ListMove), edit, delete, copy(String), retry, back }

    private let model: any FriendDetailViewModelType
    private let host: ScreenHost
    private var tokens: [ObservationToken] = []
    private let document = DetailDocument()
    private var keyMap = KeyMap<Action>(title: "Friend", [])
    /// The photo's box, where the app draws pictures.
    private let photoSlot: PictureSlot?

    init(model: any FriendDetailViewModelType, host: ScreenHost) {
        self.model = model
        self.host = host
        photoSlot = host.pictures.map { PictureSlot(painter: $0, invalidate: host.invalidate) }
        tokens = model.observeAll(body: { [document, host] in
            document.contentChanged()
            host.invalidate()
        }, redraw: { [host] in host.invalidate() })
        let isFriend: @MainActor () -> Bool = { [model] in if case .friend = model.content.value { true } else { false } }
        let isError: @MainActor () -> Bool = { [model, photoSlot] in
            if case .error = model.content.value { return true }
            if case .failed = model.photo.value { return true }
            return photoSlot?.hasFailed ?? false
        }
        let keys = host.keys.lookup(.friend)
        keyMap = KeyMap(title: "Friend", document.scrollBindings(keys) { .scroll($0) } + [
            KeyBinding(keys("edit"), action: .edit).enabled(when: isFriend),
            KeyBinding(keys("delete"), action: .delete).enabled(when: isFriend),
            KeyBinding(keys("copy_phone"), action: .copy("Phone"), inFooter: false)
                .enabled { [model] in model.lineValue("Phone") != nil },
            KeyBinding(keys("copy_email"), action: .copy("E-mail"), inFooter: false)
                .enabled { [model] in model.lineValue("E-mail") != nil },
            KeyBinding(keys("retry"), action: .retry).enabled(when: isError),
            KeyBinding(keys("back"), "esc", "back", action: .back).essential(),
        ])
    }

    var hints: [KeyHint] { keyMap.footerHints }
    var helpTitle: String { "Friend — keys" }
    var helpLines: [KeyHint] { keyMap.helpLines }
    var statusMessage: StatusBarMessage? { model.status.value?.barMessage }
    func dismissStatus() { model.dismissStatus() }
    var capturesText: Bool { false }
    var question: ConfirmationRequest? { model.confirmation.value }
    func answer(_ yes: Bool) { yes ? model.confirmDelete() : model.cancelDelete() }

    func close() {
        tokens.forEach { $0.cancel() }
        tokens.removeAll()
        photoSlot?.close()
    }

    /// Returns once the photo asked for last is painted (for tests).
    func photoPainted() async { await photoSlot?.painting() }

    func handle(_ event: InputEvent) -> Bool {
        guard case .key(let key) = event, let action = keyMap.action(for: key) else { return false }
        switch action {
        case .scroll(let move): document.scroll(move)
        case .edit: model.edit()
        case .delete: model.requestDelete()
        case .copy(let label):
            if let text = model.lineValue(label) { model.copied("“\(text)”", sent: host.copy(text)) }
        case .retry:
            if case .error = model.content.value {
                model.retry()
            } else {
                // The photo could not be read (the model reads it again) or drawn (the slot paints it again).
                photoSlot?.forget()
                model.retryPhoto()
                host.invalidate()
            }
        case .back: model.back()
        }
        return true
    }

    // MARK: Frames

    private func body(of rect: Rect) -> Rect { rect.inset(top: 2, left: 2, right: 1) }

    /// Where the lines go and where the photo goes: beside the lines on a wide screen, above them on a narrow
    /// one, nowhere when there is no photo, the app draws no pictures, or the screen is too small for one.
    private func areas(of rect: Rect, theme: Theme) -> (lines: Rect, photo: Rect?) {
        let body = body(of: rect)
        guard photoSlot != nil, theme.pictures != .off, model.photo.value != .none else { return (body, nil) }
        if body.width >= 60 {
            let width = min(28, body.width / 3)
            let height = min(body.height, width / 2)
            guard height >= 4 else { return (body, nil) }
            return (body.inset(right: width + 2), Rect(x: body.maxX - width, y: body.y, width: width, height: height))
        }
        let height = min(8, body.height / 3)
        guard height >= 4 else { return (body, nil) }
        return (body.inset(top: height + 1), Rect(x: body.x, y: body.y, width: min(body.width, height * 2), height: height))
    }

    func layout(in rect: Rect, theme: Theme) {
        let retryKey = keyMap.key { if case .retry = $0 { true } else { false } }
        let content = model.content.value
        document.layout(in: areas(of: rect, theme: theme).lines) { buffer, area in
            Self.drawContent(content, retryKey: retryKey, in: buffer, rect: area, theme: theme)
        }
    }

    func draw(into buffer: CellBuffer, rect: Rect, theme: Theme) {
        let loading: String? = model.isDeleting.value ? "deleting" : (model.isLoading.value ? "loading" : nil)
        HeaderLine.draw(in: buffer, rect: rect, title: "Nearby · " + model.title.value, loading: loading,
                        badge: host.headerBadge(), theme: theme)
        let (lines, photoRect) = areas(of: rect, theme: theme)
        document.draw(in: buffer, rect: lines)
        if let photoRect { PictureBox.draw(photoState(in: photoRect, mode: theme.pictures), in: buffer, rect: photoRect, theme: theme) }
    }

    /// The photo's box as it stands, asking for it to be painted at the box's size.
    private func photoState(in rect: Rect, mode: PictureMode) -> PictureBoxState {
        let retryKey = keyMap.key { if case .retry = $0 { true } else { false } }
        return photoSlot?.state(for: model.photo.value, in: rect, mode: mode, retryKey: retryKey) ?? .none
    }

    /// The content from the top of `rect`; returns the rows used.
    private static func drawContent(_ content: FriendDetailContent, retryKey: String?, in buffer: CellBuffer,
                                    rect: Rect, theme: Theme) -> Int {
        switch content {
        case .loading(let text):
            Spinner.draw(in: buffer, at: Point(x: rect.x, y: rect.y), style: theme.spinner, glyphs: theme.glyphs)
            buffer.write(text, in: rect.row(0).inset(left: 2), style: theme.secondary)
            return 1
        case .error(let message):
            buffer.write("✗ " + message, in: rect.row(0), style: theme.error)
            if let retryKey { buffer.write("\(retryKey) retry", in: rect.row(1), style: theme.accent) }
            return 2
        case .friend(let lines):
            let labelWidth = min(12, max(8, (lines.map { DisplayWidth.of($0.label) }.max() ?? 0) + 2))
            for (y, line) in lines.enumerated() where y < rect.height {
                buffer.write(line.label, in: Rect(x: rect.x, y: rect.y + y, width: labelWidth, height: 1),
                             style: theme.fieldLabel)
                let valueRect = Rect(x: rect.x + labelWidth, y: rect.y + y, width: rect.width - labelWidth, height: 1)
                buffer.write(line.value, in: valueRect, style: y == 0 ? theme.title : theme.text)
                if line.label == "E-mail" {
                    buffer.addLink("mailto:" + line.value, in: valueRect.intersection(
                        Rect(x: valueRect.x, y: valueRect.y, width: DisplayWidth.of(line.value), height: 1)))
                }
            }
            return lines.count
        }
    }
}
