/// Text from another machine, made safe to draw in a terminal.
public enum UntrustedText {
    /// `text` with control characters (escape sequences included) replaced by U+FFFD, or nil when it is
    /// longer than `maxLength` characters, so a hostile answer can neither drive the terminal nor flood it.
    public static func clean(_ text: String, maxLength: Int = 1_000) -> String? {
        // Checking the UTF-8 size first keeps a 10 MB string from being walked character by character.
        if text.utf8.count > maxLength * 4 { return nil }
        guard text.count <= maxLength else { return nil }
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            scalars.append(isControl(scalar) ? "\u{FFFD}" : scalar)
        }
        return String(scalars)
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
            || scalar.value == 0x2028 || scalar.value == 0x2029 || (0x202A...0x202E).contains(scalar.value)
            || (0x2066...0x2069).contains(scalar.value)
    }
}
