/// A map as it was laid out: its projection and area, the cells its markers, labels and names took, and the
/// dots a picture of it draws (`MapRaster`).
public struct MapDrawing: Sendable {
    public let projection: MapProjection
    public let glyphs: MapGlyphs
    /// The map's cells, the scale bar's row left out.
    public let area: Rect
    /// Cells holding a marker, a label or a street's name.
    public let occupied: Set<Point>
    /// The streets' lines as given (drawn clipped to the picture).
    public let streets: [[MapLocation]]
    public let path: [MapLocation]
    public let plainDots: [MapLocation]
}

/// Pixels, 8 bits a channel, RGBA, rows packed: a picture made here rather than decoded.
public struct RasterImage: Sendable {
    public let width: Int
    public let height: Int
    public let rgba: [UInt8]
}

/// The map's lines and dots as a picture, for terminals that show pixels: streets a grey line, the walk a wider
/// blue one, other places grey squares, all on transparent pixels, so the terminal's background shows between
/// them. The cells of markers, labels and names are left transparent too, so their text, drawn as cells, shows
/// whether the terminal paints pixels into cells (sixels) or draws them under the text (kitty).
public enum MapRaster {
    static let streetColour: (UInt8, UInt8, UInt8) = (140, 140, 140)
    static let walkColour: (UInt8, UInt8, UInt8) = (37, 99, 235)
    static let placeColour: (UInt8, UInt8, UInt8) = (110, 110, 110)

    /// The picture of `drawing` for cells of `cell` pixels.
    public static func render(_ drawing: MapDrawing, cell: Size) -> RasterImage {
        let width = max(1, drawing.area.width * cell.width), height = max(1, drawing.area.height * cell.height)
        var canvas = Canvas(width: width, height: height)
        let projection = drawing.projection
        // Pixels per dot, across and down: a dot's centre is where the braille would put it.
        let across = Double(cell.width) / Double(drawing.glyphs.dotsAcross)
        let down = Double(cell.height) / Double(drawing.glyphs.dotsDown)
        func pixel(_ location: MapLocation) -> (x: Double, y: Double)? {
            guard let (east, north) = projection.offset(of: location), projection.metresPerDot > 0 else { return nil }
            let x = (Double(projection.dotColumns - 1) / 2 + east / projection.metresPerDot + 0.5) * across
            let y = (Double(projection.dotRows - 1) / 2 - north / projection.metresPerDot + 0.5) * down
            return (x, y)
        }
        func polyline(_ points: [MapLocation], colour: (UInt8, UInt8, UInt8), thickness: Int) {
            for (from, to) in zip(points, points.dropFirst()) {
                guard let a = pixel(from), let b = pixel(to) else { continue }
                canvas.line(from: a, to: b, colour: colour, thickness: thickness)
            }
        }
        for street in drawing.streets { polyline(street, colour: streetColour, thickness: 1) }
        polyline(drawing.path, colour: walkColour, thickness: 3)
        for dot in drawing.plainDots {
            guard let p = pixel(dot) else { continue }
            canvas.square(at: p, side: max(3, cell.width / 3), colour: placeColour)
        }
        for occupied in drawing.occupied {
            canvas.clear(x: (occupied.x - drawing.area.x) * cell.width, y: (occupied.y - drawing.area.y) * cell.height,
                         width: cell.width, height: cell.height)
        }
        return RasterImage(width: width, height: height, rgba: canvas.rgba)
    }

    struct Canvas {
        let width: Int
        let height: Int
        var rgba: [UInt8]

        init(width: Int, height: Int) {
            self.width = width
            self.height = height
            rgba = [UInt8](repeating: 0, count: width * height * 4)
        }

        mutating func set(_ x: Int, _ y: Int, _ colour: (UInt8, UInt8, UInt8)) {
            guard x >= 0, y >= 0, x < width, y < height else { return }
            let at = (y * width + x) * 4
            rgba[at] = colour.0
            rgba[at + 1] = colour.1
            rgba[at + 2] = colour.2
            rgba[at + 3] = 255
        }

        /// A line of `thickness` pixels, stepped along its longer axis; a segment far off the canvas is skipped.
        mutating func line(from a: (x: Double, y: Double), to b: (x: Double, y: Double), colour: (UInt8, UInt8, UInt8),
                           thickness: Int) {
            let w = Double(width), h = Double(height)
            if (a.x < 0 && b.x < 0) || (a.y < 0 && b.y < 0) || (a.x >= w && b.x >= w) || (a.y >= h && b.y >= h) {
                return
            }
            let steps = min(20_000, max(1, Int(max(abs(b.x - a.x), abs(b.y - a.y)).rounded(.up))))
            let half = thickness / 2
            for step in 0...steps {
                let t = Double(step) / Double(steps)
                let x = Int((a.x + (b.x - a.x) * t).rounded(.down)), y = Int((a.y + (b.y - a.y) * t).rounded(.down))
                for dy in -half...(thickness - 1 - half) {
                    for dx in -half...(thickness - 1 - half) { set(x + dx, y + dy, colour) }
                }
            }
        }

        mutating func square(at p: (x: Double, y: Double), side: Int, colour: (UInt8, UInt8, UInt8)) {
            let x0 = Int(p.x.rounded(.down)) - side / 2, y0 = Int(p.y.rounded(.down)) - side / 2
            for y in y0..<(y0 + side) {
                for x in x0..<(x0 + side) { set(x, y, colour) }
            }
        }

        mutating func clear(x: Int, y: Int, width clearWidth: Int, height clearHeight: Int) {
            for row in max(0, y)..<min(height, y + clearHeight) {
                for column in max(0, x)..<min(width, x + clearWidth) { rgba[(row * width + column) * 4 + 3] = 0 }
            }
        }
    }
}
