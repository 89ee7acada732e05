import TerminalText

/// What a form shows for one field.
public struct FormFieldDisplay: Sendable {
    public var label: String
    public var state: TextFieldState
    /// Why the value is refused, shown beside the field.
    public var message: String?
    public var placeholder: String?

    public init(label: String, state: TextFieldState, message: String? = nil, placeholder: String? = nil) {
        self.label = label
        self.state = state
        self.message = message
        self.placeholder = placeholder
    }
}

/// A column of labelled one-line fields with their validation messages, and which one has focus.
public enum FormView {
    /// Moves focus for Tab/Shift-Tab/↑/↓; returns whether the key was one.
    public static func moveFocus(_ key: Key, focus: inout Int, count: Int) -> Bool {
        guard count > 0 else { return false }
        switch key {
        case .tab, .down: focus = (focus + 1) % count
        case .backTab, .up: focus = (focus - 1 + count) % count
        default: return false
        }
        return true
    }

    /// Draws the fields from the top of `rect`, two rows each (field, then message) when there is room;
    /// returns the cursor of the focused field.
    @discardableResult
    public static func draw(in buffer: CellBuffer, rect: Rect, fields: inout [FormFieldDisplay], focus: Int,
                            theme: Theme) -> Point? {
        let labelWidth = min(max(8, (fields.map { DisplayWidth.of($0.label) }.max() ?? 0) + 2), rect.width / 3)
        let rowsPerField = rect.height >= fields.count * 2 ? 2 : 1
        var cursor: Point?
        for index in fields.indices {
            let y = rect.y + index * rowsPerField
            guard y < rect.maxY else { break }
            let focused = index == focus
            let labelRect = Rect(x: rect.x, y: y, width: labelWidth, height: 1)
            buffer.write((focused ? "›" : " ") + fields[index].label, in: labelRect,
                         style: focused ? theme.accent : theme.fieldLabel)
            let fieldX = rect.x + labelWidth
            var fieldWidth = rect.width - labelWidth
            let message = fields[index].message
            if rowsPerField == 1, let message {
                // Narrow: the message shares the row, to the right.
                let messageWidth = min(DisplayWidth.of(message) + 2, fieldWidth / 2)
                fieldWidth -= messageWidth
                buffer.write(" " + message, in: Rect(x: fieldX + fieldWidth, y: y, width: messageWidth, height: 1),
                             style: theme.error)
            }
            let fieldRect = Rect(x: fieldX, y: y, width: max(1, fieldWidth), height: 1)
            let point = fields[index].state.draw(in: buffer, rect: fieldRect,
                                                 style: focused ? theme.fieldFocused : theme.fieldText,
                                                 placeholder: fields[index].placeholder,
                                                 placeholderStyle: (focused ? theme.fieldFocused : theme.fieldText)
                                                    .adding(.dim))
            if focused { cursor = point }
            if rowsPerField == 2, let message, y + 1 < rect.maxY {
                buffer.write("✗ " + message, in: Rect(x: fieldX, y: y + 1, width: fieldWidth, height: 1),
                             style: theme.error)
            }
        }
        return cursor
    }
}
