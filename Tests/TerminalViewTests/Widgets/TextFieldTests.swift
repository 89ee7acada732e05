import Testing
@testable import TerminalView

struct TextFieldTests {
    private func typed(_ text: String) -> TextFieldState {
        var field = TextFieldState()
        for c in text { _ = field.handle(.character(c)) }
        return field
    }

    @Test func editsLikeReadline() {
        var field = typed("Anna Beck")
        _ = field.handle(.control("w"))
        #expect(field.text == "Anna ")
        _ = field.handle(.control("a"))
        _ = field.handle(.character(">"))
        #expect(field.text == ">Anna " && field.cursor == 1)
        _ = field.handle(.control("e"))
        _ = field.handle(.backspace)
        #expect(field.text == ">Anna")
        _ = field.handle(.left)
        _ = field.handle(.left)
        _ = field.handle(.delete)
        #expect(field.text == ">Ana")
        _ = field.handle(.control("u"))
        #expect(field.text == "a" && field.cursor == 0)
        _ = field.handle(.control("k"))
        #expect(field.text.isEmpty)
    }

    @Test func acceptsWideAndCombiningInputAndRefusesControls() {
        var field = typed("東京")
        _ = field.handle(.character("e"))
        _ = field.handle(.character("\u{301}"))
        #expect(field.text == "東京é" || field.text == "東京e\u{301}")
        #expect(field.cursor == 3)
        _ = field.handle(.character("\u{1B}"))
        #expect(field.text.unicodeScalars.allSatisfy { $0.value != 0x1B })
        var pasted = TextFieldState(text: "a\u{1B}[31mb")
        #expect(pasted.text == "a[31mb")
        pasted.setText("x\ny")
        #expect(pasted.text == "xy")
    }

    @Test func scrollsToKeepTheCursorVisible() {
        var field = typed("abcdefghijklmnop")
        let buffer = CellBuffer(size: Size(width: 6, height: 1))
        let cursor = field.draw(in: buffer, rect: Rect(x: 0, y: 0, width: 6, height: 1), style: .plain)
        #expect(buffer.text() == "lmnop")
        #expect(cursor == Point(x: 5, y: 0))
        _ = field.handle(.home)
        let start = field.draw(in: buffer, rect: Rect(x: 0, y: 0, width: 6, height: 1), style: .plain)
        #expect(buffer.text() == "abcdef")
        #expect(start == Point(x: 0, y: 0))
    }
}
