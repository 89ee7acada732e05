import Foundation
import NearbyCore

/// A places provider for tests: places in memory, nearest first, with failures and held calls on demand.
actor FakePlacesProvider: PlacesProvider {
    /// Which call a failure or a hold applies to.
    enum Call: Hashable, Sendable {
        /// `places` for one category.
        case places(Category)
        /// `count` for one category.
        case count(Category)
        /// `count` of every category.
        case total
    }

    private var all: [Place]
    private var failures: [Call: PlacesError] = [:]
    private var holding: Set<Call> = []
    private var held: [(call: Call, continuation: CheckedContinuation<Void, Never>)] = []
    private var arrivalWaiters: [CheckedContinuation<Void, Never>] = []
    private(set) var calls: [Call] = []

    init(places: [Place]) {
        all = places
    }

    func setPlaces(_ places: [Place]) { all = places }

    /// Every later `call` fails with `error` (nil: succeeds again).
    func fail(_ call: Call, with error: PlacesError?) { failures[call] = error }

    /// Every later `call` waits until the test releases it.
    func hold(_ call: Call) { holding.insert(call) }

    /// Waits until a held `call` arrives (or has), then lets it go on.
    func release(_ call: Call) async {
        while true {
            if let index = held.firstIndex(where: { $0.call == call }) {
                held.remove(at: index).continuation.resume()
                return
            }
            await withCheckedContinuation { arrivalWaiters.append($0) }
        }
    }

    /// Waits until a `call` is held.
    func waitUntilHeld(_ call: Call) async {
        while !held.contains(where: { $0.call == call }) {
            await withCheckedContinuation { arrivalWaiters.append($0) }
        }
    }

    func callCount(_ call: Call) -> Int { calls.filter { $0 == call }.count }

    // MARK: PlacesProvider

    func places(_ query: PlaceQuery, after cursor: PageCursor?) async throws(PlacesError) -> PlacesPage {
        let call = query.category.map(Call.places) ?? .total
        try await pass(call)
        let hits = matching(query.center, query.radius, query.category)
        let start = cursor.flatMap { Int($0.token) } ?? 0
        let end = min(start + query.limit, hits.count)
        let page = start < end ? Array(hits[start..<end]) : []
        return PlacesPage(hits: page, next: end < hits.count ? PageCursor(token: String(end)) : nil)
    }

    func place(id: PlaceID, from center: Coordinate) async throws(PlacesError) -> PlaceHit {
        guard let place = all.first(where: { $0.id == id }) else { throw .notFound }
        return PlaceHit(place: place, distance: center.distance(to: place.coordinate),
                        bearing: center.bearing(to: place.coordinate))
    }

    func count(near center: Coordinate, radius: Double, category: Category?) async throws(PlacesError) -> Int {
        try await pass(category.map(Call.count) ?? .total)
        return matching(center, radius, category).count
    }

    // MARK: Inside

    private func matching(_ center: Coordinate, _ radius: Double, _ category: Category?) -> [PlaceHit] {
        all.filter { category == nil || $0.category == category }
            .map { PlaceHit(place: $0, distance: center.distance(to: $0.coordinate),
                            bearing: center.bearing(to: $0.coordinate)) }
            .filter { $0.distance <= radius }
            .sorted { ($0.distance, $0.place.name) < ($1.distance, $1.place.name) }
    }

    private func pass(_ call: Call) async throws(PlacesError) {
        calls.append(call)
        if holding.contains(call) {
            await withCheckedContinuation { continuation in
                held.append((call, continuation))
                let waiters = arrivalWaiters
                arrivalWaiters.removeAll()
                for waiter in waiters { waiter.resume() }
            }
        }
        if let error = failures[call] { throw error }
    }
}
