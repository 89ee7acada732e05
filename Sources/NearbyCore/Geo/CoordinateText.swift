/// Coordinates as people type and read them: "47.141,9.5209" in, "47.14100, 9.52090" out.
public enum CoordinateText {
    /// Whether `text` is meant as LAT,LON: two parts of digits and number signs, valid or not.
    public static func looksLikeCoordinate(_ text: String) -> Bool {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2 else { return false }
        return parts.allSatisfy { part in
            part.contains(where: \.isNumber)
                && part.unicodeScalars.allSatisfy { "0123456789.+-eE \t".unicodeScalars.contains($0) }
        }
    }

    /// Why `text`, meant as LAT,LON, is not a coordinate; nil when it is one or is not meant as one (a name).
    public static func problem(in text: String) -> String? {
        let trimmed = text.trimmingBlanks()
        guard looksLikeCoordinate(trimmed), Coordinate(parsing: trimmed) == nil else { return nil }
        let parts = trimmed.split(separator: ",", omittingEmptySubsequences: false)
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
