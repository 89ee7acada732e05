/// One of the eight compass points a row shows beside a distance ("120 m NE").
public enum CompassPoint: String, CaseIterable, Hashable, Sendable {
    case north = "N", northEast = "NE", east = "E", southEast = "SE"
    case south = "S", southWest = "SW", west = "W", northWest = "NW"

    /// The point nearest to `bearing` (degrees clockwise from north; any value, wrapped).
    public init(bearing: Double) {
        guard bearing.isFinite else { self = .north; return }
        var degrees = bearing.truncatingRemainder(dividingBy: 360)
        if degrees < 0 { degrees += 360 }
        // Each point owns 45° centred on it, so N spans 337.5..<22.5.
        let index = Int((degrees + 22.5) / 45) % 8
        self = CompassPoint.allCases[index]
    }
}
