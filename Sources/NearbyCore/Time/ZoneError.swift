/// Why a time zone could not be loaded.
public enum ZoneError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No zone of that name in the zone database.
    case unknownZone(String)
    /// The zone file exists but is not a TZif file we can read.
    case malformed(String, reason: String)

    public var description: String {
        switch self {
        case .unknownZone(let name):
            "no time zone named \(name) (see /usr/share/zoneinfo)"
        case .malformed(let name, let reason):
            "the zone file of \(name) cannot be read: \(reason)"
        }
    }
}
