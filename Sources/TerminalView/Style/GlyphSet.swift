import TerminalText

/// The marks the app draws itself (★, arrows, …, ·, —, ✓, ✗, box lines, map dots, the spinner), as the
/// terminal can show them: Unicode, or ASCII on a text console or under a locale that is not UTF-8.
///
/// Chosen once when the terminal session starts and carried by the `Theme`. Screens and view models write the
/// Unicode marks. On an ASCII terminal the backend sends each of them as an ASCII character of the same width
/// (`fold`), so a frame's layout does not depend on the set. Where a widget has to draw differently (braille map
/// dots, the spinner's frames), it asks `theme.glyphs`.
public enum GlyphSet: Sendable, Hashable {
    case unicode, ascii

    /// ASCII on the Linux and BSD consoles and hardware-like terminals, whose fonts have no braille, stars or
    /// rounded corners, and under a user's locale that is not UTF-8 (`LANG=C` included: the session switches
    /// only the character type to UTF-8, to write names like "Café").
    public static func detect(term: String?, localeIsUTF8: Bool) -> GlyphSet {
        guard localeIsUTF8 else { return .ascii }
        let name = term ?? ""
        if name == "linux" || name.hasPrefix("linux-") || name.hasPrefix("vt") || name.hasPrefix("cons25")
            || name == "dumb" {
            return .ascii
        }
        return .unicode
    }

    /// What the terminal is sent for `scalar`: itself in Unicode; in ASCII, an app's mark as an ASCII
    /// character of the same width (one column), anything else as it is.
    @inline(__always)
    public func fold(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        guard self == .ascii, scalar.value >= 0xA0 else { return scalar }
        return Self.asciiMarks(scalar) ?? scalar
    }

    /// `text` as the terminal is sent it.
    public func fold(_ text: String) -> String {
        guard self == .ascii else { return text }
        return String(String.UnicodeScalarView(text.unicodeScalars.map { fold($0) }))
    }

    /// The ASCII stand-in of each mark the app draws, or nil for a scalar that is not one.
    private static func asciiMarks(_ scalar: Unicode.Scalar) -> Unicode.Scalar? {
        switch scalar.value {
        case 0xB7: "-" // · between the parts of a header or a row
        case 0xB1: "~" // ± of a GPS fix's accuracy
        case 0xD7: "x"
        case 0x2010...0x2015: "-" // hyphens, – of "09:00–17:00", — of a remark
        case 0x2018, 0x2019: "'"
        case 0x201C, 0x201D, 0x201E: "\""
        case 0x2026: "~" // … that ends cut text, as tig marks it
        case 0x2039: "<"
        case 0x203A: ">"
        case 0x2190: "<"
        case 0x2191: "^"
        case 0x2192: ">"
        case 0x2193: "v"
        case 0x2400...0x2426, 0x23CE, 0xFFFD: "?" // `TextSanitizer`'s stand-ins for control characters
        case 0x24D8: "i" // ⓘ before a note
        case 0x2500, 0x2501, 0x254C, 0x254D: "-"
        case 0x2502, 0x2503, 0x251C, 0x2524, 0x258F: "|"
        case 0x250C, 0x2510, 0x2514, 0x2518, 0x253C, 0x256D...0x2570: "+"
        case 0x2580: "'" // map dots in the top half of a cell
        case 0x2584: "." // … the bottom half
        case 0x2588: ":" // … both
        case 0x25C6: "X" // ◆ the place on a map
        case 0x2605, 0x2606: "*" // ★ a favourite, a rating
        case 0x263A: "o" // ☺ a friend on a map
        case 0x2713, 0x2714: "v" // ✓ saved
        case 0x2717, 0x2718: "x" // ✗ failed, a field to fill in
        default: nil
        }
    }
}
