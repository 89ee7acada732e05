import Testing
@testable import TerminalView

struct TextFieldTests {
    private func typed(_ text: String) -> TextFieldState {
        var field = TextFieldState()
        for c in text { _ = field.handle(.character(c)) }
        return field
    }

    /// The table the help lists is the keys `handle` takes: every one acts on a text with room either side.
    @MainActor
    @Test func everyEditingKeyListedIsOneTheFieldTakes() {
        let keys = TextFieldState.editingKeys.bindings.flatMap(\.keys)
        #expect(keys.count == 11)
        for key in keys {
            var field = typed("Anna Beck")
            _ = field.handle(.left)
            _ = field.handle(.left)
            let before = field
            let taken = field.handle(key)
            #expect(taken, "\(key.label) is listed but not taken")
            #expect(field != before, "\(key.label) is listed but did nothing")
        }
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

    /// A stored value far longer than anything typed (200,000 characters): it shows, the cursor reaches its
    /// end, and it can be shortened and typed anew. Typing stops at the field's limit.
    @Test func aVeryLongTextDrawsAroundTheCursorAndEditsAtItsEnd() {
        var field = TextFieldState(text: String(repeating: "L", count: 200_000), maxLength: 100)
        let buffer = CellBuffer(size: Size(width: 20, height: 1))
        let rect = Rect(x: 0, y: 0, width: 20, height: 1)
        field.draw(in: buffer, rect: rect, style: .plain)
        #expect(buffer.text() == String(repeating: "L", count: 19))
        _ = field.handle(.character("x"))
        #expect(field.text.count == 200_000, "nothing typed beyond the limit")
        _ = field.handle(.backspace)
        #expect(field.text.count == 199_999 && field.cursor == 199_999)
        _ = field.handle(.home)
        field.draw(in: buffer, rect: rect, style: .plain)
        #expect(field.scroll == 0)
        _ = field.handle(.end)
        field.draw(in: buffer, rect: rect, style: .plain)
        _ = field.handle(.control("u"))
        #expect(field.text.isEmpty && field.cursor == 0)
        // Drawn empty (the placeholder), then typed into: what is typed shows from the field's start.
        field.draw(in: buffer, rect: rect, style: .plain, placeholder: "optional")
        for character in "Vaduz" { _ = field.handle(.character(character)) }
        field.draw(in: buffer, rect: rect, style: .plain)
        #expect(field.text == "Vaduz")
        #expect(buffer.text() == "Vaduz")
    }

    @Test func deletingTheEndOfAScrolledTextBringsBackWhatWasHidden() {
        var field = typed("abcdefghijklmnop")
        let buffer = CellBuffer(size: Size(width: 6, height: 1))
        let rect = Rect(x: 0, y: 0, width: 6, height: 1)
        field.draw(in: buffer, rect: rect, style: .plain)
        #expect(buffer.text() == "lmnop")
        for _ in 0..<11 { _ = field.handle(.backspace) }
        field.draw(in: buffer, rect: rect, style: .plain)
        #expect(buffer.text() == "abcde")
    }
}
