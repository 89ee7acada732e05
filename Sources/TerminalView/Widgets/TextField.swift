/// The text and cursor of a one-line field. Edits follow readline: ctrl-a/e, ctrl-u/k/w.
public struct TextFieldState: Hashable, Sendable {
    public private(set) var text: String
    /// The cursor, in characters from the start.
    public private(set) var cursor: Int
    /// The first character shown when the text is wider than the field.
    public private(set) var scroll = 0
    public var maxLength: Int

    public init(text: String = "", maxLength: Int = 200) {
        let clean = TextFieldState.clean(text)
        self.text = clean
        self.cursor = clean.count
        self.maxLength = maxLength
    }

    /// Replaces the whole text, cursor at the end.
    public mutating func setText(_ newText: String) {
        text = TextFieldState.clean(newText)
        cursor = text.count
        scroll = 0
    }

    /// Applies an editing key; returns whether the key was one (changed or not).
    public mutating func handle(_ key: Key) -> Bool {
        var chars = Array(text)
        switch key {
        case .left: cursor = max(0, cursor - 1)
        case .right: cursor = min(chars.count, cursor + 1)
        case .home, .control("a"): cursor = 0
        case .end, .control("e"): cursor = chars.count
        case .backspace, .control("h"):
            guard cursor > 0 else { return true }
            chars.remove(at: cursor - 1)
            cursor -= 1
            text = String(chars)
        case .delete, .control("d"):
            guard cursor < chars.count else { return true }
            chars.remove(at: cursor)
            text = String(chars)
        case .control("u"):
            chars.removeSubrange(0..<cursor)
            cursor = 0
            text = String(chars)
        case .control("k"):
            chars.removeSubrange(cursor..<chars.count)
            text = String(chars)
        case .control("w"):
            var start = cursor
            while start > 0, chars[start - 1] == " " { start -= 1 }
            while start > 0, chars[start - 1] != " " { start -= 1 }
            chars.removeSubrange(start..<cursor)
            cursor = start
            text = String(chars)
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
        let chars = Array(text)
        guard chars.count < maxLength else { return }
        let before = String(chars[..<cursor]) + String(character)
        // A combining mark merges with the character before it, so count again rather than add one.
        text = before + String(chars[cursor...])
        cursor = before.count
    }

    /// Draws the field into `rect` (one row), scrolled so the cursor shows; returns the cursor's cell.
    @discardableResult
    public mutating func draw(in buffer: CellBuffer, rect: Rect, style: Style, placeholder: String? = nil,
                              placeholderStyle: Style? = nil) -> Point {
        buffer.fill(rect.row(0), style: style)
        let chars = Array(text)
        if chars.isEmpty, let placeholder {
            buffer.write(placeholder, in: rect.row(0), style: placeholderStyle ?? style)
            return Point(x: rect.x, y: rect.y)
        }
        let width = max(1, rect.width - 1) // one column for the cursor at the end
        if cursor < scroll { scroll = cursor }
        while scroll < cursor, DisplayWidth.of(String(chars[scroll..<cursor])) > width { scroll += 1 }
        var x = rect.x
        var cursorX = rect.x
        for i in scroll..<chars.count {
            if i == cursor { cursorX = x }
            let w = DisplayWidth.of(chars[i])
            if x + w > rect.maxX { break }
            x += buffer.write(String(chars[i]), at: Point(x: x, y: rect.y), style: style, clip: rect)
        }
        if cursor == chars.count { cursorX = min(x, rect.maxX - 1) }
        return Point(x: cursorX, y: rect.y)
    }

    private static func clean(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.filter { TextSanitizer.placeholder(for: $0) == nil }))
    }
}
