import Foundation
import Locking
import NearbyCore

/// A places provider for tests: places in memory, paged nearest first the way the store pages them; it can be
/// told to fail, or to hold calls until the test releases them (no sleeps).
actor PagingPlacesProvider: PlacesProvider {
    enum Operation: Hashable, Sendable {
        case page, place, count
    }

    struct PageCall: Hashable, Sendable {
        var query: PlaceQuery
        var cursor: PageCursor?
    }

    private struct Held {
        var operation: Operation
        var searchText: String?
        var continuation: CheckedContinuation<Void, Never>
    }

    private var places: [Place]
    private var failures: [Operation: PlacesError] = [:]
    /// Fails page calls that continue from a cursor (the "more" pages) only.
    private var moreFailure: PlacesError?
    private var holding: Set<Operation> = []
    private var held: [Held] = []
    private var arrivalWaiters: [CheckedContinuation<Void, Never>] = []
    private(set) var pageCalls: [PageCall] = []
    private(set) var countCalls = 0
    private var details: [PlaceID: Place] = [:]

    init(places: [Place]) {
        self.places = places
    }

    // MARK: Steering

    func fail(_ operation: Operation, with error: PlacesError?) { failures[operation] = error }
    func failMore(with error: PlacesError?) { moreFailure = error }
    func hold(_ operation: Operation) { holding.insert(operation) }
    func stopHolding(_ operation: Operation) { holding.remove(operation) }
    func setPlaces(_ newPlaces: [Place]) { places = newPlaces }
    /// What `place(id:)` answers for this id instead of the listed place (the source's fuller details).
    func setDetails(_ place: Place) { details[place.id] = place }

    /// Waits until a held call of `operation` arrives (or has), then lets it go on.
    func release(_ operation: Operation) async {
        await releaseFirst { $0.operation == operation }
    }

    /// Waits until a held page call searching exactly `text` arrives (or has), then lets it go on.
    func releasePage(searching text: String?) async {
        await releaseFirst { $0.operation == .page && $0.searchText == text }
    }

    func waitUntilHeld(_ operation: Operation, count: Int = 1) async {
        while held.filter({ $0.operation == operation }).count < count {
            await withCheckedContinuation { arrivalWaiters.append($0) }
        }
    }

    private func releaseFirst(where matches: (Held) -> Bool) async {
        while true {
            if let index = held.firstIndex(where: matches) {
                held.remove(at: index).continuation.resume()
                return
            }
            await withCheckedContinuation { arrivalWaiters.append($0) }
        }
    }

    // MARK: PlacesProvider

    func places(_ query: PlaceQuery, after cursor: PageCursor?) async throws(PlacesError) -> PlacesPage {
        pageCalls.append(PageCall(query: query, cursor: cursor))
        await gate(.page, searchText: query.searchText)
        if let error = failures[.page] { throw error }
        if cursor != nil, let moreFailure { throw moreFailure }
        let matching = matches(query)
        let start = cursor.flatMap { Int($0.token) } ?? 0
        let end = min(start + query.limit, matching.count)
        let hits = start < end ? Array(matching[start..<end]) : []
        return PlacesPage(hits: hits, next: end < matching.count ? PageCursor(token: String(end)) : nil,
                          attributions: Array(Set(hits.map(\.place.attribution))).sorted())
    }

    func place(id: PlaceID, from center: Coordinate) async throws(PlacesError) -> PlaceHit {
        await gate(.place, searchText: nil)
        if let error = failures[.place] { throw error }
        guard let place = details[id] ?? places.first(where: { $0.id == id }) else { throw .notFound }
        return Self.hit(place, from: center)
    }

    func count(near center: Coordinate, radius: Double, category: Category?) async throws(PlacesError) -> Int {
        countCalls += 1
        await gate(.count, searchText: nil)
        if let error = failures[.count] { throw error }
        return matches(PlaceQuery(center: center, radius: radius, category: category, limit: 0)).count
    }

    // MARK: Inside

    private func matches(_ query: PlaceQuery) -> [PlaceHit] {
        let words = query.searchText.map { Self.words(SearchFolding.fold($0)) } ?? []
        return places.compactMap { place -> PlaceHit? in
            let hit = Self.hit(place, from: query.center)
            guard hit.distance <= query.radius, query.category.map({ $0 == place.category }) ?? true else { return nil }
            if !words.isEmpty {
                let haystack = Self.words(SearchFolding.fold(place.name)) + Self.words(SearchFolding.fold(place.subtitle))
                guard words.allSatisfy({ word in haystack.contains { $0.hasPrefix(word) } }) else { return nil }
            }
            return hit
        }
        .sorted { ($0.distance, $0.id.description) < ($1.distance, $1.id.description) }
    }

    static func hit(_ place: Place, from center: Coordinate) -> PlaceHit {
        PlaceHit(place: place, distance: center.distance(to: place.coordinate),
                 bearing: center.bearing(to: place.coordinate))
    }

    private static func words(_ text: String) -> [String] {
        text.split { !$0.isLetter && !$0.isNumber }.map(String.init)
    }

    private func gate(_ operation: Operation, searchText: String?) async {
        guard holding.contains(operation) else { return }
        await withCheckedContinuation { continuation in
            held.append(Held(operation: operation, searchText: searchText, continuation: continuation))
            let waiters = arrivalWaiters
            arrivalWaiters.removeAll()
            for waiter in waiters { waiter.resume() }
        }
    }
}

/// Favourites in memory; saving can be held or made to fail.
actor FakeFavouritesStore: FavouritesStore {
    private var saved: Set<PlaceID>
    private var failure: PlacesError?
    private var checkFailure: PlacesError?
    private var holding = false
    private var held: [CheckedContinuation<Void, Never>] = []
    private var arrivalWaiters: [CheckedContinuation<Void, Never>] = []
    private(set) var setCalls: [(PlaceID, Bool)] = []

    init(saved: Set<PlaceID> = []) {
        self.saved = saved
    }

    func fail(with error: PlacesError?) { failure = error }
    func failChecks(with error: PlacesError?) { checkFailure = error }
    func hold() { holding = true }
    func stopHolding() { holding = false }

    /// Waits until a held save arrives (or has), then lets it go on.
    func release() async {
        while held.isEmpty { await withCheckedContinuation { arrivalWaiters.append($0) } }
        held.removeFirst().resume()
    }

    func isFavourite(_ id: PlaceID) async throws(PlacesError) -> Bool {
        if let checkFailure { throw checkFailure }
        return saved.contains(id)
    }

    func setFavourite(_ id: PlaceID, _ favourite: Bool) async throws(PlacesError) {
        setCalls.append((id, favourite))
        if holding {
            await withCheckedContinuation { continuation in
                held.append(continuation)
                let waiters = arrivalWaiters
                arrivalWaiters.removeAll()
                for waiter in waiters { waiter.resume() }
            }
        }
        if let failure { throw failure }
        if favourite { saved.insert(id) } else { saved.remove(id) }
    }

    func favourites() async throws(PlacesError) -> [PlaceID] {
        saved.sorted { $0.description < $1.description }
    }

    func favouritePlaces(order: FavouritesOrder) async throws(PlacesError) -> [FavouritePlace] {
        try await favourites().map { id in
            FavouritePlace(id: id, savedAt: Date(timeIntervalSince1970: 0), place: nil, name: id.description,
                           category: nil, coordinate: nil)
        }
    }
}

/// A clock the test moves by hand.
final class ManualClock: Sendable {
    private let seconds: Locked<Double>

    init(_ date: Date) {
        seconds = Locked(date.timeIntervalSince1970)
    }

    func now() -> Date { Date(timeIntervalSince1970: seconds.withLock { $0 }) }
    func set(_ date: Date) { seconds.withLock { $0 = date.timeIntervalSince1970 } }
}

/// Places and instants the places tests share. "Here" is the demo centre; times are UTC.
enum PlacesSamples {
    static let here = Coordinate(latitude: 47.0, longitude: 8.0)
    static let utc = ZoneRules.utc

    /// "2026-03-02T17:00:00Z" (2026-03-02 is a Monday).
    static func instant(_ text: String) -> Date {
        (try? Date(text, strategy: .iso8601)) ?? Date(timeIntervalSince1970: 0)
    }

    /// The point `north` and `east` metres from here.
    static func offset(north: Double, east: Double = 0) -> Coordinate {
        Coordinate(latitude: here.latitude + north / 111_195,
                   longitude: here.longitude + east / (111_195 * cos(here.latitude * .pi / 180)))
    }

    static func place(_ id: String, _ name: String, _ category: Category = .cafe, north: Double, east: Double = 0,
                      hours: String? = nil, rating: Double? = nil, ratingCount: Int? = nil,
                      cuisine: String? = nil, street: String? = nil) -> Place {
        Place(id: PlaceID(source: .demo, sourceID: id), name: name, category: category,
              coordinate: offset(north: north, east: east), address: Address(street: street, houseNumber: street == nil ? nil : "1"),
              openingHours: hours.map(OpeningHoursSource.osm), cuisine: cuisine, rating: rating,
              ratingCount: ratingCount, attribution: "Test data")
    }

    static let amadeus = place("1", "Café Amadeus", north: 120, hours: "Mo-Fr 08:00-18:00", rating: 4.5,
                               ratingCount: 1234, cuisine: "coffee_shop")
    static let sonne = place("2", "Café Sonne", north: -310, hours: nil, street: "Market Square")
    static let edith = place("3", "Édith's Bar", north: 0, east: 480, hours: "Fr-Sa 18:00-03:00", rating: 3.9)
    static let zeit = place("4", "Zeitgeist", north: 900, hours: "24/7", rating: 4.5, ratingCount: 10)
    static let far = place("5", "Far Café", north: 3_000, hours: "Mo-Su 07:00-19:00")
    static let cafes = [amadeus, sonne, edith, zeit, far]
}
