/// How distances are written: kilometres and metres, or miles and feet.
public enum UnitSystem: String, Hashable, Sendable, Codable, CaseIterable {
    case metric, imperial
}

/// The eight points of the compass a list row shows beside a distance.
public enum CompassPoint: String, Hashable, Sendable, CaseIterable {
    case north = "N", northEast = "NE", east = "E", southEast = "SE"
    case south = "S", southWest = "SW", west = "W", northWest = "NW"

    /// The nearest point to a bearing in degrees clockwise from north (any real value; nil when not finite).
    public init?(bearing: Double) {
        guard bearing.isFinite else { return nil }
        let normalized = bearing.truncatingRemainder(dividingBy: 360) + (bearing < 0 ? 360 : 0)
        let index = Int((normalized + 22.5) / 45) % 8
        self = CompassPoint.allCases[index]
    }

    /// "NE".
    public var abbreviation: String { rawValue }
}

/// Distance texts for list rows and cards ("120 m NE", "1.4 km SW", "0.3 mi"). Pure functions.
public enum DistanceFormatting {
    private static let metresPerFoot = 0.3048
    private static let metresPerMile = 1609.344

    /// Below this many feet a distance is written in feet: "620 ft" says more than "0.1 mi".
    static let feetLimit = 1_000.0

    /// "120 m", "1.4 km", "12 km"; "450 ft", "0.3 mi", "12 mi". "?" when the distance is not a real length.
    public static func distance(_ metres: Double, units: UnitSystem) -> String {
        // Past a hundred thousand kilometres it is no distance on earth, and would overflow `Int`.
        guard metres.isFinite, metres >= 0, metres < 1e8 else { return "?" }
        switch units {
        case .metric:
            let rounded = (metres / 10).rounded() * 10
            if rounded < 1000 { return "\(Int(rounded)) m" }
            return largeUnit(metres / 1000, name: "km")
        case .imperial:
            let feet = (metres / metresPerFoot / 10).rounded() * 10
            if feet < feetLimit { return "\(Int(feet)) ft" }
            return largeUnit(metres / metresPerMile, name: "mi")
        }
    }

    /// "120 m NE"; the distance alone when the bearing is not a real angle; "here" for what is on the spot
    /// (closer than rounding to 10 m or 10 ft keeps apart: "0 m N" pointed nowhere).
    public static func distance(_ metres: Double, bearing: Double, units: UnitSystem) -> String {
        let text = distance(metres, units: units)
        if metres.isFinite, metres >= 0, text == "0 m" || text == "0 ft" { return "here" }
        guard let point = CompassPoint(bearing: bearing) else { return text }
        return text + " " + point.abbreviation
    }

    /// A radius as a sentence says it: "2 km", "500 m", "1.5 km", "5 mi" (no needless ".0").
    /// Short radii are said to the metre or foot, not to the nearest ten: `--radius 1.5` is "2 m", not "0 m".
    public static func radius(_ metres: Double, units: UnitSystem) -> String {
        if metres.isFinite, metres > 0 {
            switch units {
            case .metric where metres < 995:
                return "\(max(1, Int(metres.rounded()))) m"
            case .imperial where metres / metresPerFoot < feetLimit - 5:
                return "\(max(1, Int((metres / metresPerFoot).rounded()))) ft"
            default: break
            }
        }
        return distance(metres, units: units).replacing(".0 ", with: " ")
    }

    /// One decimal under 10 ("1.4 km", "0.3 mi"), whole numbers from 10 on ("12 km").
    private static func largeUnit(_ value: Double, name: String) -> String {
        let tenths = (value * 10).rounded()
        if tenths < 100 {
            return "\(Int(tenths) / 10).\(Int(tenths) % 10) \(name)"
        }
        return "\(NumberText.grouped(Int(value.rounded()))) \(name)"
    }
}
