/// What looking a place name up found: one town, several, none, or no answer.
public enum PlaceNameLookup: Hashable, Sendable {
    /// One town (or one town's entries close together): its name as the data spells it, and where it is.
    case found(name: String, coordinate: Coordinate)
    /// Several towns of that name far apart; the user must say which.
    case ambiguous([Locality])
    /// No town of that name in the data.
    case unknown
    /// No town of that name, but these are close to it (a typo): "did you mean …?".
    case misspelt(suggestions: [String])
    /// The lookup failed (the store could not be read); the detail is a sentence.
    case unavailable(String)
}

/// Looks up a place name typed for a friend, in the same gazetteer as `--near`, so a friend located by a
/// town's name gets a distance.
public protocol PlaceNameResolver: Sendable {
    func lookUp(_ name: String) async -> PlaceNameLookup
}

extension PlaceNameLookup {
    /// "“Triesen” could mean Triesen (village) or Triesen (hamlet)": the message beside the field, or nil
    /// when the lookup found one town.
    public func problem(for name: String) -> String? {
        switch self {
        case .found:
            return nil
        case .ambiguous(let candidates):
            let list = candidates.prefix(3).map { "\($0.name) (\($0.kind.rawValue), "
                + CoordinateText.format($0.coordinate, digits: 3) + ")" }
            let more = candidates.count > 3 ? " and \(candidates.count - 3) more" : ""
            return "“\(name)” could mean \(list.joined(separator: "; "))\(more): type LAT, LON"
        case .unknown:
            return "No town called “\(name)” in the data: the friend gets no distance (type LAT, LON to give one)"
        case .misspelt(let suggestions):
            return "No town called “\(name)” in the data. Did you mean \(Self.quotedList(suggestions))?"
        case .unavailable(let reason):
            return "The place could not be looked up (\(reason))"
        }
    }

    /// "“Vaduz” or “Vaduz Bergwerk”".
    public static func quotedList(_ names: [String]) -> String {
        names.map { "“\($0)”" }.joined(separator: " or ")
    }
}
