import Testing
import TerminalView
@testable import NearbyScreens

/// The one typing line of `/`, `t` and `L`: what it draws, where the cursor goes, what it takes.
@Suite("Prompt line")
@MainActor
struct PromptLineTests {
    static let theme = Theme.make(.monochrome)

    private func drawn(_ line: PromptLine, width: Int = 40) -> (text: String, cursor: Point?) {
        let buffer = CellBuffer(size: Size(width: width, height: 1))
        buffer.write("stale text from the frame before", at: Point(x: 0, y: 0), style: .plain)
        line.draw(in: buffer, line: Rect(x: 0, y: 0, width: width, height: 1), theme: Self.theme)
        return (buffer.text(), buffer.cursor)
    }

    @Test("each prompt draws its label, then the text or the placeholder, over the whole line", arguments: [
        (PromptLine(label: "/", text: "caf"), "/ caf", 5),
        (PromptLine(label: "/", placeholder: "search every place by name"), "/ search every place by name", 2),
        (PromptLine(label: "@", text: "Vaduz"), "@ Vaduz", 7),
        (PromptLine(label: "time", text: "22:00", margin: 1), " time 22:00", 11),
    ])
    func draws(line: PromptLine, text: String, cursorX: Int) {
        let (shown, cursor) = drawn(line)
        #expect(shown == text)
        #expect(cursor == Point(x: cursorX, y: 0))
    }

    @Test("editing keys edit; others are left to the owner; escapes typed never reach the screen")
    func edits() {
        var line = PromptLine(label: "/")
        for key: Key in [.character("c"), .character("a"), .character("\u{1B}"), .character("x"), .backspace] {
            _ = line.edit(key)
        }
        #expect(line.text == "ca")
        let enterEdits = line.edit(.enter)
        #expect(!enterEdits)
        line.setText("Schaan\u{1B}[2J")
        #expect(line.text == "Schaan[2J")
    }

    @Test("a kept filter is drawn dimmed after its label, with no cursor")
    func kept() {
        let buffer = CellBuffer(size: Size(width: 20, height: 1))
        PromptLine.drawKept("bar", label: "/", in: buffer, line: Rect(x: 0, y: 0, width: 20, height: 1),
                            theme: Self.theme)
        #expect(buffer.text() == "/ bar")
        #expect(buffer.cursor == nil)
    }
}
