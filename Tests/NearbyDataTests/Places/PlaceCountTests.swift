import Foundation
import NearbyCore
import Testing
@testable import NearbyData

/// Counting places within a radius: the R*Tree counts those inside a box within the circle, the rest are
/// measured one by one. The count must equal measuring every place, wherever the circle lies.
struct PlaceCountTests {
    typealias F = PlacesFixtures

    /// Where a place's position ends up once stored (the index keeps 1e-7 degrees).
    private func stored(_ coordinate: Coordinate) -> Coordinate {
        let scale = PlacesSchema.coordinateScale
        return Coordinate(latitude: (coordinate.latitude * scale).rounded() / scale,
                          longitude: (coordinate.longitude * scale).rounded() / scale)
    }

    @Test(arguments: [
        Coordinate(latitude: 47.141, longitude: 9.5209), Coordinate(latitude: -33.867, longitude: 151.207),
        Coordinate(latitude: 0.001, longitude: -78.5), Coordinate(latitude: 78.2, longitude: 15.6),
        Coordinate(latitude: -16.5, longitude: 179.99), Coordinate(latitude: 89.95, longitude: 0),
    ])
    func theCountIsWhatMeasuringEveryPlaceGives(center: Coordinate) throws {
        var random = SeededRandom(seed: UInt64(abs(center.latitude * 1_000)))
        let radii = [150.0, 2_000, 50_000]
        var places: [Place] = []
        for (index, radius) in radii.enumerated() {
            for n in 0..<300 {
                // Spread over the circle's box and beyond, and a band hugging the circle itself.
                let distance = n % 3 == 0 ? radius * (0.999 + random.unit() * 0.002) : radius * 1.5 * random.unit()
                let category: Category = n % 2 == 0 ? .cafe : .atm
                places.append(F.place("p\(index)-\(n)", "Place \(n)", category,
                                      at: F.offset(center, distance, random.unit() * 360)))
            }
        }
        let store = try F.store(places)
        for radius in radii {
            for category in [nil, Category.cafe, .atm] {
                let expected = places.filter { place in
                    (category == nil || place.category == category)
                        && center.distance(to: stored(place.coordinate)) <= radius
                }.count
                #expect(try store.fetchCount(near: center, radius: radius, category: category) == expected,
                        "\(radius) m, \(category?.rawValue ?? "all")")
            }
        }
    }
}
