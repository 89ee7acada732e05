/// Coordinates as people type and read them: "47.141,9.5209" in, "47.14100, 9.52090" out.
public enum CoordinateText {
    /// Whether `text` is meant as LAT,LON: two parts of digits and number signs, valid or not.
    public static func looksLikeCoordinate(_ text: String) -> Bool {
        let parts = pair(text).split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2 else { return false }
        return parts.allSatisfy { part in
            part.contains(where: \.isNumber)
                && part.unicodeScalars.allSatisfy { "0123456789.+-eE \t".unicodeScalars.contains($0) }
        }
    }

    /// `text` as "LAT,LON" when it is written another way people paste a position: a `geo:` URI (its
    /// altitude and `;u=` or `?q=` parameters dropped) or two numbers apart ("47.141 9.5209"). Anything else
    /// comes back as it was.
    public static func pair(_ text: String) -> String {
        var body = Substring(text.trimmingBlanks())
        if body.count > 4, body.prefix(4).lowercased() == "geo:" {
            body = body.dropFirst(4)
            if let end = body.firstIndex(where: { $0 == ";" || $0 == "?" }) { body = body[..<end] }
            let parts = body.split(separator: ",", omittingEmptySubsequences: false)
            guard parts.count == 2 || parts.count == 3 else { return text }
            return parts[0] + "," + parts[1]
        }
        guard !body.contains(",") else { return text }
        let words = body.split(whereSeparator: { $0 == " " || $0 == "\t" })
        guard words.count == 2, words.allSatisfy({ Double($0) != nil }) else { return text }
        return words[0] + "," + words[1]
    }

    /// Why `text`, meant as LAT,LON, is not a coordinate; nil when it is one or is not meant as one (a name).
    public static func problem(in text: String) -> String? {
        let trimmed = text.trimmingBlanks()
        guard looksLikeCoordinate(trimmed), Coordinate(parsing: trimmed) == nil else { return nil }
        let parts = pair(trimmed).split(separator: ",", omittingEmptySubsequences: false)
        if parts.allSatisfy({ Double($0.trimmingBlanks()) != nil }) {
            return "latitude must be within -90…90 and longitude within -180…180, not \(trimmed)."
        }
        return "write LAT,LON as two decimal numbers, e.g. 47.141,9.5209, not \(trimmed)."
    }

    /// "47.14100, 9.52090": five decimals, about a metre.
    public static func format(_ coordinate: Coordinate, digits: Int = 5, separator: String = ", ") -> String {
        NumberText.fixed(coordinate.latitude, digits: digits) + separator
            + NumberText.fixed(coordinate.longitude, digits: digits)
    }
}
