import Glibc

/// A latitude/longitude pair in degrees, as far as a map drawing needs one.
public struct MapLocation: Hashable, Sendable {
    public var latitude: Double
    public var longitude: Double

    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }
}

/// How fine a map is drawn: braille gives 2×4 dots a cell, half blocks 1×2.
public enum MapGlyphs: Hashable, Sendable {
    case braille, blocks

    /// Braille where the terminal shows Unicode marks; half blocks otherwise, which an ASCII terminal is sent as
    /// `'`, `.` and `:` (`GlyphSet.fold`).
    public init(theme: Theme) {
        self = theme.glyphs == .unicode ? .braille : .blocks
    }

    /// Dots per cell, across and down. A cell is about twice as tall as wide, so both make square dots.
    public var dotsAcross: Int { self == .braille ? 2 : 1 }
    public var dotsDown: Int { self == .braille ? 4 : 2 }
}

/// Equirectangular, north up: east–west distances shrink with the cosine of the centre's latitude, so that a
/// dot covers as many metres across as down. Good for the few kilometres a terminal map shows.
public struct MapProjection: Hashable, Sendable {
    /// Metres per degree of latitude on the mean earth sphere.
    public static let metresPerDegree = 6_371_008.8 * Double.pi / 180

    public let center: MapLocation
    public let metresPerDot: Double
    /// The dot grid's size.
    public let dotColumns: Int
    public let dotRows: Int

    public init(center: MapLocation, metresPerDot: Double, dotColumns: Int, dotRows: Int) {
        self.center = center
        self.metresPerDot = metresPerDot
        self.dotColumns = dotColumns
        self.dotRows = dotRows
    }

    /// The scale that fits every point around `center` into the grid, one cell's margin kept at the edges,
    /// and never closer than `minimumSpan` metres from the centre to the nearer edge.
    public static func fitting(_ locations: [MapLocation], center: MapLocation, columns: Int, rows: Int,
                               glyphs: MapGlyphs, minimumSpan: Double) -> MapProjection {
        let dotColumns = max(1, columns * glyphs.dotsAcross), dotRows = max(1, rows * glyphs.dotsDown)
        let halfWidth = max(0.5, Double(dotColumns - 1) / 2 - Double(glyphs.dotsAcross))
        let halfHeight = max(0.5, Double(dotRows - 1) / 2 - Double(glyphs.dotsDown))
        let probe = MapProjection(center: center, metresPerDot: 1, dotColumns: dotColumns, dotRows: dotRows)
        var scale = max(minimumSpan, 1) / min(halfWidth, halfHeight)
        for location in locations {
            guard let (east, north) = probe.offset(of: location) else { continue }
            scale = max(scale, abs(east) / halfWidth, abs(north) / halfHeight)
        }
        return MapProjection(center: center, metresPerDot: scale, dotColumns: dotColumns, dotRows: dotRows)
    }

    /// Metres east and north of the centre; nil for a location that is not a real one.
    public func offset(of location: MapLocation) -> (east: Double, north: Double)? {
        guard location.latitude.isFinite, location.longitude.isFinite else { return nil }
        var degreesEast = (location.longitude - center.longitude).truncatingRemainder(dividingBy: 360)
        if degreesEast > 180 { degreesEast -= 360 }
        if degreesEast < -180 { degreesEast += 360 }
        let east = degreesEast * Self.metresPerDegree * cos(center.latitude * .pi / 180)
        let north = (location.latitude - center.latitude) * Self.metresPerDegree
        return (east, north)
    }

    /// The dot a location falls on, counted from the grid's top left; nil when it falls outside.
    public func dot(for location: MapLocation) -> (x: Int, y: Int)? {
        guard let (east, north) = offset(of: location), metresPerDot > 0 else { return nil }
        let x = (Double(dotColumns - 1) / 2 + east / metresPerDot).rounded()
        let y = (Double(dotRows - 1) / 2 - north / metresPerDot).rounded()
        guard x >= 0, y >= 0, x < Double(dotColumns), y < Double(dotRows) else { return nil }
        return (Int(x), Int(y))
    }
}
