import FoundationEssentials

/// A friend's location as typed in one field: "lat, lon", a place name, or nothing.
public enum FriendLocationInput: Hashable, Sendable {
    case none
    case coordinate(Coordinate)
    case placeName(String)

    public static let placeNameLengthRange = 1...100

    /// Reads the field; nil when `problem(in:)` has a reason.
    public init?(text: String) {
        let trimmed = text.trimmingBlanks()
        if trimmed.isEmpty {
            self = .none
        } else if Self.looksNumeric(trimmed) {
            guard let coordinate = Coordinate(parsing: trimmed) else { return nil }
            self = .coordinate(coordinate)
        } else {
            guard FriendValidation.placeNameProblem(trimmed) == nil else { return nil }
            self = .placeName(trimmed)
        }
    }

    /// The reason the field's text is refused, or nil when it is fine or empty (it is optional).
    public static func problem(in text: String) -> String? {
        let trimmed = text.trimmingBlanks()
        if trimmed.isEmpty { return nil }
        if looksNumeric(trimmed) {
            if Coordinate(parsing: trimmed) != nil { return nil }
            let parts = trimmed.split(separator: ",", omittingEmptySubsequences: false)
            if parts.count == 2, parts.allSatisfy({ Double($0.trimmingSpaces()) != nil }) {
                return "Latitude -90…90, longitude -180…180"
            }
            return "Write latitude, longitude (47.141, 9.5209)"
        }
        return FriendValidation.placeNameProblem(trimmed)
    }

    /// The field's text for a stored location: the place name when there is one, else "lat, lon" with five
    /// decimals (about a metre), as the detail shows it.
    public static func text(coordinate: Coordinate?, placeName: String?) -> String {
        if let placeName, !placeName.isEmpty { return placeName }
        if let coordinate { return CoordinateText.format(coordinate, digits: 5) }
        return ""
    }

    /// Only digits and the signs a coordinate uses: the user meant numbers, so they must parse.
    private static func looksNumeric(_ text: String) -> Bool {
        var hasDigit = false
        for scalar in text.unicodeScalars {
            if ("0"..."9").contains(scalar) { hasDigit = true; continue }
            if scalar == "." || scalar == "," || scalar == "-" || scalar == "+" || scalar == " " { continue }
            return false
        }
        return hasDigit
    }
}
