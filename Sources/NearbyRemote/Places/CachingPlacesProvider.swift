import FoundationEssentials
import NearbyCore
import NearbyHTTP
import NearbyData

/// A live source (Overpass) whose answers are kept in the local store, so that going back and forth does
/// not fetch the same area again.
///
/// The first page of a query makes sure its area has been fetched recently: if not, every place of the
/// area is fetched once, upserted into the store and the area noted in `fetched_area`. Every page is then
/// read from the store, so paging, search and distances behave exactly as with imported places. Queries
/// for the same area at the same time (Home's sections) share one fetch. When the network fails, an area
/// fetched before (up to `keepFor` ago) is served from the store rather than showing an error; every page
/// says when its area was fetched, so a screen can state the cache's age. Google places are never written
/// here (Google's terms allow keeping ids only).
public final class CachingPlacesProvider: PlacesProvider {
    private let remote: any PlacesProvider
    private let store: LocalPlacesStore
    private let log: FetchedAreaLog
    private let source: String
    private let maxAge: TimeInterval
    private let keepFor: TimeInterval
    private let fetchesEveryCategory: Bool
    private let maxFetchRadius: Double
    private let fetchLimit: Int
    private let now: @Sendable () -> Date
    private let fetches: SharedFetches

    /// - Parameters:
    ///   - source: names the remote in `fetched_area` ("overpass").
    ///   - maxAge: how long a fetched area is served from the store without asking again.
    ///   - keepFor: how long a fetched area is remembered at all (for the offline fallback).
    ///   - fetchesEveryCategory: the remote answers every category in one request anyway (Overpass), so
    ///     fetch them all at once and let one fetch serve every category's list.
    ///   - maxFetchRadius: the widest circle the remote is asked for (Overpass is capped at 50 km).
    ///   - fetchLimit: the most places taken from one area.
    public init(remote: any PlacesProvider, store: LocalPlacesStore, source: String,
                maxAge: Duration = .seconds(24 * 3600), keepFor: Duration = .seconds(30 * 24 * 3600),
                fetchesEveryCategory: Bool = true, maxFetchRadius: Double = 50_000, fetchLimit: Int = 10_000,
                now: @escaping @Sendable () -> Date = { Date() }) {
        self.remote = remote
        self.store = store
        log = FetchedAreaLog(database: store.database)
        self.source = source
        self.maxAge = HTTPClient.seconds(maxAge)
        self.keepFor = max(HTTPClient.seconds(keepFor), HTTPClient.seconds(maxAge))
        self.fetchesEveryCategory = fetchesEveryCategory
        self.maxFetchRadius = maxFetchRadius
        self.fetchLimit = max(1, fetchLimit)
        self.now = now
        // A screen asks one area many questions at once: a failure answers those that come just after it,
        // instead of each asking Overpass again. `refresh` (r) asks under a key of its own.
        fetches = SharedFetches(service: "the places service", failureMemory: 2, now: now)
    }

    public var isLive: Bool { true }

    public func places(_ query: PlaceQuery, after cursor: PageCursor?) async throws(PlacesError) -> PlacesPage {
        // Later pages continue a list the store already answered the first page of; decoration (the map's
        // neighbours) takes what the store holds and never fetches.
        if cursor == nil, query.reach != .heldOnly {
            try await ensureFetched(near: query.center, radius: query.radius, category: query.category)
        }
        var page = try await store.places(query, after: cursor)
        page.fetchedAt = await fetchedAt(near: query.center, radius: query.radius, category: query.category)
        return page
    }

    public func place(id: PlaceID, from center: Coordinate) async throws(PlacesError) -> PlaceHit {
        do {
            return try await store.place(id: id, from: center)
        } catch {
            guard error == .notFound else { throw error }
        }
        let hit = try await remote.place(id: id, from: center)
        // A place that cannot be kept is still worth showing.
        try? await save([hit.place])
        return hit
    }

    public func count(near center: Coordinate, radius: Double, category: NearbyCore.Category?)
        async throws(PlacesError) -> Int {
        try await ensureFetched(near: center, radius: radius, category: category)
        return try await store.count(near: center, radius: radius, category: category)
    }

    public func count(_ query: PlaceQuery) async throws(PlacesError) -> PlaceCount {
        if query.reach != .heldOnly { try await ensureFetched(near: query.center, radius: query.radius, category: query.category) }
        return PlaceCount(try await store.count(near: query.center, radius: query.radius, category: query.category))
    }

    /// Fetches the query's area again, however recent the last fetch (`r`). On failure the store keeps what
    /// it had, and the error says why the refresh failed.
    public func refresh(_ query: PlaceQuery) async throws(PlacesError) {
        guard query.center.isValid, query.radius.isFinite, query.radius > 0 else { return }
        try await sharedFetch(of: area(query.center, query.radius, query.category), isRefresh: true)
    }

    // MARK: -

    /// Fetches the area of a query unless a recent fetch covers it.
    func ensureFetched(near center: Coordinate, radius: Double, category: NearbyCore.Category?)
        async throws(PlacesError) {
        guard center.isValid, radius.isFinite, radius > 0 else { return }
        let area = area(center, radius, category)
        if try await isFresh(area) { return }
        do {
            try await sharedFetch(of: area, isRefresh: false)
        } catch {
            // The network or the service is down: an older fetch of the area is better than nothing.
            let isOutage = switch error {
            case .network, .unavailable: true
            default: false
            }
            if isOutage,
               (try? await log.covers(area, source: source, since: now().addingTimeInterval(-keepFor))) == true {
                return
            }
            throw error
        }
    }

    private func area(_ center: Coordinate, _ radius: Double, _ category: NearbyCore.Category?) -> FetchedArea {
        FetchedArea(center: center, radius: min(radius, maxFetchRadius), category: fetchesEveryCategory ? nil : category)
    }

    private func isFresh(_ area: FetchedArea) async throws(PlacesError) -> Bool {
        try await log.covers(area, source: source, since: now().addingTimeInterval(-maxAge))
    }

    /// When the newest fetch covering the query's area was made (within `keepFor`); nil when none does.
    private func fetchedAt(near center: Coordinate, radius: Double, category: NearbyCore.Category?) async -> Date? {
        guard center.isValid, radius.isFinite, radius > 0 else { return nil }
        return try? await log.latestFetch(covering: area(center, radius, category), source: source,
                                          since: now().addingTimeInterval(-keepFor))
    }

    /// Joins the fetch of `area` already running, or starts one. The fetch is not tied to one caller, so a
    /// screen that goes away does not cancel it for another still waiting.
    private func sharedFetch(of area: FetchedArea, isRefresh: Bool) async throws(PlacesError) {
        let key = "\(area.center.latitude)|\(area.center.longitude)|\(area.radius)|\(area.category?.rawValue ?? "")"
        try await fetches.run(isRefresh ? key + "|refresh" : key, memoryKey: key, usesMemory: !isRefresh) {
            [self] () async throws(PlacesError) in
            // A fetch that finished since this caller looked has recorded its area before it ended, so asking
            // again here means one fetch per area, however callers interleave.
            if !isRefresh, try await isFresh(area) { return }
            try await fetch(area)
        }
    }

    private func fetch(_ area: FetchedArea) async throws(PlacesError) {
        let started = now()
        let query = PlaceQuery(center: area.center, radius: area.radius, category: area.category, limit: fetchLimit)
        var places: [Place] = []
        var cursor: PageCursor?
        repeat {
            let page = try await remote.places(query, after: cursor)
            places += page.hits.map(\.place)
            cursor = page.next
        } while cursor != nil && places.count < fetchLimit
        try await save(places)
        try await log.record(area, source: source, at: started, forgetBefore: started.addingTimeInterval(-keepFor))
    }

    /// Keeps `places` in the store, on the store's write thread.
    private func save(_ places: [Place]) async throws(PlacesError) {
        // Google's terms allow keeping place ids only: its places never reach the store, whatever the remote.
        let keepable = places.filter { $0.id.source != .google }
        guard !keepable.isEmpty else { return }
        do {
            try await store.importPlacesInBackground { writer in
                for place in keepable { try writer.upsert(place) }
            }
        } catch {
            throw store.placesError(error)
        }
    }
}
