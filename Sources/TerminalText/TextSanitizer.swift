/// Makes text from data safe to draw: control characters and escape sequences become visible placeholders.
///
/// Nothing from data reaches the terminal raw: `CellBuffer` passes every string through here.
public enum TextSanitizer {
    /// The visible stand-in for a control scalar, or nil when the scalar may be drawn as it is.
    @inlinable @inline(__always)
    public static func placeholder(for scalar: Unicode.Scalar) -> Unicode.Scalar? {
        let v = scalar.value
        if v >= 0x20 && v < 0x7F { return nil }
        if v < 0x20 {
            // Control Pictures block: ␛ for ESC, ␉ for tab, ␊ for newline…
            return Unicode.Scalar(0x2400 + v)
        }
        if v == 0x7F { return "\u{2421}" } // ␡
        if v < 0xA0 { return "\u{FFFD}" } // C1 controls, including CSI 0x9B
        switch v {
        case 0x2028, 0x2029: return "\u{23CE}" // line/paragraph separators would break the row
        case 0x202A...0x202E, 0x2066...0x2069: return "\u{FFFD}" // bidi overrides reorder the row
        case 0xD800...0xDFFF: return "\u{FFFD}"
        default: return nil
        }
    }

    /// The whole string with every control scalar replaced.
    public static func sanitize(_ text: String) -> String {
        var needs = false
        for scalar in text.unicodeScalars where placeholder(for: scalar) != nil { needs = true; break }
        guard needs else { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars { out.append(placeholder(for: scalar) ?? scalar) }
        return String(out)
    }
}
