import TerminalText

/// A yes/no question in a box over the screen ("Delete Anna Beck?").
///
/// Only `y` says yes. Enter says nothing: it opens things everywhere else, so a reflex must not confirm.
public enum ConfirmDialog {
    /// The keys that answer the dialog, for the key map of whoever shows it: `y` or `Y` yes; `n`, `N`, Esc or
    /// `q` no. `answer` makes the action of each answer.
    @MainActor
    public static func bindings<Action>(confirm: String, cancel: String,
                                        _ answer: (Bool) -> Action) -> [KeyBinding<Action>] {
        [KeyBinding([.character("y"), .character("Y")], confirm.lowercased(), action: answer(true)).essential(),
         KeyBinding([.character("n"), .character("N"), .escape, .character("q")], cancel.lowercased(),
                    action: answer(false)).essential()]
    }

    public static func draw(in buffer: CellBuffer, over area: Rect, question: String, detail: String? = nil,
                            confirm: String = "yes", cancel: String = "no", theme: Theme) {
        guard area.width > 0, area.height > 0 else { return }
        let wrapWidth = max(10, min(area.width - 6, 50))
        let lines = TextLayout.wrap(TextSanitizer.sanitize(question), width: wrapWidth)
            + (detail.map { TextLayout.wrap(TextSanitizer.sanitize($0), width: wrapWidth) } ?? [])
        let answersWidth = DisplayWidth.of(confirm) + DisplayWidth.of(cancel) + 9
        let width = min(area.width, max(30, (lines.map { DisplayWidth.of($0) }.max() ?? 0) + 6, answersWidth + 4))
        let height = min(area.height, lines.count + 4)
        let rect = area.centered(width: width, height: height)
        let inside = Box.draw(in: buffer, rect: rect, title: "Confirm", style: theme.border, titleStyle: theme.title,
                              fill: .plain)
        guard inside.height > 0 else {
            // Too flat for a box: the question and its keys on one line, so it is never invisible.
            buffer.write("\(question)  y \(confirm.lowercased())  n \(cancel.lowercased())", in: rect.row(0),
                         style: theme.title)
            return
        }
        for (i, line) in lines.prefix(max(0, inside.height - 1)).enumerated() {
            buffer.write(" " + line, in: inside.row(i), style: i == 0 ? theme.title : theme.text)
        }
        let answers = inside.row(inside.height - 1)
        var x = answers.x + 1
        x += buffer.write("y", at: Point(x: x, y: answers.y), style: theme.accent, clip: answers)
        x += buffer.write(" \(confirm)   ", at: Point(x: x, y: answers.y), style: theme.text, clip: answers)
        x += buffer.write("n", at: Point(x: x, y: answers.y), style: theme.accent, clip: answers)
        buffer.write(" \(cancel)", at: Point(x: x, y: answers.y), style: theme.text, clip: answers)
    }
}
