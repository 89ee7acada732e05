import TerminalText

/// A street or path on a map: its line, and its name where it has one.
public struct MapLine: Hashable, Sendable {
    public var points: [MapLocation]
    public var name: String?

    public init(points: [MapLocation], name: String? = nil) {
        self.points = points
        self.name = name
    }
}

extension MapCanvas {
    /// A line's dots on the map, and how many: the longer on the map, the likelier its name is shown.
    struct StreetDots {
        var name: String?
        var dots: [MapLocation]
    }

    /// The names shown at most: more would cover the streets they name.
    static let streetNames = 6

    /// Each line's dots within the map: a segment wholly off the map on one side is skipped before any dot is
    /// made, so a network kilometres wide costs what the map shows of it.
    static func streetDots(_ lines: [MapLine], projection: MapProjection) -> [StreetDots] {
        let halfEast = Double(projection.dotColumns) / 2 * projection.metresPerDot
        let halfNorth = Double(projection.dotRows) / 2 * projection.metresPerDot
        var result: [StreetDots] = []
        for line in lines {
            var dots: [MapLocation] = []
            for (from, to) in zip(line.points, line.points.dropFirst()) {
                guard let a = projection.offset(of: from), let b = projection.offset(of: to) else { continue }
                if (a.east < -halfEast && b.east < -halfEast) || (a.east > halfEast && b.east > halfEast)
                    || (a.north < -halfNorth && b.north < -halfNorth) || (a.north > halfNorth && b.north > halfNorth) {
                    continue
                }
                dots += pathDots([from, to], projection: projection).filter { projection.dot(for: $0) != nil }
            }
            if !dots.isEmpty { result.append(StreetDots(name: line.name, dots: dots)) }
        }
        return result
    }

    /// How many cells a street's dots span across the map (rows count twice, as a cell is twice as tall): a
    /// street drawn shorter than its name is a few dots, not a street to name (a map zoomed far out).
    static func spansCells(_ dots: [MapLocation], projection: MapProjection, glyphs: MapGlyphs) -> Int {
        var minX = Int.max, maxX = Int.min, minY = Int.max, maxY = Int.min
        for dot in dots {
            guard let cell = projection.dot(for: dot) else { continue }
            minX = min(minX, cell.x / glyphs.dotsAcross)
            maxX = max(maxX, cell.x / glyphs.dotsAcross)
            minY = min(minY, cell.y / glyphs.dotsDown)
            maxY = max(maxY, cell.y / glyphs.dotsDown)
        }
        guard minX <= maxX else { return 0 }
        return max(maxX - minX + 1, (maxY - minY + 1) * 2)
    }

    /// The names of the longest named streets on the map, each once, written along the row at the middle of its
    /// dots where the cells are free of markers, labels and other names.
    static func drawStreetNames(_ streets: [StreetDots], in buffer: CellBuffer, area: Rect, projection: MapProjection,
                                glyphs: MapGlyphs, occupied: inout Set<Point>, style: Style) {
        var byName: [String: [MapLocation]] = [:]
        for street in streets {
            guard let name = street.name.map(TextSanitizer.sanitize), !name.isEmpty else { continue }
            byName[name, default: []] += street.dots
        }
        let longest = byName.sorted { $0.value.count != $1.value.count ? $0.value.count > $1.value.count : $0.key < $1.key }
        var shown = 0
        for (name, dots) in longest where shown < streetNames {
            let width = DisplayWidth.of(name)
            guard width + 2 <= area.width, spansCells(dots, projection: projection, glyphs: glyphs) >= width else {
                continue
            }
            // The middle of its dots first, then farther along either way, until a place is free.
            for fraction in [0.5, 0.35, 0.65, 0.2, 0.8] {
                guard let dot = projection.dot(for: dots[min(dots.count - 1, Int(Double(dots.count) * fraction))])
                else { continue }
                // Centred on the dot's cell, kept inside the map.
                let cellX = area.x + dot.x / glyphs.dotsAcross, y = area.y + dot.y / glyphs.dotsDown
                let x = min(max(area.x, cellX - width / 2), area.maxX - width)
                let cells = (x - 1)...(x + width)
                guard !cells.contains(where: { occupied.contains(Point(x: $0, y: y)) }) else { continue }
                buffer.write(name, at: Point(x: x, y: y), style: style, maxWidth: width, clip: area)
                for column in cells { occupied.insert(Point(x: column, y: y)) }
                shown += 1
                break
            }
        }
    }
}
