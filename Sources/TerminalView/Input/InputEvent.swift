/// A key as the app sees it, decoded by the backend.
public enum Key: Hashable, Sendable {
    case character(Character)
    case up, down, left, right
    case home, end, pageUp, pageDown
    case enter, escape, backspace, delete, tab, backTab, insert
    case function(Int)
    /// ctrl plus a letter, lowercase ("ctrl-z" is `.control("z")`).
    case control(Character)

    /// The short name a hint shows ("↑", "PgDn", "ctrl-c", "q").
    public var label: String {
        switch self {
        case .character(" "): "space"
        case .character(let c): String(c)
        case .up: "↑"
        case .down: "↓"
        case .left: "←"
        case .right: "→"
        case .home: "Home"
        case .end: "End"
        case .pageUp: "PgUp"
        case .pageDown: "PgDn"
        case .enter: "enter"
        case .escape: "esc"
        case .backspace: "bksp"
        case .delete: "del"
        case .tab: "tab"
        case .backTab: "shift-tab"
        case .insert: "ins"
        case .function(let n): "F\(n)"
        case .control(let c): "ctrl-\(c)"
        }
    }
}

/// A mouse action at a cell.
public struct MouseEvent: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        case press, click, doubleClick, wheelUp, wheelDown
    }

    public var kind: Kind
    public var point: Point

    public init(kind: Kind, point: Point) {
        self.kind = kind
        self.point = point
    }
}

/// What the run loop hands the application.
public enum InputEvent: Hashable, Sendable {
    case key(Key)
    case mouse(MouseEvent)
    /// Text pasted or typed faster than keys: delivered as keys by the backend; kept for completeness.
    case resize(Size)
}
