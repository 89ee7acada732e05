import NearbyCore

/// The walking times a list holds for its places, and whether it can have any.
///
/// Filled by one search from here for each batch of places loaded; a place the network does not reach keeps
/// an entry of nil, so it sorts after every reachable one. Without a network (a live source, or a store
/// imported before paths were kept) the list shows straight-line distances and says so.
struct WalkingTimes {
    enum Availability: Equatable {
        /// Nothing asked yet, or the first answer is on its way.
        case unknown
        case available
        /// Straight lines only, and the sentence saying why.
        case unavailable(String)
    }

    private(set) var availability = Availability.unknown
    private var estimates: [PlaceID: WalkEstimate?] = [:]
    /// Places a search is under way for: asking again before it answers would only start it over.
    private var asked: Set<PlaceID> = []

    // Short enough for one line of an 80-column list.
    static let noRouterNote = "Distances are straight lines: walking times need the local store's paths"
    /// True of the demo town, an empty store and a store imported before paths were kept alike.
    static let noNetworkNote = "Distances are straight lines: no paths in the store (nearby import adds them)"

    /// The places among `hits` without an answer yet.
    func missing(_ hits: [PlaceHit]) -> [PlaceHit] {
        hits.filter { estimates[$0.id] == nil }
    }

    /// Notes a search for `hits`, which replaces any search under way; false when the one under way already
    /// covers every one of them.
    mutating func ask(_ hits: [PlaceHit]) -> Bool {
        let ids = Set(hits.map(\.id))
        guard !ids.isSubset(of: asked) else { return false }
        asked = ids
        return true
    }

    /// Whether a place has an answer (a walk, or none).
    func isKnown(_ id: PlaceID) -> Bool { estimates[id] != nil }

    mutating func record(_ walks: [WalkEstimate?], for hits: [PlaceHit]) {
        availability = .available
        for (hit, walk) in zip(hits, walks) { estimates[hit.id] = .some(walk) }
        asked.subtract(hits.map(\.id))
    }

    mutating func recordFailure(_ error: RoutingError) {
        asked = []
        switch error {
        case .noNetwork: availability = .unavailable(Self.noNetworkNote)
        case .storage(let message): availability = .unavailable("Distances are straight lines: walking times failed (\(message))")
        }
    }

    mutating func markUnavailable(_ note: String) {
        availability = .unavailable(note)
    }

    /// Forgets every answer (here moved).
    mutating func reset() {
        estimates = [:]
        asked = []
        if availability == .available { availability = .unknown }
    }

    /// What a row says of a place the network does not reach.
    static let noPath = "no path"

    /// "7 min"; "no path" for a place the network does not reach; nil while unknown or unavailable.
    func text(for id: PlaceID, pace: WalkingPace) -> String? {
        guard availability == .available, let known = estimates[id] else { return nil }
        guard let walk = known else { return Self.noPath }
        return WalkingTimeText.minutes(walk.minutes(at: pace))
    }

    /// The note the list shows under its title, or nil while walking times are shown.
    var note: String? {
        if case .unavailable(let note) = availability { return note }
        return nil
    }

    /// Metres walked, infinity for a place without a walk or an answer, for sorting.
    func sortKey(_ hit: PlaceHit) -> Double {
        guard let known = estimates[hit.id], let walk = known else { return .infinity }
        return walk.metres
    }
}

extension WalkingRouter {
    /// The walks from `here` to each place, or why there are none, as the one value the lists' events carry.
    func walkResults(from here: Coordinate, to hits: [PlaceHit]) async -> Result<[WalkEstimate?], RoutingError> {
        do throws(RoutingError) {
            return .success(try await walks(from: here, to: hits.map(\.place.coordinate)))
        } catch {
            return .failure(error)
        }
    }
}
