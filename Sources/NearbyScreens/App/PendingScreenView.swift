import NearbyViewModels
import TerminalView

/// Stands in for a screen whose view is not written yet (the places list and detail have view models
/// first): shows the screen's title and goes back, so navigation never lands on nothing.
@MainActor
final class PendingScreenView: ScreenView {
    private let title: String
    private let host: ScreenHost
    private let keyMap = KeyMap<Bool>(title: "Screen", [
        KeyBinding([.escape, .backspace, .left, .character("q"), .character("h")], "esc", "back", action: true),
    ])

    init(title: String, host: ScreenHost) {
        self.title = title
        self.host = host
    }

    var hints: [KeyHint] { keyMap.footerHints }
    var helpTitle: String { "\(title) — keys" }
    var helpLines: [KeyHint] { keyMap.helpLines }
    var statusMessage: StatusBarMessage? { nil }
    var capturesText: Bool { false }

    func close() {}

    func handle(_ event: InputEvent) -> Bool {
        guard case .key(let key) = event, keyMap.action(for: key) != nil else { return false }
        host.back()
        return true
    }

    func draw(into buffer: CellBuffer, rect: Rect, theme: Theme) {
        HeaderLine.draw(in: buffer, rect: rect, title: "Nearby · " + title, loading: nil, theme: theme)
        buffer.write("This screen is not drawn yet.", in: rect.inset(top: 2, left: 2, right: 1).row(0),
                     style: theme.secondary)
    }
}
