import NearbyCore
import Testing

/// Positions as people paste them: from a phone's share sheet (`geo:`), a map's "copy coordinates" (two
/// numbers apart), or typed.
struct CoordinateTextTests {
    @Test(arguments: [
        ("47.141,9.5209", "47.141,9.5209"), ("geo:47.141,9.5209", "47.141,9.5209"),
        ("geo:47.141,9.5209,455;u=35", "47.141,9.5209"), ("GEO:-33.87,151.21?z=15", "-33.87,151.21"),
        ("47.141 9.5209", "47.141,9.5209"), ("  -33.87\t151.21 ", "-33.87,151.21"),
        ("Vaduz", "Vaduz"), ("Vaduz 2", "Vaduz 2"), ("geo:", "geo:"),
    ])
    func pair(text: String, expected: String) {
        #expect(CoordinateText.pair(text) == expected)
    }

    @Test func everyFormParsesToTheSamePoint() {
        let point = Coordinate(latitude: 47.141, longitude: 9.5209)
        for text in ["47.141,9.5209", "geo:47.141,9.5209", "geo:47.141,9.5209;crs=wgs84", "47.141 9.5209"] {
            #expect(CoordinateText.looksLikeCoordinate(text), "\(text)")
            #expect(Coordinate(parsing: text) == point, "\(text)")
        }
        #expect(CoordinateText.problem(in: "geo:91,0")?.hasPrefix("latitude must be within") == true)
        #expect(Coordinate(parsing: "1 2 3") == nil && !CoordinateText.looksLikeCoordinate("Vaduz"))
    }
}
