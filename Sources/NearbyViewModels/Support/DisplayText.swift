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

    /// `text` without spaces and tabs at either end (newlines too, with `newlines`).
    public static func trimmed(_ text: String, newlines: Bool = false) -> String {
        func isBlank(_ c: Character) -> Bool { c == " " || c == "\t" || (newlines && c.isNewline) || c == "\u{A0}" }
        guard let first = text.firstIndex(where: { !isBlank($0) }),
              let last = text.lastIndex(where: { !isBlank($0) }) else { return "" }
        return String(text[first...last])
    }

    /// `value` with exactly `places` decimals ("47.14100"), rounded half away from zero, in every locale.
    public static func decimal(_ value: Double, places: Int) -> String {
        guard value.isFinite else { return value.isNaN ? "nan" : (value < 0 ? "-inf" : "inf") }
        var scale = 1.0
        for _ in 0..<max(0, places) { scale *= 10 }
        let scaled = (abs(value) * scale).rounded()
        guard scaled < 9e15 else { return String(value) }
        let units = UInt64(scaled)
        let whole = units / UInt64(scale)
        var text = (value < 0 && units > 0 ? "-" : "") + String(whole)
        if places > 0 {
            let fraction = String(units % UInt64(scale))
            text += "." + String(repeating: "0", count: places - fraction.count) + fraction
        }
        return text
    }

    /// `value` with at least `digits` digits, zeros in front ("07").
    public static func zeroPadded(_ value: Int, digits: Int) -> String {
        let text = String(value.magnitude)
        return (value < 0 ? "-" : "") + String(repeating: "0", count: max(0, digits - text.count)) + text
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }
}
