import Glibc

/// Distances, bearings and boxes on a spherical earth: accurate to about 0.5 %, which is plenty for "120 m NE".
public enum Geodesy {
    /// The mean earth radius (IUGG), in metres.
    public static let earthRadius = 6_371_008.8
}

extension Coordinate {
    /// Great-circle distance to `other` in metres (haversine).
    public func distance(to other: Coordinate) -> Double {
        let phi1 = latitude.radians, phi2 = other.latitude.radians
        let dPhi = phi2 - phi1
        let dLambda = (other.longitude - longitude).radians
        let a = sin(dPhi / 2) * sin(dPhi / 2) + cos(phi1) * cos(phi2) * sin(dLambda / 2) * sin(dLambda / 2)
        // min() guards asin against rounding just above 1 for antipodal points.
        return 2 * Geodesy.earthRadius * asin(min(1, a.squareRoot()))
    }

    /// Initial bearing towards `other`, in degrees clockwise from north, in 0..<360 (0 for the same point).
    public func bearing(to other: Coordinate) -> Double {
        let phi1 = latitude.radians, phi2 = other.latitude.radians
        let dLambda = (other.longitude - longitude).radians
        let y = sin(dLambda) * cos(phi2)
        let x = cos(phi1) * sin(phi2) - sin(phi1) * cos(phi2) * cos(dLambda)
        guard x != 0 || y != 0 else { return 0 }
        let degrees = atan2(y, x).degrees
        let normalized = degrees.truncatingRemainder(dividingBy: 360)
        let result = normalized < 0 ? normalized + 360 : normalized
        return result >= 360 ? 0 : result
    }

    /// The point halfway along the great circle to `other`.
    public func midpoint(with other: Coordinate) -> Coordinate {
        let phi1 = latitude.radians, phi2 = other.latitude.radians
        let lambda1 = longitude.radians
        let dLambda = (other.longitude - longitude).radians
        let bx = cos(phi2) * cos(dLambda)
        let by = cos(phi2) * sin(dLambda)
        let phi = atan2(sin(phi1) + sin(phi2), ((cos(phi1) + bx) * (cos(phi1) + bx) + by * by).squareRoot())
        let lambda = lambda1 + atan2(by, cos(phi1) + bx)
        return Coordinate(latitude: phi.degrees, longitude: Self.wrapLongitude(lambda.degrees))
    }

    /// The smallest latitude/longitude box that holds every point within `radius` metres of this one.
    public func boundingBox(radius: Double) -> BoundingBox {
        let angular = max(0, radius) / Geodesy.earthRadius
        let lat = latitude.radians
        let minLat = lat - angular, maxLat = lat + angular
        let halfPi = Double.pi / 2
        // A circle that reaches over a pole covers every longitude; so does one larger than half the earth.
        if maxLat >= halfPi || minLat <= -halfPi || angular >= .pi {
            return BoundingBox(minLatitude: max(minLat, -halfPi).degrees, maxLatitude: min(maxLat, halfPi).degrees,
                               longitudeRanges: [-180...180])
        }
        // The widest longitude offset is reached at the tangent points, not on the centre's parallel.
        let ratio = sin(angular) / cos(lat)
        guard ratio < 1 else {
            return BoundingBox(minLatitude: minLat.degrees, maxLatitude: maxLat.degrees, longitudeRanges: [-180...180])
        }
        let dLon = asin(ratio).degrees
        let west = longitude - dLon, east = longitude + dLon
        let ranges: [ClosedRange<Double>]
        if west < -180 {
            ranges = [(west + 360)...180, -180...east]
        } else if east > 180 {
            ranges = [west...180, -180...(east - 360)]
        } else {
            ranges = [west...east]
        }
        return BoundingBox(minLatitude: minLat.degrees, maxLatitude: maxLat.degrees, longitudeRanges: ranges)
    }

    /// `longitude` brought into -180...180.
    static func wrapLongitude(_ longitude: Double) -> Double {
        var value = (longitude + 180).truncatingRemainder(dividingBy: 360)
        if value < 0 { value += 360 }
        return value - 180
    }
}

/// A latitude band and one or two longitude ranges (two when the box crosses the antimeridian).
public struct BoundingBox: Hashable, Sendable {
    public var minLatitude: Double
    public var maxLatitude: Double
    /// West to east, each within -180...180.
    public var longitudeRanges: [ClosedRange<Double>]

    public init(minLatitude: Double, maxLatitude: Double, longitudeRanges: [ClosedRange<Double>]) {
        self.minLatitude = minLatitude
        self.maxLatitude = maxLatitude
        self.longitudeRanges = longitudeRanges
    }

    /// Whether `coordinate` lies inside.
    public func contains(_ coordinate: Coordinate) -> Bool {
        (minLatitude...maxLatitude).contains(coordinate.latitude)
            && longitudeRanges.contains { $0.contains(coordinate.longitude) }
    }
}

extension Double {
    fileprivate var radians: Double { self * .pi / 180 }
    fileprivate var degrees: Double { self * 180 / .pi }
}
