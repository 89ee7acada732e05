import TerminalText

/// The text and cursor of a one-line field. Edits follow readline: ctrl-a/e, ctrl-u/k/w.
///
/// The characters are kept split, so a key costs one pass over the text and drawing costs the field's width,
/// however long the text is (a stored value may be far longer than anything typed).
public struct TextFieldState: Hashable, Sendable {
    public private(set) var text: String
    /// `text` as characters (graphemes), which the cursor counts.
    private var characters: [Character]
    /// The cursor, in characters from the start.
    public private(set) var cursor: Int
    /// The first character shown when the text is wider than the field.
    public private(set) var scroll = 0
    /// Typing and pasting stop at this many characters; a longer text set in code is kept whole.
    public var maxLength: Int

    public init(text: String = "", maxLength: Int = 200) {
        self.text = TextFieldState.clean(text)
        characters = Array(self.text)
        cursor = characters.count
        self.maxLength = maxLength
    }

    /// Replaces the whole text, cursor at the end.
    public mutating func setText(_ newText: String) {
        text = TextFieldState.clean(newText)
        characters = Array(text)
        cursor = characters.count
        scroll = 0
    }

    /// What the editing keys do, as the help overlay groups them.
    public enum Editing: Sendable { case move, delete }

    /// The editing keys `handle` takes (typed characters aside), for the help of a screen with fields.
    @MainActor
    public static let editingKeys = KeyMap<Editing>(title: "Editing", [
        KeyBinding([.left, .right, .control("a"), .control("e"), .home, .end], "move in the field", action: .move,
                   inFooter: false),
        KeyBinding([.backspace, .delete, .control("u"), .control("k"), .control("w")], "delete", action: .delete,
                   inFooter: false),
    ])

    /// Applies an editing key; returns whether the key was one (changed or not).
    public mutating func handle(_ key: Key) -> Bool {
        switch key {
        case .left: cursor = max(0, cursor - 1)
        case .right: cursor = min(characters.count, cursor + 1)
        case .home, .control("a"): cursor = 0
        case .end, .control("e"): cursor = characters.count
        case .backspace, .control("h"):
            guard cursor > 0 else { return true }
            replace(cursor - 1..<cursor, with: "")
        case .delete, .control("d"):
            guard cursor < characters.count else { return true }
            replace(cursor..<cursor + 1, with: "")
        case .control("u"):
            replace(0..<cursor, with: "")
        case .control("k"):
            replace(cursor..<characters.count, with: "")
        case .control("w"):
            var start = cursor
            while start > 0, characters[start - 1] == " " { start -= 1 }
            while start > 0, characters[start - 1] != " " { start -= 1 }
            replace(start..<cursor, with: "")
        case .character(let c):
            insert(c)
        default:
            return false
        }
        return true
    }

    /// Inserts typed or pasted text at the cursor. Control characters are dropped.
    public mutating func insert(_ character: Character) {
        guard !character.unicodeScalars.contains(where: { TextSanitizer.placeholder(for: $0) != nil }) else { return }
        guard characters.count < maxLength else { return }
        replace(cursor..<cursor, with: String(character))
    }

    /// Replaces a range of characters and puts the cursor after the replacement. The text is joined again
    /// and split again: a combining mark merges with the character before it, so counts are taken, not added.
    private mutating func replace(_ range: Range<Int>, with replacement: String) {
        var before = String(characters[..<range.lowerBound])
        before += replacement
        let after = String(characters[range.upperBound...])
        let beforeCount = before.count
        text = before + after
        characters = Array(text)
        cursor = min(beforeCount, characters.count)
    }

    /// Draws the field into `rect` (one row), scrolled so the cursor shows; returns the cursor's cell.
    /// Only the characters around the visible part are measured.
    @discardableResult
    public mutating func draw(in buffer: CellBuffer, rect: Rect, style: Style, placeholder: String? = nil,
                              placeholderStyle: Style? = nil) -> Point {
        buffer.fill(rect.row(0), style: style)
        if characters.isEmpty, let placeholder {
            scroll = 0
            buffer.write(placeholder, in: rect.row(0), style: placeholderStyle ?? style)
            return Point(x: rect.x, y: rect.y)
        }
        scrollToCursor(width: max(1, rect.width - 1)) // one column for the cursor at the end
        var x = rect.x
        var cursorX = rect.x
        var index = scroll
        while index < characters.count {
            if index == cursor { cursorX = x }
            let w = DisplayWidth.of(characters[index])
            if x + w > rect.maxX { break }
            x += buffer.write(String(characters[index]), at: Point(x: x, y: rect.y), style: style, clip: rect)
            index += 1
        }
        if cursor == characters.count { cursorX = min(x, rect.maxX - 1) }
        return Point(x: cursorX, y: rect.y)
    }

    /// Moves `scroll` the least that shows the cursor, then back over hidden text while there is room on the
    /// right (after a deletion); each step measures one character, so this costs the field's width.
    private mutating func scrollToCursor(width: Int) {
        if cursor < scroll { scroll = cursor }
        var start = cursor
        var used = 0
        while start > scroll {
            let next = DisplayWidth.of(characters[start - 1])
            if used + next > width { break }
            used += next
            start -= 1
        }
        scroll = start
        // What follows the cursor shares the room, up to the width.
        var index = cursor
        while index < characters.count, used <= width {
            used += DisplayWidth.of(characters[index])
            index += 1
        }
        while scroll > 0 {
            let previous = DisplayWidth.of(characters[scroll - 1])
            if used + previous > width { break }
            used += previous
            scroll -= 1
        }
    }

    private static func clean(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.filter { TextSanitizer.placeholder(for: $0) == nil }))
    }
}
