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

    @Test func aStreetDrawnShorterThanItsNameIsNotNamed() {
        // Zoomed far out, the 1.2 km street is a few cells: dots, no name over the map.
        let (rows, _) = Self.render(zoom: 16)
        #expect(!rows.joined().contains("Städtle"))
        #expect(rows.joined().unicodeScalars.contains { (0x2801...0x28FF).contains($0.value) }, "still drawn")
    }

    @Test func aStreetWithAControlCharacterInItsNameIsDrawnHarmless() {
        let (rows, _) = Self.render(lines: [MapLine(points: [Self.at(0, -600), Self.at(0, 600)], name: "Evil\u{1B}[2JStreet")])
        #expect(!rows.joined().contains("\u{1B}"))
    }
}

/// The map's lines as a picture: the street and the walk where the braille would put them, in their colours, on
/// transparent pixels, and the cells of the markers, labels and names left transparent so their text shows.
struct MapRasterTests {
    @Test func linesAndDotsArePixelsAndTextCellsAreLeftClear() throws {
        let buffer = CellBuffer(size: Size(width: 40, height: 12))
        let drawing = try #require(MapCanvas.drawMap(
            in: buffer, rect: buffer.bounds, center: MapStreetsTests.here,
            points: [MapPoint(location: MapStreetsTests.here, marker: "◆", label: "Café"),
                     MapPoint(location: MapStreetsTests.at(150, -200))],
            theme: Theme.make(.full), minimumSpan: 200, path: [MapStreetsTests.at(-100, 0), MapStreetsTests.at(-100, 300)],
            lines: [MapLine(points: [MapStreetsTests.at(0, -600), MapStreetsTests.at(0, 600)], name: "Städtle")],
            dotsAsPixels: true))
        // No braille in the cells: the dots are the picture's.
        #expect(!buffer.text().unicodeScalars.contains { (0x2801...0x28FF).contains($0.value) })
        #expect(buffer.text().contains("Café") && buffer.text().contains("◆"))
        let cell = Size(width: 10, height: 20)
        let image = MapRaster.render(drawing, cell: cell)
        #expect(image.width == drawing.area.width * 10 && image.height == drawing.area.height * 20)
        func pixel(_ x: Int, _ y: Int) -> [UInt8] { Array(image.rgba[((y * image.width + x) * 4)..<((y * image.width + x) * 4 + 4)]) }
        let opaque = stride(from: 3, to: image.rgba.count, by: 4).filter { image.rgba[$0] == 255 }.count
        #expect(opaque > 200 && opaque < image.width * image.height / 4, "lines, not a filled picture")
        // The street runs across the middle row of the map: grey pixels near its left end, away from the marker.
        let middle = image.height / 2
        let greys = (middle - 12...middle + 12).filter { pixel(20, $0) == [140, 140, 140, 255] }
        #expect(!greys.isEmpty)
        // The walk is blue somewhere.
        #expect(stride(from: 0, to: image.rgba.count, by: 4).contains { image.rgba[$0..<($0 + 4)] == [37, 99, 235, 255] })
        // Every cell of text is transparent in the picture.
        for occupied in drawing.occupied {
            let x0 = (occupied.x - drawing.area.x) * 10, y0 = (occupied.y - drawing.area.y) * 20
            #expect((y0..<(y0 + 20)).allSatisfy { y in (x0..<(x0 + 10)).allSatisfy { pixel($0, y)[3] == 0 } })
        }
    }
}
