import Foundation
import NearbyCore

/// Points the places tests set their places at: Vaduz, and any point a distance and bearing from another, on
/// the same sphere as the store measures with.
public enum PlaceSpots {
    public static let vaduz = Coordinate(latitude: 47.141, longitude: 9.5209)

    /// The point `distance` metres from `start` along `bearing` (degrees).
    public static func offset(_ start: Coordinate, _ distance: Double, _ bearing: Double) -> Coordinate {
        let delta = distance / Geodesy.earthRadius, theta = bearing * .pi / 180
        let phi1 = start.latitude * .pi / 180, lambda1 = start.longitude * .pi / 180
        let phi2 = asin(sin(phi1) * cos(delta) + cos(phi1) * sin(delta) * cos(theta))
        let lambda2 = lambda1 + atan2(sin(theta) * sin(delta) * cos(phi1), cos(delta) - sin(phi1) * sin(phi2))
        var longitude = (lambda2 * 180 / .pi + 540).truncatingRemainder(dividingBy: 360) - 180
        if longitude < -180 { longitude += 360 }
        return Coordinate(latitude: phi2 * 180 / .pi, longitude: longitude)
    }
}
