import Foundation
import Testing
@testable import NearbyCore

struct GeodesyTests {
    let paris = Coordinate(latitude: 48.8566, longitude: 2.3522)
    let london = Coordinate(latitude: 51.5074, longitude: -0.1278)

    @Test func distanceMatchesKnownValues() {
        // One degree of a meridian, a quarter of the equator, half the earth.
        #expect(abs(Coordinate(latitude: 0, longitude: 0).distance(to: Coordinate(latitude: 1, longitude: 0))
                    - 111_195.08) < 0.01)
        #expect(abs(Coordinate(latitude: 0, longitude: 0).distance(to: Coordinate(latitude: 0, longitude: 90))
                    - 10_007_557.22) < 0.01)
        #expect(abs(Coordinate(latitude: 10, longitude: 20).distance(to: Coordinate(latitude: -10, longitude: -160))
                    - 20_015_114.44) < 1) // haversine loses a little precision at the antipode
        // Paris to London is about 343.6 km on this sphere.
        #expect(abs(paris.distance(to: london) - 343_556.5) < 1)
        #expect(paris.distance(to: paris) == 0)
        #expect(abs(paris.distance(to: london) - london.distance(to: paris)) < 1e-6)
    }

    @Test func distanceAcrossTheAntimeridian() {
        let west = Coordinate(latitude: 0, longitude: 179.5), east = Coordinate(latitude: 0, longitude: -179.5)
        #expect(abs(west.distance(to: east) - 111_195.08) < 0.01)
    }

    @Test func bearingIsClockwiseFromNorth() {
        let origin = Coordinate(latitude: 0, longitude: 0)
        #expect(abs(origin.bearing(to: Coordinate(latitude: 1, longitude: 0))) < 1e-9)
        #expect(abs(origin.bearing(to: Coordinate(latitude: 0, longitude: 1)) - 90) < 1e-9)
        #expect(abs(origin.bearing(to: Coordinate(latitude: -1, longitude: 0)) - 180) < 1e-9)
        #expect(abs(origin.bearing(to: Coordinate(latitude: 0, longitude: -1)) - 270) < 1e-9)
        #expect(abs(paris.bearing(to: london) - 330.02) < 0.01)
        #expect(origin.bearing(to: origin) == 0)
        // Eastwards over the antimeridian is still east.
        #expect(abs(Coordinate(latitude: 0, longitude: 179.5).bearing(to: Coordinate(latitude: 0, longitude: -179.5))
                    - 90) < 1e-9)
    }

    @Test func bearingStaysBelow360() {
        for step in 0..<720 {
            let angle = Double(step) / 2
            let target = destination(from: paris, distance: 1_000, bearing: angle)
            let bearing = paris.bearing(to: target)
            #expect(bearing >= 0 && bearing < 360)
        }
    }

    @Test func midpoints() {
        let mid = Coordinate(latitude: 0, longitude: 0).midpoint(with: Coordinate(latitude: 0, longitude: 90))
        #expect(abs(mid.latitude) < 1e-9 && abs(mid.longitude - 45) < 1e-9)
        let overDateLine = Coordinate(latitude: 0, longitude: 179).midpoint(with: Coordinate(latitude: 0, longitude: -179))
        #expect(abs(abs(overDateLine.longitude) - 180) < 1e-9)
        let parisLondon = paris.midpoint(with: london)
        #expect(abs(parisLondon.distance(to: paris) - parisLondon.distance(to: london)) < 0.01)
        #expect(abs(parisLondon.distance(to: paris) * 2 - paris.distance(to: london)) < 0.01)
    }

    @Test func boxAtTheEquator() {
        let box = Coordinate(latitude: 0, longitude: 0).boundingBox(radius: 111_195.08023353292)
        #expect(abs(box.minLatitude + 1) < 1e-9 && abs(box.maxLatitude - 1) < 1e-9)
        #expect(box.longitudeRanges.count == 1)
        #expect(abs(box.longitudeRanges[0].lowerBound + 1) < 1e-9 && abs(box.longitudeRanges[0].upperBound - 1) < 1e-9)
    }

    @Test func boxWidensTowardsThePoles() {
        let box = Coordinate(latitude: 60, longitude: 10).boundingBox(radius: 111_195.08023353292)
        #expect(abs(box.longitudeRanges[0].upperBound - 10 - 2.000305) < 1e-6)
    }

    @Test func boxOverAPoleCoversEveryLongitude() {
        let box = Coordinate(latitude: 89.5, longitude: 30).boundingBox(radius: 100_000)
        #expect(box.maxLatitude == 90)
        #expect(box.longitudeRanges == [-180...180])
        let south = Coordinate(latitude: -89.9, longitude: 0).boundingBox(radius: 50_000)
        #expect(south.minLatitude == -90 && south.longitudeRanges == [-180...180])
    }

    @Test func boxSplitsAtTheAntimeridian() {
        let box = Coordinate(latitude: 0, longitude: 179.9).boundingBox(radius: 50_000)
        #expect(box.longitudeRanges.count == 2)
        #expect(box.contains(Coordinate(latitude: 0, longitude: -179.8)))
        #expect(box.contains(Coordinate(latitude: 0, longitude: 179.5)))
        #expect(!box.contains(Coordinate(latitude: 0, longitude: 0)))
        let west = Coordinate(latitude: 10, longitude: -179.95).boundingBox(radius: 20_000)
        #expect(west.longitudeRanges.count == 2)
        #expect(west.contains(Coordinate(latitude: 10, longitude: 179.9)))
    }

    @Test(arguments: [
        Coordinate(latitude: 47.141, longitude: 9.5209), Coordinate(latitude: -33.9, longitude: 151.2),
        Coordinate(latitude: 0, longitude: 179.99), Coordinate(latitude: 85, longitude: -179.9),
        Coordinate(latitude: -70, longitude: -0.01),
    ])
    func boxHoldsTheWholeCircle(center: Coordinate) {
        for radius in [10.0, 2_000, 150_000] {
            let box = center.boundingBox(radius: radius)
            for step in 0..<360 {
                let edge = destination(from: center, distance: radius * 0.999_999, bearing: Double(step))
                #expect(box.contains(edge), "radius \(radius) bearing \(step)")
            }
        }
    }

    /// The point `distance` metres from `start` along `bearing`: the inverse the tests check against.
    private func destination(from start: Coordinate, distance: Double, bearing: Double) -> Coordinate {
        let delta = distance / Geodesy.earthRadius, theta = bearing * .pi / 180
        let phi1 = start.latitude * .pi / 180, lambda1 = start.longitude * .pi / 180
        let phi2 = asin(sin(phi1) * cos(delta) + cos(phi1) * sin(delta) * cos(theta))
        let lambda2 = lambda1 + atan2(sin(theta) * sin(delta) * cos(phi1), cos(delta) - sin(phi1) * sin(phi2))
        var longitude = (lambda2 * 180 / .pi + 540).truncatingRemainder(dividingBy: 360) - 180
        if longitude < -180 { longitude += 360 }
        return Coordinate(latitude: phi2 * 180 / .pi, longitude: longitude)
    }
}
