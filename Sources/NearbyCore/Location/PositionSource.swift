/// A position from a satellite receiver, with how far off it may be.
public struct GPSFix: Hashable, Sendable {
    public enum Mode: Int, Hashable, Sendable {
        /// Latitude and longitude only.
        case twoD = 2
        /// With altitude.
        case threeD = 3
    }

    public var coordinate: Coordinate
    /// The receiver's estimate of the horizontal error in metres (95 %), when it gives one.
    public var accuracy: Double?
    public var mode: Mode

    public init(coordinate: Coordinate, accuracy: Double?, mode: Mode) {
        self.coordinate = coordinate
        self.accuracy = accuracy
        self.mode = mode
    }
}

/// What a position source says, as it says it.
public enum PositionUpdate: Hashable, Sendable {
    /// A position.
    case fix(GPSFix)
    /// The receiver is there but has no position (indoors, just switched on); the detail says which.
    case noFix(String)
    /// The source cannot be reached (gpsd not running); the detail is a sentence for the user.
    case unavailable(String)
}

/// Where positions come from while the app runs (gpsd). Screens see only this.
public protocol PositionSource: Sendable {
    /// Updates until the stream's consumer stops listening; the source reconnects by itself after a failure.
    func updates() -> AsyncStream<PositionUpdate>
}
