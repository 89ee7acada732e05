/// One terminal cell: a base character with any combining marks, its width, and its style.
public struct Cell: Hashable, Sendable {
    /// The scalars drawn here: one base of width 1 or 2 plus zero-width marks; "" for the right half of a wide one.
    public var text: String
    public var style: Style
    /// 1, 2 for a wide character's left half, 0 for its right half.
    public var width: UInt8

    public init(text: String, style: Style, width: UInt8) {
        self.text = text
        self.style = style
        self.width = width
    }

    public static func blank(_ style: Style = .plain) -> Cell { Cell(text: " ", style: style, width: 1) }

    /// The right half of a wide character.
    public var isContinuation: Bool { width == 0 }
}
