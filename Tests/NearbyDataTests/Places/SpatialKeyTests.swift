import Foundation
import NearbyCore
import Testing
@testable import NearbyData

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
}
