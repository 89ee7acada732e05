import FoundationEssentials
import NearbyCore
import NearbyData

/// How `nearby route` prints a walk: lines for people, JSON for scripts.
enum RouteOutput {
    static func text(_ route: WalkRoute, from start: NearLocation, to end: NearLocation) -> String {
        var lines = ["Walk from \(name(start)) to \(name(end)): \(distance(route.length)), "
                     + "\(WalkingTimeText.minutes(route.minutes())) at 4.8 km/h"]
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

    static func json(_ route: WalkRoute, from start: NearLocation, to end: NearLocation) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let output = JSONRoute(
            from: JSONPoint(start), to: JSONPoint(end), lengthM: rounded(route.length),
            minutes: rounded(route.minutes()), paceKmh: WalkingPace.standard.metresPerMinute * 60 / 1000,
            offNetworkM: rounded(route.offNetwork), ascentM: route.ascent,
            ways: route.stretches.map { JSONStretch(name: $0.name, lengthM: rounded($0.length)) },
            line: route.points.map { [$0.latitude, $0.longitude] })
        return String(decoding: try encoder.encode(output), as: UTF8.self)
    }

    /// "Vaduz (47.1410, 9.5209)" or the coordinates alone.
    static func name(_ location: NearLocation) -> String {
        let point = "\(coordinate(location.coordinate.latitude)), \(coordinate(location.coordinate.longitude))"
        guard let name = location.name else { return point }
        return "\(TerminalText.safe(name)) (\(point))"
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

    private static func distance(_ metres: Double) -> String { DistanceFormatting.distance(metres, units: .metric) }

    private static func rounded(_ value: Double) -> Double { (value * 10).rounded() / 10 }

    private static func coordinate(_ value: Double) -> String {
        let scaled = Int((abs(value) * 10_000).rounded())
        let fraction = String(scaled % 10_000)
        return (value < 0 ? "-" : "") + "\(scaled / 10_000)." + String(repeating: "0", count: 4 - fraction.count) + fraction
    }

    private struct JSONRoute: Encodable {
        let from: JSONPoint
        let to: JSONPoint
        let lengthM: Double
        let minutes: Double
        let paceKmh: Double
        let offNetworkM: Double
        let ascentM: Double?
        let ways: [JSONStretch]
        let line: [[Double]]

        enum CodingKeys: String, CodingKey {
            case from, to, lengthM = "length_m", minutes, paceKmh = "pace_kmh", offNetworkM = "off_network_m"
            case ascentM = "ascent_m", ways, line
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(from, forKey: .from)
            try container.encode(to, forKey: .to)
            try container.encode(lengthM, forKey: .lengthM)
            try container.encode(minutes, forKey: .minutes)
            try container.encode(paceKmh, forKey: .paceKmh)
            try container.encode(offNetworkM, forKey: .offNetworkM)
            // Always present, null without elevation data, so every answer has the same keys.
            try container.encode(ascentM, forKey: .ascentM)
            try container.encode(ways, forKey: .ways)
            try container.encode(line, forKey: .line)
        }
    }

    private struct JSONPoint: Encodable {
        let name: String?
        let lat: Double
        let lon: Double

        init(_ location: NearLocation) {
            name = location.name
            lat = location.coordinate.latitude
            lon = location.coordinate.longitude
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(name, forKey: .name)
            try container.encode(lat, forKey: .lat)
            try container.encode(lon, forKey: .lon)
        }

        enum CodingKeys: String, CodingKey { case name, lat, lon }
    }

    private struct JSONStretch: Encodable {
        let name: String?
        let lengthM: Double

        enum CodingKeys: String, CodingKey { case name, lengthM = "length_m" }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(name, forKey: .name)
            try container.encode(lengthM, forKey: .lengthM)
        }
    }
}
