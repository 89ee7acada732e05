import FoundationEssentials
import NearbyCore
import NearbyData

/// How `nearby route` prints a walk: lines for people, JSON for scripts.
enum RouteOutput {
    static func text(_ route: WalkRoute, from start: NearLocation, to end: NearLocation,
                     units: UnitSystem = .metric) -> String {
        func distance(_ metres: Double) -> String { DistanceFormatting.distance(metres, units: units) }
        let pace = units == .imperial ? "3 mph" : "4.8 km/h"
        guard route.length > 0 || !route.stretches.isEmpty else {
            return "Walk from \(name(start)) to \(name(end)): \(distance(0)), you are there."
        }
        var lines = ["Walk from \(name(start)) to \(name(end)): \(distance(route.length)), "
                     + "\(WalkingTimeText.minutes(route.minutes())) at \(pace)"]
        let names = route.stretches.map { TerminalText.safe($0.name ?? "path") }
        let width = min(names.map(\.count).max() ?? 0, 40)
        for (stretch, name) in zip(route.stretches, names) {
            let shown = String(name.prefix(40))
            lines.append("  " + NumberText.leftAligned(shown, width: width) + "  "
                         + NumberText.rightAligned(distance(stretch.length), width: 8))
        }
        if route.offNetwork >= 20 {
            lines.append("  (\(distance(route.offNetwork)) of it in a straight line to and from the nearest path)")
        }
        return lines.joined(separator: "\n")
    }

    /// The walk in the command line's one JSON style (`JSONOutput`): snake_case keys, coordinates to seven
    /// decimals, lengths in whole metres and minutes as the text says them, every key present.
    static func json(_ route: WalkRoute, from start: NearLocation, to end: NearLocation) -> String {
        func point(_ location: NearLocation) -> JSONOutput {
            .object([("name", .text(location.name)), ("lat", .degrees(location.coordinate.latitude)),
                     ("lon", .degrees(location.coordinate.longitude))])
        }
        return JSONOutput.object([
            ("from", point(start)), ("to", point(end)), ("length_m", .rounded(route.length)),
            ("minutes", .walkMinutes(metres: route.length)),
            ("pace_kmh", .number(WalkingPace.standard.metresPerMinute * 60 / 1000)),
            ("off_network_m", .rounded(route.offNetwork)),
            // Always present, null without elevation data, so every answer has the same keys.
            ("ascent_m", .decimal(route.ascent)),
            ("ways", .array(route.stretches.map { .object([("name", .text($0.name)), ("length_m", .rounded($0.length))]) })),
            ("line", .array(route.points.map { .array([.degrees($0.latitude), .degrees($0.longitude)]) })),
        ]).rendered()
    }

    /// "Vaduz (47.1410, 9.5209)" or the coordinates alone.
    static func name(_ location: NearLocation) -> String {
        let point = "\(coordinate(location.coordinate.latitude)), \(coordinate(location.coordinate.longitude))"
        guard let name = location.name else { return point }
        return "\(TerminalText.safe(name)) (\(point))"
    }

    /// Why there is no walk, as the end of a sentence.
    static func reason(_ reason: NoWalkReason, units: UnitSystem) -> String {
        let reach = DistanceFormatting.radius(WalkSearch.snapRadius, units: units)
        switch reason {
        case .offPaths(start: true, end: true): return "both ends are more than \(reach) from any path."
        case .offPaths(start: true, end: false): return "the start is more than \(reach) from any path."
        case .offPaths: return "the end is more than \(reach) from any path."
        case .notJoined: return "no path joins them."
        case .beyondLimit(let metres):
            return "no walk of up to \(DistanceFormatting.radius(metres, units: units)) on paths reaches the end "
                + "(the longest walk Nearby looks for)."
        }
    }

    static func explanation(_ error: RoutingError, storeDirectory: String) -> String {
        switch error {
        case .noNetwork:
            "The store in \(storeDirectory) holds no walking network. Import an OpenStreetMap extract "
                + "(again, if it was imported by an older version): nearby import FILE.osm.pbf"
        case .storage(let message):
            message
        }
    }

    private static func coordinate(_ value: Double) -> String {
        let scaled = Int((abs(value) * 10_000).rounded())
        let fraction = String(scaled % 10_000)
        return (value < 0 ? "-" : "") + "\(scaled / 10_000)." + String(repeating: "0", count: 4 - fraction.count) + fraction
    }
}
