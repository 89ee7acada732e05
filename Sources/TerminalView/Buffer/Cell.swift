/// One terminal cell: a base character with up to three combining marks, its width, and its style.
///
/// A cell is three plain integers (no `String`, no reference), so a frame is cleared, copied and compared as
/// flat memory: the diff of a 120x40 frame is 4,800 pairs of word compares.
public struct Cell: Hashable, Sendable {
    /// The base scalar in the low 21 bits; the width (0, 1 or 2) in bits 24–25.
    private var head: UInt32
    /// `Style.packed`.
    private var styleBits: UInt32
    /// Up to three combining marks, 21 bits each, first mark lowest; 0 where there is none.
    private var marks: UInt64

    /// How many combining marks one cell keeps; more are dropped (terminals show a few at most).
    public static let maximumMarks = 3

    public init(scalar: Unicode.Scalar, style: Style, width: UInt8) {
        self.init(scalar: scalar, packedStyle: style.packed, width: width)
    }

    /// A cell with a style already packed (the writer packs a string's style once, not per cell).
    init(scalar: Unicode.Scalar, packedStyle: UInt32, width: UInt8) {
        head = scalar.value | UInt32(width & 3) << 24
        styleBits = packedStyle
        marks = 0
    }

    /// A cell from text: its first scalar is the base, the next ones (up to three) are marks on it.
    public init(text: String, style: Style, width: UInt8) {
        var scalars = text.unicodeScalars.makeIterator()
        self.init(scalar: scalars.next() ?? " ", style: style, width: width)
        while let mark = scalars.next(), appendMark(mark) {}
    }

    public static func blank(_ style: Style = .plain) -> Cell { Cell(scalar: " ", style: style, width: 1) }

    /// The right half of a wide character: drawn by its left half, never on its own.
    public static func continuation(_ style: Style) -> Cell { Cell(scalar: " ", style: style, width: 0) }

    /// 1, 2 for a wide character's left half, 0 for its right half.
    public var width: UInt8 { UInt8(head >> 24 & 3) }

    /// The right half of a wide character.
    public var isContinuation: Bool { head >> 24 & 3 == 0 }

    public var style: Style {
        get { Style(packed: styleBits) }
        set { styleBits = newValue.packed }
    }

    /// The style as the cell stores it, for comparing without unpacking.
    var packedStyle: UInt32 { styleBits }

    /// The base character's scalar.
    public var base: Unicode.Scalar { Unicode.Scalar(head & 0x1F_FFFF) ?? " " }

    /// A plain space: one column, no marks. Its foreground never shows.
    public var isBlank: Bool { head == 0x20 | 1 << 24 && marks == 0 }

    /// How many combining marks follow the base.
    public var markCount: Int {
        marks == 0 ? 0 : (marks >> 42 != 0 ? 3 : (marks >> 21 != 0 ? 2 : 1))
    }

    /// The base (index 0) or a mark (1...markCount).
    public func scalar(at index: Int) -> Unicode.Scalar {
        guard index > 0 else { return base }
        return Unicode.Scalar(UInt32(truncatingIfNeeded: marks >> (21 * UInt64(index - 1)) & 0x1F_FFFF)) ?? " "
    }

    /// Adds a combining mark to the base; false when the cell holds as many as it can.
    @discardableResult
    public mutating func appendMark(_ mark: Unicode.Scalar) -> Bool {
        let count = markCount
        guard count < Self.maximumMarks, mark.value != 0 else { return false }
        marks |= UInt64(mark.value) << (21 * UInt64(count))
        return true
    }

    /// The cell as a terminal with `glyphs` is sent it: an app's mark in ASCII where the terminal has no Unicode
    /// marks, of the same width.
    public func folded(_ glyphs: GlyphSet) -> Cell {
        let shown = glyphs.fold(base)
        guard shown != base else { return self }
        var cell = self
        cell.head = shown.value | head & ~0x1F_FFFF
        return cell
    }

    /// The scalars drawn here: the base and its marks; "" for the right half of a wide one.
    public var text: String {
        guard !isContinuation else { return "" }
        var scalars = String.UnicodeScalarView()
        for index in 0...markCount { scalars.append(scalar(at: index)) }
        return String(scalars)
    }
}
