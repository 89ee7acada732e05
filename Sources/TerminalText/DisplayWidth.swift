/// Column widths the way terminals count them: `wcwidth` per scalar, after `EmojiFold`.
///
/// CJK and emoji take two columns; combining marks, format characters and variation selectors none. A string
/// or character is measured as the cell buffer draws it: its emoji sequences folded (`EmojiFold`), so a family
/// emoji is two columns, as it is on screen, not the eight its scalars add up to.
public enum DisplayWidth {
    /// Columns one scalar takes: 0, 1 or 2. Control characters count as 0 here; they are never drawn raw.
    /// Inlinable, with the ranges known ahead: the cell writer of another module asks it for every scalar.
    @inlinable
    public static func of(_ scalar: Unicode.Scalar) -> Int {
        let v = scalar.value
        if v < 0x7F { return v >= 0x20 ? 1 : 0 }
        if v < 0xA0 { return 0 }
        if v < 0x300 { return v == 0xAD ? 1 : 1 }
        // Punctuation, arrows and box drawing that rows and titles use (’ “ ” — … · ↑ ↓ │): one column, and no
        // lookup in the Unicode tables. `DisplayWidthTests` checks these ranges against the tables.
        if isKnownOneColumn(v) { return 1 }
        return measured(scalar)
    }

    /// Scalars that are neither marks, format characters, wide nor emoji.
    @inlinable @inline(__always)
    static func isKnownOneColumn(_ v: UInt32) -> Bool {
        switch v {
        case 0x2010...0x2027, 0x2030...0x205E, 0x2190...0x21FF, 0x2500...0x25FC: true
        default: false
        }
    }

    /// The width from the Unicode tables, for scalars outside the ranges known ahead.
    @usableFromInline
    static func measured(_ scalar: Unicode.Scalar) -> Int {
        let v = scalar.value
        if isZeroWidth(scalar) { return 0 }
        if isWide(v) || scalar.properties.isEmojiPresentation { return 2 }
        return 1
    }

    /// Columns a string takes once drawn.
    public static func of(_ text: String) -> Int {
        of(text.unicodeScalars)
    }

    /// Columns a character (grapheme) takes once drawn: the sum of the scalars its fold keeps.
    public static func of(_ character: Character) -> Int {
        of(character.unicodeScalars)
    }

    private static func of(_ scalars: some Sequence<Unicode.Scalar>) -> Int {
        var fold = EmojiFold()
        var total = 0
        for scalar in scalars {
            if let kept = fold.fold(scalar) { total += of(kept) }
        }
        return total
    }

    static func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        if (0xFE00...0xFE0F).contains(v) || (0xE0100...0xE01EF).contains(v) { return true } // variation selectors
        if v == 0x200B || v == 0x200C || v == 0x200D || v == 0x2060 || v == 0xFEFF { return true }
        if (0x1160...0x11FF).contains(v) { return true } // Hangul medial vowels and finals join the syllable
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return true
        default: return false
        }
    }

    /// East Asian wide scalars. The pictographs from U+1F300 on are not listed: they are wide where they are
    /// emoji by default (`measured` asks), and the text-style ones among them are one column in glibc and tmux
    /// (🏳, the first scalar of the rainbow flag), as `DisplayWidthTests` checks against glibc.
    static func isWide(_ v: UInt32) -> Bool {
        switch v {
        case 0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x23E9...0x23EC, 0x23F0, 0x23F3,
             0x25FD...0x25FE, 0x2614...0x2615, 0x2648...0x2653, 0x267F, 0x2693, 0x26A1, 0x26AA...0x26AB,
             0x26BD...0x26BE, 0x26C4...0x26C5, 0x26CE, 0x26D4, 0x26EA, 0x26F2...0x26F3, 0x26F5, 0x26FA,
             0x26FD, 0x2705, 0x270A...0x270B, 0x2728, 0x274C, 0x274E, 0x2753...0x2755, 0x2757,
             0x2795...0x2797, 0x27B0, 0x27BF, 0x2B1B...0x2B1C, 0x2B50, 0x2B55,
             0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
             0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F,
             0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x16FE0...0x16FE4, 0x17000...0x18CFF, 0x1B000...0x1B2FF,
             0x1F004, 0x1F0CF, 0x1F18E, 0x1F191...0x1F19A, 0x1F200...0x1F251, 0x1F260...0x1F265,
             0x1F7E0...0x1F7EB, 0x20000...0x2FFFD, 0x30000...0x3FFFD:
            return true
        default:
            return false
        }
    }
}
