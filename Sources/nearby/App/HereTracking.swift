import FoundationEssentials
import NearbyCore
import NearbyData
import NearbyViewModels

/// `--near gps`: a tracker on gpsd that starts at the last place used and remembers each place it moves to.
enum HereTracking {
    /// Whether a `near` value asks for the GPS.
    static func isGPS(_ near: String) -> Bool {
        near.trimmingSpaces().lowercased() == "gps"
    }

    @MainActor
    static func tracker(settings: AppSettings, fallback: NearLocation?, last: LastLocation) -> HereTracker {
        let start = fallback?.coordinate ?? Coordinate(latitude: 0, longitude: 0)
        let name = fallback?.name ?? fallback.map { "\($0.coordinate.latitude), \($0.coordinate.longitude)" }
            ?? "no place yet"
        let tracker = HereTracker(source: settings.gpsd, fallback: start, fallbackName: name)
        // Each move is remembered, so the next start without a fix begins where the walker was.
        tracker.moves.bind { [weak tracker] _ in
            guard let tracker else { return }
            last.write(NearLocation(name: nil, coordinate: tracker.here.value))
        }.store(in: &tokens)
        return tracker
    }

    @MainActor private static var tokens: [ObservationToken] = []
}
