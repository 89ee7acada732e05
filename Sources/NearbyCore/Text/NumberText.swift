/// Numbers as the app writes them, without `String(format:)` (not in FoundationEssentials) and whatever
/// the locale: a full stop for decimals, commas between thousands.
public enum NumberText {
    /// "47.1410" for `fixed(47.141, digits: 4)`; rounded half away from zero. "-0.0000" is written "0.0000".
    public static func fixed(_ value: Double, digits: Int) -> String {
        let digits = max(0, min(digits, 12))
        guard value.isFinite else { return value.isNaN ? "nan" : (value < 0 ? "-inf" : "inf") }
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let scaled = (value.magnitude * scale).rounded(.toNearestOrAwayFromZero)
        // Beyond 2^53 a Double holds no fraction digits anyway.
        guard scaled < 9_007_199_254_740_992 else { return String(value) }
        let units = UInt64(scaled)
        let divisor = UInt64(scale)
        var text = String(units / divisor)
        if digits > 0 {
            let fraction = String(units % divisor)
            text += "." + String(repeating: "0", count: digits - fraction.count) + fraction
        }
        return value < 0 && units != 0 ? "-" + text : text
    }

    /// "-5", "2000", "2.5": a number as the user would have typed it (no ".0" on whole numbers).
    public static func plain(_ value: Double) -> String {
        if value.isFinite, value.rounded() == value, value.magnitude < 1e15 { return String(Int64(value)) }
        return String(value)
    }

    /// "1 place", "2 places", "1,311 places".
    public static func counted(_ value: Int, _ one: String, _ many: String) -> String {
        "\(grouped(value)) \(value == 1 ? one : many)"
    }

    /// "1,234,567".
    public static func grouped(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var grouped = ""
        grouped.reserveCapacity(digits.count + digits.count / 3)
        for (offset, digit) in digits.enumerated() {
            if offset > 0, (digits.count - offset) % 3 == 0 { grouped.append(",") }
            grouped.append(digit)
        }
        return value < 0 ? "-" + grouped : grouped
    }

    /// `text` right-aligned in `width` characters.
    public static func rightAligned(_ text: String, width: Int) -> String {
        text.count >= width ? text : String(repeating: " ", count: width - text.count) + text
    }

    /// `text` left-aligned in `width` characters.
    public static func leftAligned(_ text: String, width: Int) -> String {
        text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
    }
}
