/// Makes text from outside (names, files) safe to print to a terminal: control characters, which could
/// move the cursor, retitle the window or hide output, are shown as visible placeholders instead.
public enum TerminalSafeText {
    /// C0 controls and DEL in caret notation (`ESC` → `^[`, `NUL` → `^@`, `DEL` → `^?`), C1 controls
    /// (U+0080–U+009F, which some terminals obey like ESC sequences) as U+FFFD.
    public static func sanitized(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x00..<0x20:
                result.append("^")
                result.append(Unicode.Scalar(UInt8(scalar.value + 0x40)))
            case 0x7F:
                result.append(contentsOf: "^?".unicodeScalars)
            case 0x80...0x9F:
                result.append("\u{FFFD}")
            default:
                result.append(scalar)
            }
        }
        return String(result)
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }
}
