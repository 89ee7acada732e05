/// Keys by the names a config file and `nearby keys` write them with: "j", "G", "/", "down", "pgdn", "enter",
/// "esc", "space", "tab", "shift-tab", "f5", "ctrl-n".
extension Key {
    private static let named: [String: Key] = [
        "up": .up, "down": .down, "left": .left, "right": .right, "home": .home, "end": .end,
        "pgup": .pageUp, "pageup": .pageUp, "page_up": .pageUp, "pgdn": .pageDown, "pagedown": .pageDown,
        "page_down": .pageDown, "enter": .enter, "return": .enter, "esc": .escape, "escape": .escape,
        "backspace": .backspace, "bksp": .backspace, "delete": .delete, "del": .delete, "tab": .tab,
        "shift-tab": .backTab, "backtab": .backTab, "insert": .insert, "ins": .insert, "space": .character(" "),
    ]

    /// The key `name` names; nil for a name that is no key. One character stands for itself (case kept).
    public init?(name: String) {
        if name.count == 1, let character = name.first {
            guard !character.isWhitespace, character.unicodeScalars.allSatisfy({ $0.properties.generalCategory != .control })
            else { return nil }
            self = .character(character)
            return
        }
        let lower = name.lowercased()
        if let key = Self.named[lower] {
            self = key
            return
        }
        // ctrl-h, ctrl-i, ctrl-j and ctrl-m reach the app as backspace, tab and enter: no key of their own.
        if lower.hasPrefix("ctrl-"), lower.count == 6, let letter = lower.last, letter.isASCII, letter.isLetter,
           !"hijm".contains(letter) {
            self = .control(letter)
            return
        }
        // The terminals' own function keys: F1 to F12 (shifted ones arrive as other sequences, or not at all).
        if lower.hasPrefix("f"), let number = Int(lower.dropFirst()), (1...12).contains(number) {
            self = .function(number)
            return
        }
        return nil
    }

    /// The name `init(name:)` reads back: the label, in words where the label is an arrow or an abbreviation.
    public var name: String {
        switch self {
        case .up: "up"
        case .down: "down"
        case .left: "left"
        case .right: "right"
        case .home: "home"
        case .end: "end"
        case .pageUp: "pgup"
        case .pageDown: "pgdn"
        case .backspace: "backspace"
        case .delete: "delete"
        case .insert: "insert"
        case .function(let n): "f\(n)"
        default: label
        }
    }
}

/// An action a user may rebind: its name in the config file's `[keys]`, its keys and what it does.
public struct ActionKeys: Sendable, Hashable {
    /// "move_down", "sort".
    public let name: String
    public var keys: [Key]
    /// What the keys do, as help says it ("widen the radius").
    public let summary: String
    /// The config file gave this action keys of its own: hints then show its first key, not a fixed label.
    public var isRebound = false

    public init(_ name: String, _ keys: [Key], _ summary: String) {
        self.name = name
        self.keys = keys
        self.summary = summary
    }
}
