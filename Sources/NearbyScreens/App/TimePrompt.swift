import NearbyViewModels
import TerminalView

/// The `t` prompt over the screen's last line: a time or span is typed; Enter takes it (or says why not,
/// keeping the text to be mended), Esc returns to now.
@MainActor
struct TimePrompt {
    enum Action { case choose, backToNow }

    /// After a key: the prompt stays open (and whether the key did anything), or it is done.
    enum Outcome { case open(handled: Bool), closed }

    /// Enter and Esc; every other key edits the text.
    static let keyMap = KeyMap<Action>(title: "Time", [
        KeyBinding([.enter], "choose", action: .choose).essential(),
        KeyBinding([.escape], "esc", "back to now", action: .backToNow).essential(),
    ])

    private var line = PromptLine(label: "time", maxLength: 60,
                                  placeholder: "22:00 · tomorrow 10:00 · Sa 14:00 · 2026-12-24 18:00 · 18:00-20:00",
                                  margin: 1)
    /// Why the last answer was refused.
    private var error: String?

    mutating func handle(_ key: Key, time: EvaluationTime) -> Outcome {
        switch Self.keyMap.action(for: key) {
        case .choose:
            error = time.answerPrompt(line.text)
            return error == nil ? .closed : .open(handled: true)
        case .backToNow:
            time.returnToNowEverywhere()
            return .closed
        case nil:
            return .open(handled: line.edit(key))
        }
    }

    var hints: [KeyHint] { Self.keyMap.footerHints }

    var message: StatusBarMessage? { error.map { StatusBarMessage($0, kind: .error) } }

    /// "time ▏22:00      22:00 · tomorrow 10:00 · …": the label, the text and the cursor, or the examples.
    func draw(in buffer: CellBuffer, line: Rect, theme: Theme) {
        self.line.draw(in: buffer, line: line, theme: theme)
    }
}
