import Foundation
import NearbyCore

/// A live source for tests (Google-like): places in memory, answers that come from a cache fetched at a
/// known instant, counts that may be "at least", and a refresh the test can make fail. It records the
/// reach of every query and every refresh.
actor LivePlacesProvider: PlacesProvider {
    private var all: [Place]
    private var fetchedAt: Date
    /// The instant a successful refresh makes the answers' `fetchedAt`.
    private var refreshedAt: Date
    private var refreshFailure: PlacesError?
    private var placesFailure: PlacesError?
    /// Whether answers are only the nearest of more (Google's 20), so counts are "at least".
    private let isCapped: Bool
    private(set) var reaches: [PlaceQueryReach] = []
    private(set) var refreshes: [PlaceQuery] = []
    private(set) var oldCountCalls = 0

    init(places: [Place], fetchedAt: Date, refreshedAt: Date, isCapped: Bool = false) {
        all = places
        self.fetchedAt = fetchedAt
        self.refreshedAt = refreshedAt
        self.isCapped = isCapped
    }

    nonisolated var isLive: Bool { true }

    func failRefresh(with error: PlacesError?) { refreshFailure = error }
    func failPlaces(with error: PlacesError?) { placesFailure = error }

    func places(_ query: PlaceQuery, after cursor: PageCursor?) async throws(PlacesError) -> PlacesPage {
        reaches.append(query.reach)
        if let placesFailure { throw placesFailure }
        let hits = matching(query)
        return PlacesPage(hits: Array(hits.prefix(query.limit)), next: nil, attributions: ["Google Maps"],
                          fetchedAt: fetchedAt, isCapped: isCapped)
    }

    func place(id: PlaceID, from center: Coordinate) async throws(PlacesError) -> PlaceHit {
        guard let place = all.first(where: { $0.id == id }) else { throw .notFound }
        return PlaceHit(place: place, distance: center.distance(to: place.coordinate),
                        bearing: center.bearing(to: place.coordinate))
    }

    func count(near center: Coordinate, radius: Double, category: Category?) async throws(PlacesError) -> Int {
        oldCountCalls += 1
        return matching(PlaceQuery(center: center, radius: radius, category: category)).count
    }

    func count(_ query: PlaceQuery) async throws(PlacesError) -> PlaceCount {
        reaches.append(query.reach)
        if let placesFailure { throw placesFailure }
        return PlaceCount(matching(query).count, isExact: !isCapped)
    }

    func refresh(_ query: PlaceQuery) async throws(PlacesError) {
        refreshes.append(query)
        if let refreshFailure { throw refreshFailure }
        fetchedAt = refreshedAt
    }

    private func matching(_ query: PlaceQuery) -> [PlaceHit] {
        all.filter { query.category == nil || $0.category == query.category }
            .map { PlaceHit(place: $0, distance: query.center.distance(to: $0.coordinate),
                            bearing: query.center.bearing(to: $0.coordinate)) }
            .filter { $0.distance <= query.radius }
            .sorted { ($0.distance, $0.place.name) < ($1.distance, $1.place.name) }
    }
}
