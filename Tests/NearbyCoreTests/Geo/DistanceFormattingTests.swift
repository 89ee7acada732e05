import Testing
@testable import NearbyCore

@Suite("Distance formatting")
struct DistanceFormattingTests {
    @Test(arguments: [
        (123.0, 45.0, "120 m NE"), (1_420, 225, "1.4 km SW"), (12_300, 359, "12 km N"), (0, 0, "here"),
        (4, 90, "here"), (6, 90, "10 m E"), (16_501_000, 90, "16,501 km E"), (995, 180, "1.0 km S"), (9_960, 270, "10 km W"), (9_940, 315, "9.9 km NW"),
        (1_000, 135, "1.0 km SE"),
    ])
    func metric(metres: Double, bearing: Double, expected: String) {
        #expect(DistanceFormatting.distance(metres, bearing: bearing, units: .metric) == expected)
    }

    @Test(arguments: [
        (137.16, "450 ft"), (482.8, "0.3 mi"), (19_312, "12 mi"), (160, "520 ft"), (161, "530 ft"),
        // Short distances stay in feet up to 1,000 ft: 190 m is "620 ft", not a coarse "0.1 mi".
        (190, "620 ft"), (303, "990 ft"), (305, "0.2 mi"), (16_000, "9.9 mi"), (16_090, "10 mi"),
    ])
    func imperial(metres: Double, expected: String) {
        #expect(DistanceFormatting.distance(metres, units: .imperial) == expected)
    }

    @Test(arguments: [
        (0.0, "N"), (22.4, "N"), (22.5, "NE"), (67.6, "E"), (135, "SE"), (180, "S"), (225, "SW"), (270, "W"),
        (315, "NW"), (337.4, "NW"), (337.5, "N"), (359.9, "N"), (-45, "NW"), (-0.1, "N"), (720, "N"),
        (405, "NE"),
    ])
    func compass(bearing: Double, expected: String) {
        #expect(CompassPoint(bearing: bearing)?.abbreviation == expected)
    }

    @Test func radiiDropANeedlessDecimal() {
        #expect(DistanceFormatting.radius(2_000, units: .metric) == "2 km")
        #expect(DistanceFormatting.radius(1_500, units: .metric) == "1.5 km")
        #expect(DistanceFormatting.radius(500, units: .metric) == "500 m")
        // Short radii to the metre, never rounded to nothing.
        #expect(DistanceFormatting.radius(1.5, units: .metric) == "2 m")
        #expect(DistanceFormatting.radius(14, units: .metric) == "14 m")
        #expect(DistanceFormatting.radius(1.5, units: .imperial) == "5 ft")
        #expect(DistanceFormatting.radius(8_046.72, units: .imperial) == "5 mi")
    }

    @Test func nonsenseInputSaysSoInsteadOfCrashing() {
        #expect(CompassPoint(bearing: .nan) == nil)
        #expect(CompassPoint(bearing: .infinity) == nil)
        #expect(DistanceFormatting.distance(.nan, units: .metric) == "?")
        #expect(DistanceFormatting.distance(-5, units: .imperial) == "?")
        #expect(DistanceFormatting.distance(1e300, units: .metric) == "?")
        #expect(DistanceFormatting.distance(250, bearing: .nan, units: .metric) == "250 m")
    }
}
