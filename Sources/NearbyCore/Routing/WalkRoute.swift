/// A walk from one point to another along the network, for the detail map and `nearby route`.
public struct WalkRoute: Hashable, Sendable {
    /// One stretch along a way of one name (or a run of unnamed ways).
    public struct Stretch: Hashable, Sendable {
        /// The way's name; nil for an unnamed path.
        public var name: String?
        public var length: Double

        public init(name: String?, length: Double) {
            self.name = name
            self.length = length
        }
    }

    /// Metres walked, from the start point to the end point (the steps on and off the network included).
    public var length: Double
    /// The line walked, start to end.
    public var points: [Coordinate]
    public var stretches: [Stretch]
    /// Metres climbed; nil because OpenStreetMap extracts carry no elevation.
    public var ascent: Double?
    /// Metres from the start and the end to the nearest path (walked in a straight line).
    public var offNetwork: Double

    public init(length: Double, points: [Coordinate], stretches: [Stretch], ascent: Double? = nil,
                offNetwork: Double) {
        self.length = length
        self.points = points
        self.stretches = stretches
        self.ascent = ascent
        self.offNetwork = offNetwork
    }

    /// Walking minutes at `pace`.
    public func minutes(at pace: WalkingPace = .standard) -> Double { pace.minutes(for: length) }

    /// The names in walking order, each once per stretch ("Städtle, Äulestrasse").
    public var wayNames: [String] { stretches.compactMap(\.name) }
}

/// How fast a person walks.
public struct WalkingPace: Hashable, Sendable {
    public var metresPerMinute: Double

    public init(metresPerMinute: Double) {
        self.metresPerMinute = metresPerMinute
    }

    /// 4.8 km/h (80 m a minute), the pace city signposts and most route planners assume on the flat.
    public static let standard = WalkingPace(metresPerMinute: 80)

    public func minutes(for metres: Double) -> Double { metres / metresPerMinute }
}
