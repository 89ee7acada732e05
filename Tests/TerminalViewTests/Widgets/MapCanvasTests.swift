import Foundation
import Testing
@testable import TerminalView

struct MapCanvasTests {
    static let here = MapLocation(latitude: 47.1410, longitude: 9.5209)

    /// The location `north` and `east` metres from `center`.
    static func location(north: Double, east: Double, from center: MapLocation = here) -> MapLocation {
        MapLocation(latitude: center.latitude + north / MapProjection.metresPerDegree,
                    longitude: center.longitude
                        + east / (MapProjection.metresPerDegree * cos(center.latitude * .pi / 180)))
    }

    /// You, a café with a label, and four neighbours as dots (two of them a few metres apart).
    static let scene: [MapPoint] = [
        MapPoint(location: here, marker: "@", label: "you"),
        MapPoint(location: location(north: 85, east: 85), marker: "◆", label: "Café Amadeus"),
        MapPoint(location: location(north: -310, east: 0)),
        MapPoint(location: location(north: 0, east: -480)),
        MapPoint(location: location(north: 120, east: 200)),
        MapPoint(location: location(north: 125, east: 205)),
    ]

    /// The rows as the terminal shows them: an ASCII one is sent the ASCII stand-ins (`GlyphSet.fold`).
    private func render(width: Int, height: Int, points: [MapPoint] = scene, glyphs: GlyphSet = .unicode) -> [String] {
        let buffer = CellBuffer(size: Size(width: width, height: height))
        MapCanvas.draw(in: buffer, rect: buffer.bounds, center: Self.here, points: points,
                       theme: Theme.make(.monochrome, glyphs: glyphs))
        return buffer.textRows().map { glyphs.fold($0) }
    }

    @Test func brailleMapWithLabelsScaleBarAndNorth() {
        // The café's label goes left, so that it does not hide the neighbours to its right.
        #expect(render(width: 30, height: 10) == [
            "",
            "",
            "",
            "   Café Amadeus ◆  ⠁",
            "    ⠠          @ you",
            "",
            "",
            "               ⡀",
            "",
            "├──┤ 200 m                 N ↑",
        ])
    }

    @Test func halfBlocksWithoutUnicode() {
        #expect(render(width: 30, height: 10, glyphs: .ascii) == [
            "",
            "",
            "",
            "   Café Amadeus X  '",
            "    .          @ you",
            "",
            "",
            "               .",
            "",
            "|--| 200 m                 N ^",
        ])
    }

    @Test func smallMapKeepsEveryPointAndDropsALabelWithoutRoom() {
        // The café falls in your cell: the earlier point wins, and its label finds no room.
        #expect(render(width: 16, height: 6) == [
            "",
            "         ⢀",
            "   ⠠    @ you",
            "        ⡀",
            "",
            "├┤ 200 m     N ↑",
        ])
    }

    @Test func aLonePointKeepsTheMinimumSpan() {
        #expect(render(width: 20, height: 5, points: [MapPoint(location: Self.here, marker: "@", label: "you")]) == [
            "",
            "",
            "          @ you",
            "",
            "├──┤ 200 m       N ↑",
        ])
    }

    @Test func tooFewRowsForAScaleBarDrawTheMapAlone() {
        let rows = render(width: 20, height: 2, points: [MapPoint(location: Self.here, marker: "@")])
        #expect(rows == ["", "          @"])
    }

    @Test func northIsUpAndEastIsRight() {
        let projection = MapProjection.fitting([], center: Self.here, columns: 20, rows: 10, glyphs: .braille,
                                               minimumSpan: 100)
        guard let centre = projection.dot(for: Self.here),
              let north = projection.dot(for: Self.location(north: 50, east: 0)),
              let east = projection.dot(for: Self.location(north: 0, east: 50)) else {
            Issue.record("points within the span fall on the map")
            return
        }
        #expect(north.y < centre.y && north.x == centre.x)
        #expect(east.x > centre.x && east.y == centre.y)
    }

    @Test func aDotCoversAsManyMetresAcrossAsDownAtAnyLatitude() {
        let north = MapLocation(latitude: 60, longitude: 10)
        let projection = MapProjection.fitting([], center: north, columns: 40, rows: 20, glyphs: .braille,
                                               minimumSpan: 1_000)
        guard let centre = projection.dot(for: north),
              let up = projection.dot(for: Self.location(north: 800, east: 0, from: north)),
              let right = projection.dot(for: Self.location(north: 0, east: 800, from: north)) else {
            Issue.record("points within the span fall on the map")
            return
        }
        // Equal up to rounding to whole dots.
        #expect(abs((centre.y - up.y) - (right.x - centre.x)) <= 1)
        let east = projection.offset(of: Self.location(north: 0, east: 800, from: north))?.east ?? 0
        #expect(abs(east - 800) < 0.5)
    }

    @Test func theScaleFitsEveryPoint() {
        let far = [Self.location(north: 5_000, east: 0), Self.location(north: 0, east: -12_000)]
        for glyphs in [MapGlyphs.braille, .blocks] {
            let projection = MapProjection.fitting(far, center: Self.here, columns: 30, rows: 8, glyphs: glyphs,
                                                   minimumSpan: 100)
            #expect(far.allSatisfy { projection.dot(for: $0) != nil })
            #expect(projection.dot(for: Self.location(north: 0, east: -30_000)) == nil)
        }
        // Nonsense locations neither stretch the scale nor land on the map.
        let nan = MapLocation(latitude: .nan, longitude: 9)
        let projection = MapProjection.fitting([nan], center: Self.here, columns: 30, rows: 8, glyphs: .braille,
                                               minimumSpan: 100)
        #expect(projection.dot(for: nan) == nil)
        #expect(projection.metresPerDot < 20)
    }

    @Test func brailleDotsCombineInOneCell() {
        var bits: UInt32 = 0
        for column in 0..<2 { for row in 0..<4 { bits |= MapCanvas.bit(column: column, row: row, glyphs: .braille) } }
        #expect(MapCanvas.glyph(bits, glyphs: .braille) == "⣿")
        #expect(MapCanvas.glyph(MapCanvas.bit(column: 0, row: 3, glyphs: .braille), glyphs: .braille) == "⡀")
        #expect(MapCanvas.glyph(MapCanvas.bit(column: 1, row: 0, glyphs: .braille), glyphs: .braille) == "⠈")
        #expect(MapCanvas.glyph(1 | 2, glyphs: .blocks) == "█")
    }

    @Test(arguments: [
        (368.0, MapScaleUnits.metric, "200 m"),
        (1_500, .metric, "1 km"),
        (2_600, .metric, "2 km"),
        (7_000, .metric, "5 km"),
        (4, .metric, "2 m"),
        (100, .imperial, "200 ft"),
        (1_000, .imperial, "0.5 mi"),
        (5_000, .imperial, "2 mi"),
    ])
    func scaleBarLengthsAreRound(maxMetres: Double, units: MapScaleUnits, label: String) {
        #expect(MapScaleBar.roundLength(maxMetres: maxMetres, units: units)?.label == label)
    }

    @Test func hostileLabelsCannotDriveTheTerminal() {
        let rows = render(width: 30, height: 4, points: [MapPoint(location: Self.here, marker: "@",
                                                                  label: "x\u{1B}[2Jy")])
        #expect(rows[1] == "               @ x␛[2Jy")
    }
}
