import Foundation
import Testing
@testable import TerminalView

/// Streets on the map: dots under the markers, the longest named ones labelled along them, nothing for a street
/// wholly off the map, and zoom scaling the map around the place.
struct MapStreetsTests {
    static let here = MapCanvasTests.here
    static func at(_ north: Double, _ east: Double) -> MapLocation { MapCanvasTests.location(north: north, east: east) }

    /// An east–west street through the middle, a north–south lane, and a street 5 km away.
    static let streets = [
        MapLine(points: [at(0, -600), at(0, 600)], name: "Städtle"),
        MapLine(points: [at(-400, 100), at(400, 100)], name: "Lane"),
        MapLine(points: [at(5_000, 5_000), at(5_100, 5_000)], name: "Far Away Road"),
    ]

    static func render(zoom: Double = 1, lines: [MapLine] = streets) -> (rows: [String], projection: MapProjection?) {
        let buffer = CellBuffer(size: Size(width: 40, height: 12))
        let projection = MapCanvas.draw(in: buffer, rect: buffer.bounds, center: here,
                                        points: [MapPoint(location: here, marker: "◆", label: "Café")],
                                        theme: Theme.make(.monochrome), minimumSpan: 200, lines: lines, zoom: zoom)
        return (buffer.textRows(), projection)
    }

    @Test func streetsAreDotsWithTheirNamesAndTheMarkersOverThem() {
        let (rows, _) = Self.render()
        let text = rows.joined(separator: "\n")
        #expect(text.contains("Städtle"))
        #expect(text.contains("Lane"))
        #expect(!text.contains("Far Away"), "a street off the map is not drawn, nor named")
        #expect(text.contains("◆"))
        // The east–west street is a row of braille across the map.
        let braille = rows.map { $0.unicodeScalars.filter { (0x2801...0x28FF).contains($0.value) }.count }
        #expect((braille.max() ?? 0) >= 20, "\(rows)")
    }

    @Test func zoomScalesTheMapAroundThePlace() {
        let fitted = Self.render().projection?.metresPerDot ?? 0
        #expect(fitted > 0)
        #expect(abs((Self.render(zoom: 0.5).projection?.metresPerDot ?? 0) - fitted / 2) < 1e-9)
        #expect(abs((Self.render(zoom: 4).projection?.metresPerDot ?? 0) - fitted * 4) < 1e-9)
        // Zoomed out four times, the far street is still off the map; the scale bar counts longer.
        let out = Self.render(zoom: 4).rows.last ?? ""
        let normal = Self.render().rows.last ?? ""
        #expect(out != normal)
    }

    @Test func aStreetWithAControlCharacterInItsNameIsDrawnHarmless() {
        let (rows, _) = Self.render(lines: [MapLine(points: [Self.at(0, -600), Self.at(0, 600)], name: "Evil\u{1B}[2JStreet")])
        #expect(!rows.joined().contains("\u{1B}"))
    }
}
