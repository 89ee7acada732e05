import NearbyCore

/// Text from outside (a service, a file) made safe to show on one terminal line, and counts as people read them.
public enum DisplayText {
    /// Replaces control characters (escape sequences, newlines, tabs) so hostile text cannot drive the terminal,
    /// and drops invisible characters that join nothing (a zero-width space, a stray joiner; see
    /// `InvisibleCharacters`), which some terminals draw as a cell and others not.
    public static func oneLine(_ text: String) -> String {
        let text = InvisibleCharacters.stripped(text)
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if scalar == "\n" || scalar == "\r" || scalar == "\t" {
                scalars.append(" ")
            } else if isControl(scalar) {
                scalars.append("\u{FFFD}")
            } else {
                scalars.append(scalar)
            }
        }
        return String(scalars)
    }

    /// "1,234": grouped with commas whatever the locale, like the rest of the app's text.
    public static func count(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var grouped = ""
        for (offset, digit) in digits.enumerated() {
            if offset > 0, (digits.count - offset) % 3 == 0 { grouped.append(",") }
            grouped.append(digit)
        }
        return value < 0 ? "-" + grouped : grouped
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }
}
