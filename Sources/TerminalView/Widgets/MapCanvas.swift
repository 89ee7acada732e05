import TerminalText

/// A point on a map: where it is, and how it shows.
public struct MapPoint: Hashable, Sendable {
    public var location: MapLocation
    /// One narrow character drawn in the point's cell ("@", "◆"); nil plots a single dot.
    public var marker: String?
    public var label: String?
    /// The marker's and label's style; the theme's accent (markers) or secondary (dots) by default.
    public var style: Style?

    public init(location: MapLocation, marker: String? = nil, label: String? = nil, style: Style? = nil) {
        self.location = location
        self.marker = marker
        self.label = label
        self.style = style
    }
}

/// A small map, north up: a path as a line of dots, points as dots or markers with labels, and a scale bar
/// with a north arrow.
///
/// Dots are drawn in braille (2×4 a cell) or half blocks (1×2 a cell), so neighbours a few metres apart
/// still show apart. Markers and labels go over the dots; a label that would cover another marker or label
/// moves to the marker's left, or is left out. Earlier points win.
public enum MapCanvas {
    /// Draws the map into `rect`; its bottom row holds the scale bar when there are at least 3 rows.
    /// - Parameters:
    ///   - minimumSpan: metres from the centre to the nearer edge at least, so that a lone point does not
    ///     zoom the map to a single street corner.
    ///   - path: a line drawn dot by dot under the markers (a walk), in `pathStyle`; the map fits it too.
    ///   - lines: streets and paths under everything else, dim, the names of the longest along them; the map
    ///     does not fit them (they reach past any map).
    ///   - zoom: the fitted scale times this: below 1 closer, above 1 farther out.
    @discardableResult
    public static func draw(in buffer: CellBuffer, rect: Rect, center: MapLocation, points: [MapPoint],
                            theme: Theme, glyphs: MapGlyphs? = nil, units: MapScaleUnits = .metric,
                            minimumSpan: Double = 100, path: [MapLocation] = [],
                            pathStyle: Style? = nil, lines: [MapLine] = [], zoom: Double = 1) -> MapProjection? {
        drawMap(in: buffer, rect: rect, center: center, points: points, theme: theme, glyphs: glyphs, units: units,
                minimumSpan: minimumSpan, path: path, pathStyle: pathStyle, lines: lines, zoom: zoom)?.projection
    }

    /// Draws the map as `draw` does; with `dotsAsPixels`, the dots (streets, the path, the plain points) are left
    /// out of the cells, for a picture of them to go under the markers and labels (`MapRaster`), and the
    /// drawing says where they are.
    public static func drawMap(in buffer: CellBuffer, rect: Rect, center: MapLocation, points: [MapPoint],
                               theme: Theme, glyphs: MapGlyphs? = nil, units: MapScaleUnits = .metric,
                               minimumSpan: Double = 100, path: [MapLocation] = [], pathStyle: Style? = nil,
                               lines: [MapLine] = [], zoom: Double = 1, dotsAsPixels: Bool = false) -> MapDrawing? {
        guard rect.width > 0, rect.height > 0 else { return nil }
        let glyphs = glyphs ?? MapGlyphs(theme: theme)
        let (area, scaleRow) = rect.height >= 3 ? rect.splitBottom(1) : (rect, Rect(x: rect.x, y: rect.maxY,
                                                                                     width: 0, height: 0))
        let fitted = MapProjection.fitting(points.map(\.location) + path, center: center, columns: area.width,
                                           rows: area.height, glyphs: glyphs, minimumSpan: minimumSpan)
        let projection = zoom == 1 || !(zoom > 0) ? fitted
            : MapProjection(center: center, metresPerDot: fitted.metresPerDot * zoom, dotColumns: fitted.dotColumns,
                            dotRows: fitted.dotRows)
        var occupied = Set<Point>()
        let streets = lines.isEmpty ? [] : streetDots(lines, projection: projection)
        if !streets.isEmpty, !dotsAsPixels {
            _ = drawDots(streets.flatMap(\.dots).map { MapPoint(location: $0, style: theme.border) }, in: buffer,
                         area: area, projection: projection, glyphs: glyphs, theme: theme)
        }
        let line = pathDots(path, projection: projection).map { MapPoint(location: $0, style: pathStyle ?? theme.accent) }
        let plain = points.filter { $0.marker == nil }
        let dotted = dotsAsPixels ? [] : drawDots(line + plain, in: buffer, area: area, projection: projection,
                                                  glyphs: glyphs, theme: theme)
        var anchors: [(point: MapPoint, cell: Point)] = []
        for point in points {
            guard let dot = projection.dot(for: point.location) else { continue }
            let cell = Point(x: area.x + dot.x / glyphs.dotsAcross, y: area.y + dot.y / glyphs.dotsDown)
            anchors.append((point, cell))
            guard let marker = point.marker, !occupied.contains(cell) else { continue }
            buffer.write(String(marker.prefix(1)), at: cell, style: point.style ?? theme.accent, maxWidth: 1,
                         clip: area)
            occupied.insert(cell)
        }
        for (point, cell) in anchors {
            guard let label = point.label, !label.isEmpty else { continue }
            drawLabel(label, beside: cell, in: buffer, area: area, occupied: &occupied, dotted: dotted,
                      style: point.style ?? theme.text)
        }
        drawStreetNames(streets, in: buffer, area: area, projection: projection, glyphs: glyphs,
                        occupied: &occupied, style: theme.secondary)
        if !scaleRow.isEmpty {
            MapScaleBar.draw(in: buffer, rect: scaleRow, metresPerCell: projection.metresPerDot
                             * Double(glyphs.dotsAcross), units: units, theme: theme)
        }
        return MapDrawing(projection: projection, glyphs: glyphs, area: area, occupied: occupied,
                          streets: lines.map(\.points), path: path, plainDots: plain.map(\.location))
    }

    /// Locations along `path` no more than half a dot apart, so that its dots join into a line.
    static func pathDots(_ path: [MapLocation], projection: MapProjection) -> [MapLocation] {
        guard projection.metresPerDot > 0 else { return [] }
        var dots = path.prefix(1).map { $0 }
        for (from, to) in zip(path, path.dropFirst()) {
            guard let a = projection.offset(of: from), let b = projection.offset(of: to) else { continue }
            let dotLength = ((b.east - a.east) * (b.east - a.east) + (b.north - a.north) * (b.north - a.north))
                .squareRoot() / projection.metresPerDot
            // A bound on the steps: a path far larger than the map is clipped anyway.
            let steps = min(4_000, max(1, Int((dotLength * 2).rounded(.up))))
            for step in 1...steps {
                let t = Double(step) / Double(steps)
                dots.append(MapLocation(latitude: from.latitude + (to.latitude - from.latitude) * t,
                                        longitude: from.longitude + (to.longitude - from.longitude) * t))
            }
        }
        return dots
    }

    /// Plots the dots and returns the cells they are in; a cell takes the style of its first dot.
    private static func drawDots(_ points: [MapPoint], in buffer: CellBuffer, area: Rect, projection: MapProjection,
                                 glyphs: MapGlyphs, theme: Theme) -> Set<Point> {
        var bits: [Point: UInt32] = [:]
        var styles: [Point: Style] = [:]
        for point in points {
            guard let dot = projection.dot(for: point.location) else { continue }
            let cell = Point(x: area.x + dot.x / glyphs.dotsAcross, y: area.y + dot.y / glyphs.dotsDown)
            bits[cell, default: 0] |= bit(column: dot.x % glyphs.dotsAcross, row: dot.y % glyphs.dotsDown,
                                          glyphs: glyphs)
            if styles[cell] == nil { styles[cell] = point.style ?? theme.secondary }
        }
        for (cell, value) in bits {
            buffer.write(glyph(value, glyphs: glyphs), at: cell, style: styles[cell] ?? theme.secondary, maxWidth: 1,
                         clip: area)
        }
        return Set(bits.keys)
    }

    /// The bit of one dot within a cell: braille's numbering, or top (1) and bottom (2) for half blocks.
    static func bit(column: Int, row: Int, glyphs: MapGlyphs) -> UInt32 {
        switch glyphs {
        case .blocks:
            return row == 0 ? 1 : 2
        case .braille:
            // Dots 1–3 and 4–6 run down the two columns; dots 7 and 8 are the bottom row.
            if row == 3 { return column == 0 ? 0x40 : 0x80 }
            return UInt32(1 << (row + (column == 0 ? 0 : 3)))
        }
    }

    static func glyph(_ bits: UInt32, glyphs: MapGlyphs) -> String {
        switch glyphs {
        case .blocks:
            return bits == 3 ? "█" : bits == 1 ? "▀" : "▄"
        case .braille:
            return Unicode.Scalar(0x2800 + bits).map { String(Character($0)) } ?? "?"
        }
    }

    /// Right of the marker, else left of it; first where no dot is covered, then over dots; else cut short.
    private static func drawLabel(_ label: String, beside cell: Point, in buffer: CellBuffer, area: Rect,
                                  occupied: inout Set<Point>, dotted: Set<Point>, style: Style) {
        let text = TextSanitizer.sanitize(label)
        let width = DisplayWidth.of(text)
        func isFree(from x: Int, coveringDots: Bool) -> Bool {
            guard x >= area.x, x + width <= area.maxX else { return false }
            return (x..<(x + width)).allSatisfy { column in
                let point = Point(x: column, y: cell.y)
                return !occupied.contains(point) && (coveringDots || !dotted.contains(point))
            }
        }
        var placement: (x: Int, text: String)?
        for coveringDots in [false, true] where placement == nil {
            if isFree(from: cell.x + 2, coveringDots: coveringDots) {
                placement = (cell.x + 2, text)
            } else if isFree(from: cell.x - 1 - width, coveringDots: coveringDots) {
                placement = (cell.x - 1 - width, text)
            }
        }
        if placement == nil {
            // Cut to the room on the right, when that leaves a few letters.
            var room = 0
            while cell.x + 2 + room < area.maxX, !occupied.contains(Point(x: cell.x + 2 + room, y: cell.y)) { room += 1 }
            if room >= 4 { placement = (cell.x + 2, TextLayout.truncate(text, toWidth: room)) }
        }
        guard let placement else { return }
        let written = buffer.write(placement.text, at: Point(x: placement.x, y: cell.y), style: style, clip: area)
        for x in placement.x..<(placement.x + written) { occupied.insert(Point(x: x, y: cell.y)) }
    }
}

/// The units a scale bar counts in.
public enum MapScaleUnits: Hashable, Sendable {
    case metric, imperial
}

/// "├────┤ 200 m" with "N ↑" at the right: a round length that spans at most a third of the row.
public enum MapScaleBar {
    /// Draws the bar; `metresPerCell` is how far one column spans.
    public static func draw(in buffer: CellBuffer, rect: Rect, metresPerCell: Double, units: MapScaleUnits,
                            theme: Theme) {
        guard rect.width > 0, rect.height > 0 else { return }
        let north = "N ↑"
        let northWidth = rect.width >= 16 ? DisplayWidth.of(north) + 1 : 0
        if northWidth > 0 {
            buffer.write(north, at: Point(x: rect.maxX - northWidth + 1, y: rect.y), style: theme.secondary, clip: rect)
        }
        let maxCells = max(2, (rect.width - northWidth) / 3)
        guard let (length, label) = roundLength(maxMetres: Double(maxCells) * metresPerCell, units: units),
              metresPerCell > 0 else { return }
        let cells = min(maxCells, max(2, Int((length / metresPerCell).rounded())))
        let (leftEnd, line, rightEnd) = ("├", "─", "┤")
        let bar = leftEnd + String(repeating: line, count: cells - 2) + rightEnd + " " + label
        buffer.write(bar, at: Point(x: rect.x, y: rect.y), style: theme.secondary,
                     maxWidth: rect.width - northWidth, clip: rect)
    }

    /// The longest round length (1, 2 or 5 times a power of ten) up to `maxMetres`, and its text.
    public static func roundLength(maxMetres: Double, units: MapScaleUnits) -> (metres: Double, label: String)? {
        guard maxMetres.isFinite, maxMetres > 0 else { return nil }
        switch units {
        case .metric:
            guard let metres = round(upTo: maxMetres, smallest: 1) else { return nil }
            return (metres, metres < 1_000 ? "\(Int(metres)) m" : "\(Int(metres / 1_000)) km")
        case .imperial:
            let feet = maxMetres / 0.3048, miles = maxMetres / 1_609.344
            if miles >= 0.1, let value = round(upTo: miles, smallest: 0.1) {
                let text = value < 1 ? "0.\(Int((value * 10).rounded()))" : "\(Int(value.rounded()))"
                return (value * 1_609.344, text + " mi")
            }
            guard let value = round(upTo: feet, smallest: 1) else { return nil }
            return (value * 0.3048, "\(Int(value)) ft")
        }
    }

    private static func round(upTo limit: Double, smallest: Double) -> Double? {
        var best: Double?
        var power = smallest
        while power <= limit {
            for step in [1.0, 2.0, 5.0] where power * step <= limit * (1 + 1e-9) { best = power * step }
            power *= 10
        }
        return best
    }
}
