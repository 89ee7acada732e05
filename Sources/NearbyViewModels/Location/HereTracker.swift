import NearbyCore

/// Where "here" is while the app runs with `--near gps`: follows a position source, moves `here` only when
/// the walker has gone more than `moveThreshold` (so a fix that jitters by a few metres re-sorts nothing),
/// and falls back to the last place used, saying so, while there is no fix.
@MainActor
public final class HereTracker {
    /// Metres moved before lists measure from the new place.
    public static let moveThreshold = 40.0

    /// The point lists measure from.
    public let here: Observable<Coordinate>
    /// Bumped each time `here` moves; lists reload from the new point.
    public let moves = Observable(0)
    /// The receiver's accuracy in metres while it has a fix.
    public let accuracy = Observable<Double?>(nil)
    /// For the header: "GPS ±8 m", "GPS: no fix yet".
    public let headerText: Observable<String>
    /// A row saying why the position is not the GPS's, or nil while it is.
    public let fallbackNotice: Observable<String?>

    private let source: any PositionSource
    private let fallbackName: String
    private var task: Task<Void, Never>?
    private var hasFix = false

    /// - Parameters:
    ///   - fallback: the last place used (or the store's main town), shown until the first fix.
    ///   - fallbackName: how to name it ("Vaduz", "47.1410, 9.5209").
    public init(source: any PositionSource, fallback: Coordinate, fallbackName: String) {
        self.source = source
        self.fallbackName = DisplayText.oneLine(fallbackName)
        here = Observable(fallback)
        headerText = Observable("GPS: waiting for gpsd")
        fallbackNotice = Observable("Waiting for the GPS — showing \(DisplayText.oneLine(fallbackName)) until then")
    }

    /// Starts following the source (once).
    public func start() {
        guard task == nil else { return }
        let updates = source.updates()
        task = Task { [weak self] in
            for await update in updates {
                guard let self, !Task.isCancelled else { return }
                self.apply(update)
            }
        }
    }

    /// Stops following; the stream's thread ends.
    public func stop() {
        task?.cancel()
        task = nil
    }

    /// Returns once the source's stream has ended and every update is applied (tests, instead of sleeping).
    public func finished() async {
        await task?.value
    }

    /// One update from the source.
    func apply(_ update: PositionUpdate) {
        switch update {
        case .fix(let fix):
            accuracy.update(fix.accuracy)
            headerText.update("GPS " + (fix.accuracy.map(Self.accuracyText) ?? "fix, accuracy unknown"))
            fallbackNotice.update(nil)
            if !hasFix || here.value.distance(to: fix.coordinate) > Self.moveThreshold {
                hasFix = true
                here.update(fix.coordinate)
                moves.value += 1
            }
        case .noFix(let reason):
            accuracy.update(nil)
            headerText.update("GPS: no fix")
            fallbackNotice.update(hasFix
                ? "No GPS fix (\(DisplayText.oneLine(reason))) — showing the last position"
                : "No GPS fix (\(DisplayText.oneLine(reason))) — showing \(fallbackName)")
        case .unavailable(let reason):
            accuracy.update(nil)
            headerText.update("GPS: off")
            fallbackNotice.update(hasFix
                ? "GPS unavailable: \(DisplayText.oneLine(reason)) — showing the last position"
                : "GPS unavailable: \(DisplayText.oneLine(reason)) — showing \(fallbackName)")
        }
    }

    /// "±8 m", "±25 m", "±150 m", "±1.2 km": rounded so a jittering estimate does not redraw the header.
    static func accuracyText(_ metres: Double) -> String {
        // gpsd's reports are checked already; this keeps any other source's absurd figure off the header too.
        guard metres.isFinite, metres >= 0 else { return "accuracy unknown" }
        if metres >= 100_000 { return "±100+ km" }
        return switch metres {
        case ..<10: "±\(max(1, Int(metres.rounded()))) m"
        case ..<100: "±\(Int((metres / 5).rounded()) * 5) m"
        case ..<1_000: "±\(Int((metres / 50).rounded()) * 50) m"
        default: "±\(Int((metres / 100).rounded()) / 10).\(Int((metres / 100).rounded()) % 10) km"
        }
    }
}
