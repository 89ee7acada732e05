import FoundationEssentials

/// One line of gpsd's JSON protocol, the parts Nearby reads: VERSION, DEVICES, TPV (time-position-velocity).
public enum GPSDReport: Hashable, Sendable {
    case version(release: String)
    /// How many receivers gpsd knows of.
    case devices(count: Int)
    /// A position report; `mode` 0 or 1 means no fix.
    case position(mode: Int, latitude: Double?, longitude: Double?, accuracy: Double?)
    /// Anything else (WATCH, SKY, ERROR, …).
    case other(className: String)

    /// The report a line holds, or nil when it is not a JSON object with a `class`.
    public static func parse(_ line: String) -> GPSDReport? {
        guard let report = try? JSONDecoder().decode(Raw.self, from: Data(line.utf8)) else { return nil }
        switch report.className {
        case "VERSION":
            return .version(release: report.release ?? "?")
        case "DEVICES":
            return .devices(count: report.devices?.count ?? 0)
        case "TPV":
            // eph is gpsd's horizontal error estimate; older versions give only epx and epy.
            let accuracy = report.eph ?? zip2(report.epx, report.epy).map { ($0 * $0 + $1 * $1).squareRoot() }
            return .position(mode: report.mode ?? 0, latitude: report.lat, longitude: report.lon,
                             accuracy: accuracy.flatMap { Self.plausibleAccuracy.contains($0) ? $0 : nil })
        default:
            return .other(className: report.className)
        }
    }

    /// Error estimates a receiver can mean, in metres: beyond a thousand kilometres (1e21 has been sent) the
    /// estimate says nothing, and is treated as unknown rather than trusted or printed.
    static let plausibleAccuracy = 0.0...1_000_000.0

    /// What a report means for the app; nil for reports that change nothing.
    public var update: PositionUpdate? {
        switch self {
        case .devices(let count) where count == 0:
            return .noFix("gpsd sees no GPS receiver")
        case .position(let mode, let latitude, let longitude, let accuracy):
            guard mode >= 2, let latitude, let longitude else { return .noFix("the GPS has no fix yet") }
            let coordinate = Coordinate(latitude: latitude, longitude: longitude)
            guard coordinate.isValid else { return .noFix("the GPS reported an impossible position") }
            return .fix(GPSFix(coordinate: coordinate, accuracy: accuracy, mode: mode == 2 ? .twoD : .threeD))
        default:
            return nil
        }
    }

    private struct Raw: Decodable {
        let className: String
        let release: String?
        let devices: [Device]?
        let mode: Int?
        let lat: Double?
        let lon: Double?
        let eph: Double?
        let epx: Double?
        let epy: Double?

        struct Device: Decodable {}

        enum CodingKeys: String, CodingKey {
            case className = "class", release, devices, mode, lat, lon, eph, epx, epy
        }
    }

    private static func zip2(_ a: Double?, _ b: Double?) -> (Double, Double)? {
        guard let a, let b else { return nil }
        return (a, b)
    }
}
