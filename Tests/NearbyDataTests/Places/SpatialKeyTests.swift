import Foundation
import NearbyCore
import Testing
@testable import NearbyData
import TestSupport

struct SpatialKeyTests {
    @Test(arguments: [
        Coordinate(latitude: 47.141, longitude: 9.5209), Coordinate(latitude: 0, longitude: 0),
        Coordinate(latitude: -33.9, longitude: 179.999), Coordinate(latitude: 89.99, longitude: -120),
    ])
    func rangesHoldEveryPointOfTheBox(center: Coordinate) {
        var generator = SeededGenerator(seed: 3)
        for radius in [50.0, 3_000, 400_000] {
            let box = center.boundingBox(radius: radius)
            let ranges = SpatialKey.ranges(covering: box, maxRanges: 8)
            #expect(ranges.count <= 8)
            for _ in 0..<500 {
                let lat = Double.random(in: box.minLatitude...box.maxLatitude, using: &generator)
                let lons = box.longitudeRanges[Int.random(in: 0..<box.longitudeRanges.count, using: &generator)]
                let point = Coordinate(latitude: lat, longitude: Double.random(in: lons, using: &generator))
                let key = SpatialKey.keys(inCell: SpatialKey.cell(of: point)).lowerBound + 5
                #expect(ranges.contains { $0.contains(key) }, "\(point) radius \(radius)")
            }
        }
    }

    @Test func nearbyPointsShareHighBits() {
        let a = SpatialKey.cell(of: Coordinate(latitude: 47.141, longitude: 9.5209))
        let b = SpatialKey.cell(of: Coordinate(latitude: 47.14101, longitude: 9.52091))
        #expect(a == b)
        #expect(SpatialKey.cell(of: Coordinate(latitude: 90, longitude: 180)) >= 0)
        #expect(SpatialKey.keys(inCell: SpatialKey.cell(of: Coordinate(latitude: 90, longitude: 180))).upperBound > 0)
    }

    /// A key's cell places its point to within `centreReach`, anywhere on Earth: a name search skips reading
    /// the rows whose cells lie beyond its circle on that bound.
    @Test func aKeysCellCentreLiesWithinReachOfItsPoint() {
        var generator = SeededGenerator(seed: 11)
        var farthest = 0.0
        for _ in 0..<20_000 {
            let point = Coordinate(latitude: Double.random(in: -90...90, using: &generator),
                                   longitude: Double.random(in: -180...180, using: &generator))
            let key = SpatialKey.keys(inCell: SpatialKey.cell(of: point)).lowerBound + 17
            farthest = max(farthest, point.distance(to: SpatialKey.centre(ofKey: key)))
        }
        for point in [Coordinate(latitude: 0, longitude: 0), Coordinate(latitude: 90, longitude: 180),
                      Coordinate(latitude: -90, longitude: -180), Coordinate(latitude: 47.0, longitude: 8.0)] {
            let key = SpatialKey.keys(inCell: SpatialKey.cell(of: point)).upperBound
            farthest = max(farthest, point.distance(to: SpatialKey.centre(ofKey: key)))
        }
        #expect(farthest <= SpatialKey.centreReach)
        // Not so loose that it reads many rows it need not: a cell is about 10 m by 19 m at the equator.
        #expect(farthest > 9 && SpatialKey.centreReach < 16)
    }
}
