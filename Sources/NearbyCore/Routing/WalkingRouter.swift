/// Walking distances on real paths, for lists ("7 min") and the detail's route. Screens see only this.
public protocol WalkingRouter: Sendable {
    /// The walk from `start` to each target, in the targets' order; nil for a target the network does not
    /// reach (off every path, or cut off within any sensible detour). One search, whatever the count.
    /// Throws `.noNetwork` when there is no network to walk on.
    func walks(from start: Coordinate, to targets: [Coordinate]) async throws(RoutingError) -> [WalkEstimate?]
    /// The walk with its line and way names; nil when there is none.
    func route(from start: Coordinate, to end: Coordinate) async throws(RoutingError) -> WalkRoute?
    /// The streets and paths within `metres` of `center` (a square), for a map; none where the router has no
    /// network of its own to show.
    func streets(around center: Coordinate, within metres: Double) async throws(RoutingError) -> [MapStreet]
}

extension WalkingRouter {
    public func streets(around center: Coordinate, within metres: Double) async throws(RoutingError) -> [MapStreet] {
        []
    }
}

/// One target's walk: metres along paths (the steps to and from the nearest path included).
public struct WalkEstimate: Hashable, Sendable {
    public var metres: Double

    public init(metres: Double) {
        self.metres = metres
    }

    public func minutes(at pace: WalkingPace = .standard) -> Double { pace.minutes(for: metres) }
}

/// How far a search may walk: four times the farthest straight line and 10 km more, so a place across a
/// river or a ridge is still found by its bridge or pass; never past 60 km. A single route may walk 60 km.
public enum WalkSearchLimit {
    public static let longest = 60_000.0

    public static func metres(from start: Coordinate, to targets: [Coordinate]) -> Double {
        let farthest = targets.map { start.distance(to: $0) }.max() ?? 0
        return min(farthest * 4 + 10_000, longest)
    }
}

/// Minutes as lists show them: "1 min", "7 min", "1 h 05", "12 h+".
public enum WalkingTimeText {
    public static func minutes(_ minutes: Double) -> String {
        let rounded = max(1, Int(minutes.rounded()))
        if rounded < 60 { return "\(rounded) min" }
        if rounded >= 12 * 60 { return "12 h+" }
        let remainder = rounded % 60
        return "\(rounded / 60) h \(remainder < 10 ? "0" : "")\(remainder)"
    }
}
