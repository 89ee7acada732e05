import FoundationEssentials
import NearbyCore

/// A place Home may show, with its opening hours parsed once.
struct HomeCandidate: Sendable {
    let hit: PlaceHit
    let hours: OpeningHours?

    init(hit: PlaceHit) {
        self.hit = hit
        hours = hit.place.openingHours.map(OpeningHours.init)
    }

    /// The state at `date`; "unknown" for a place without hours, unless the source reported it open or closed.
    func status(at date: Date, zones: PlaceZones, holidays: HolidayDirectory) -> OpeningStatus {
        hit.place.openingStatus(hours: hours, at: date,
                                in: HoursContext(place: hit.place, zone: zones.zone(for: hit.place), holidays: holidays))
    }
}

/// Where one section's loading stands: the last good value, the last failure, and whether a load runs.
struct Loadable<Value, Failure: Error> {
    var value: Value?
    var failure: Failure?
    var isLoading = false

    mutating func start() {
        isLoading = true
    }

    mutating func finish(_ outcome: Result<Value, Failure>) {
        isLoading = false
        switch outcome {
        case .success(let value):
            self.value = value
            failure = nil
        case .failure(let error):
            failure = error
        }
    }

    var hasFailed: Bool { failure != nil }
}
