import FoundationEssentials
import NearbyCore
import NearbyHTTP
import NearbyData

/// Places from Google Places API (New), spending as few requests as the screens allow
/// (docs/data-sources.md, the request budget):
/// - Home (`reach: .overview`) asks for its whole area in three Nearby Searches, one per group of
///   categories, and splits the answers by category; its counts come from the same answers.
/// - A category list asks one Nearby Search for its category, unless Home's answers already hold every place
///   of it within the radius. Google returns the nearest 20 at most; the page says so (`isCapped`).
/// - A search asks Text Search, one request per page of 20; a filter within a category whose places are all
///   held is applied to them instead.
/// - A detail asks Place Details once; the map's neighbours (`reach: .heldOnly`) come from what is held.
/// Answers are held in memory for `sessionLifetime` (`GoogleSessionCache`), never written to disk.
public final class GooglePlacesProvider: PlacesProvider {
    public static let defaultURL = URL(string: "https://places.googleapis.com")
    /// The environment variable the key is read from.
    public static let apiKeyVariable = "NEARBY_GOOGLE_API_KEY"
    /// Shown next to Google data, as Google's terms ask.
    public static let attribution = GooglePlaceMapping.attribution

    private let api: GooglePlacesAPI
    private let cache: GoogleSessionCache
    private let now: @Sendable () -> Date
    private let fetches: SharedFetches

    /// - Parameters:
    ///   - keySource: where the key was set ("NEARBY_GOOGLE_API_KEY", a config file line), for the message
    ///     a denied key shows; never the key.
    ///   - baseURL: the API root; requests go to `<baseURL>/v1/places:searchNearby` and so on.
    ///   - sessionLifetime: how long an answer is reused before Google is asked again.
    public init(apiKey: String, keySource: String = apiKeyVariable, baseURL: URL, timeout: Duration = .seconds(15),
                sessionLifetime: Duration = .seconds(15 * 60), now: @escaping @Sendable () -> Date = { Date() }) {
        api = GooglePlacesAPI(apiKey: apiKey, keySource: keySource, baseURL: baseURL, timeout: timeout, now: now)
        cache = GoogleSessionCache(lifetime: HTTPClient.seconds(sessionLifetime), now: now)
        // Home asks one area dozens of questions at once; a refusal answers them all, not a request each.
        fetches = SharedFetches(service: "Google Places", failureMemory: 2, now: now)
        self.now = now
    }

    public var isLive: Bool { true }

    public func places(_ query: PlaceQuery, after cursor: PageCursor?) async throws(PlacesError) -> PlacesPage {
        guard query.center.isValid, query.radius.isFinite, query.radius > 0 else { return PlacesPage(hits: [], next: nil) }
        // A category Google has no type for (a viewpoint, drinking water) has no places here, and costs nothing.
        if let category = query.category, GooglePlaceTypes.types(of: category).isEmpty {
            return PlacesPage(hits: [], next: nil, attributions: [GooglePlaceMapping.attribution])
        }
        if let text = Self.searchWords(query) {
            // A filter within a category whose every place is held needs no request; a search does.
            if query.reach == .heldOnly || (query.category != nil && isExact(query)) {
                return try heldPage(query, after: cursor, matching: text)
            }
            return try await textPage(query, text: text, after: cursor)
        }
        switch query.reach {
        case .heldOnly:
            return try heldPage(query, after: cursor)
        case .overview:
            try await ensureArea(center: query.center, radius: query.radius)
            return try heldPage(query, after: cursor)
        case .complete:
            try await ensureComplete(query)
            return try heldPage(query, after: cursor)
        }
    }

    public func place(id: PlaceID, from center: Coordinate) async throws(PlacesError) -> PlaceHit {
        guard id.source == .google, GooglePlaceMapping.isPlaceID(id.sourceID) else { throw .notFound }
        if let held = cache.details(id.sourceID) { return RemotePlaceGeometry.hit(held.place, from: center) }
        let (api, cache, now) = (api, cache, now)
        try await fetches.run("details|" + id.sourceID) { () async throws(PlacesError) in
            let started = now()
            cache.insertDetails(try await api.details(id: id.sourceID), at: started)
        }
        guard let held = cache.details(id.sourceID) else { throw .notFound }
        return RemotePlaceGeometry.hit(held.place, from: center)
    }

    public func count(near center: Coordinate, radius: Double, category: NearbyCore.Category?)
        async throws(PlacesError) -> Int {
        try await count(PlaceQuery(center: center, radius: radius, category: category, reach: .overview)).value
    }

    /// Counts what is held; only an overview (Home) fetches its area first. Google has no count of its own,
    /// so a count is exact only where every place of the category is held.
    public func count(_ query: PlaceQuery) async throws(PlacesError) -> PlaceCount {
        guard query.center.isValid, query.radius.isFinite, query.radius > 0 else { return PlaceCount(0) }
        if let category = query.category, GooglePlaceTypes.types(of: category).isEmpty { return PlaceCount(0) }
        if query.reach == .overview { try await ensureArea(center: query.center, radius: query.radius) }
        let held = cache.held(center: query.center, radius: query.radius, category: query.category)
        return PlaceCount(held.count, isExact: isExact(query))
    }

    /// Asks Google again for what `query` shows, replacing what is held once the answer is in (a failure
    /// leaves the held answers as they were).
    public func refresh(_ query: PlaceQuery) async throws(PlacesError) {
        guard query.center.isValid, query.radius.isFinite, query.radius > 0 else { return }
        if let text = Self.searchWords(query) {
            let key = textKey(query, text: text, token: nil)
            let page = try await fetchTextPage(key)
            cache.forgetPages(of: key)
            cache.insert(page, for: key)
        } else if query.reach == .complete, let category = query.category {
            let types = GooglePlaceTypes.types(of: category)
            let entry = try await fetchNearby(center: query.center, radius: query.radius, types: types)
            cache.forget(center: query.center, types: Set(types))
            cache.insert(entry, replacing: true)
        } else {
            try await fetchArea(center: query.center, radius: query.radius, reusing: false)
        }
    }

    // MARK: Answers from what is held

    private func isExact(_ query: PlaceQuery) -> Bool {
        let types = query.category.map(GooglePlaceTypes.types(of:)) ?? GooglePlaceTypes.all
        return query.radius <= GooglePlacesAPI.maxRadius
            && cache.isExact(center: query.center, radius: query.radius, types: Set(types))
    }

    /// A page of the places held for `query`, nearest first. When Google stopped short of the query's
    /// radius, only places up to where its answer reaches are listed (beyond it some would be missing), and
    /// the page says it is capped.
    private func heldPage(_ query: PlaceQuery, after cursor: PageCursor?, matching text: String? = nil)
        throws(PlacesError) -> PlacesPage {
        var radius = query.radius
        let exact = isExact(query)
        if !exact, query.reach == .complete {
            let types = Set(query.category.map(GooglePlaceTypes.types(of:)) ?? GooglePlaceTypes.all)
            if let own = cache.ownEntry(center: query.center, radius: min(query.radius, GooglePlacesAPI.maxRadius),
                                        types: types) {
                radius = min(radius, own.covered)
            }
        }
        var held = cache.held(center: query.center, radius: radius, category: query.category)
        if let text { held = held.filter { RemotePlaceGeometry.matches($0.hit.place, searchText: text) } }
        let offset = try Self.offset(cursor)
        let limit = max(1, query.limit)
        let end = min(held.count, offset + limit)
        let slice = offset < end ? Array(held[offset..<end]) : []
        return PlacesPage(hits: slice.map(\.hit), next: end < held.count ? PageCursor(token: "o:\(end)") : nil,
                          attributions: [Self.attribution], fetchedAt: slice.map(\.fetchedAt).min(),
                          isCapped: !exact && query.reach != .heldOnly)
    }

    private static func offset(_ cursor: PageCursor?) throws(PlacesError) -> Int {
        guard let cursor else { return 0 }
        guard cursor.token.hasPrefix("o:"), let offset = Int(cursor.token.dropFirst(2)), offset >= 0 else {
            throw .badResponse("The page to continue from is unknown.")
        }
        return offset
    }

    // MARK: Fetching

    /// Home's area: one Nearby Search per group of categories, those not held yet.
    private func ensureArea(center: Coordinate, radius: Double) async throws(PlacesError) {
        if cache.hasArea(center: center, radius: min(radius, GooglePlacesAPI.maxRadius)) { return }
        try await fetchArea(center: center, radius: radius, reusing: true)
    }

    private func fetchArea(center: Coordinate, radius: Double, reusing: Bool) async throws(PlacesError) {
        let radius = min(radius, GooglePlacesAPI.maxRadius)
        let key = "area|\(center.latitude)|\(center.longitude)|\(radius)"
        let (cache, now) = (cache, now)
        try await fetches.run(reusing ? key : key + "|refresh", memoryKey: key, usesMemory: reusing) {
            [self] () async throws(PlacesError) in
            if reusing, cache.hasArea(center: center, radius: radius) { return }
            let started = now()
            let groups = GooglePlaceTypes.areaGroups.map(GooglePlaceTypes.types(ofGroup:)).filter { types in
                !reusing || cache.ownEntry(center: center, radius: radius, types: Set(types)) == nil
            }
            // The groups' requests go out together; the area counts as fetched only once all are in.
            let entries: [GoogleSessionCache.NearbyEntry]
            do {
                entries = try await withThrowingTaskGroup(of: GoogleSessionCache.NearbyEntry.self) { group in
                    for types in groups {
                        group.addTask { try await self.fetchNearby(center: center, radius: radius, types: types) }
                    }
                    var entries: [GoogleSessionCache.NearbyEntry] = []
                    for try await entry in group { entries.append(entry) }
                    return entries
                }
            } catch {
                throw error as? PlacesError ?? .network("The request to Google Places was cancelled.")
            }
            if !reusing { cache.forget(center: center, types: Set(GooglePlaceTypes.all)) }
            for entry in entries { cache.insert(entry, replacing: !reusing) }
            cache.recordArea(center: center, radius: radius, at: started)
        }
    }

    /// A list's category (or every category): held exactly, else its own Nearby Search.
    private func ensureComplete(_ query: PlaceQuery) async throws(PlacesError) {
        if isExact(query) { return }
        let radius = min(query.radius, GooglePlacesAPI.maxRadius)
        let types = query.category.map(GooglePlaceTypes.types(of:)) ?? GooglePlaceTypes.all
        if cache.ownEntry(center: query.center, radius: radius, types: Set(types)) != nil { return }
        let key = "nearby|\(query.center.latitude)|\(query.center.longitude)|\(radius)|" + types.joined(separator: ",")
        let cache = cache
        try await fetches.run(key) { [self] () async throws(PlacesError) in
            if cache.ownEntry(center: query.center, radius: radius, types: Set(types)) != nil { return }
            cache.insert(try await fetchNearby(center: query.center, radius: radius, types: types))
        }
    }

    private func fetchNearby(center: Coordinate, radius: Double, types: [String]) async throws(PlacesError)
        -> GoogleSessionCache.NearbyEntry {
        let started = now()
        let answer = try await api.searchNearby(center: center, radius: radius, types: types)
        // Google's circle is meant to be a hard limit; anything it sends from outside is not listed "within".
        let inside = answer.places.filter { center.distance(to: $0.coordinate) <= radius }
        let covered = answer.returned >= GooglePlacesAPI.maxResults ? min(answer.farthest, radius) : radius
        return GoogleSessionCache.NearbyEntry(center: center, radius: radius, types: Set(types), places: inside,
                                              covered: covered, fetchedAt: started)
    }

    /// One Text Search page: held, or asked for.
    private func textPage(_ query: PlaceQuery, text: String, after cursor: PageCursor?) async throws(PlacesError)
        -> PlacesPage {
        var token: String?
        if let cursor {
            guard cursor.token.hasPrefix("t:"), cursor.token.count > 2 else {
                throw .badResponse("The page to continue from is unknown.")
            }
            token = String(cursor.token.dropFirst(2))
        }
        let key = textKey(query, text: text, token: token)
        if cache.textPage(key) == nil {
            let cache = cache
            let name = "text|\(key.center.latitude)|\(key.center.longitude)|\(key.radius)|"
                + "\(key.category?.rawValue ?? "")|\(text)|\(token ?? "")"
            try await fetches.run(name) { [self] () async throws(PlacesError) in
                if cache.textPage(key) != nil { return }
                cache.insert(try await fetchTextPage(key), for: key)
            }
        }
        guard let page = cache.textPage(key) else { throw .badResponse("Google Places' answer could not be kept.") }
        let hits = page.places.map { RemotePlaceGeometry.hit($0, from: query.center) }
            .filter { $0.distance <= query.radius && (query.category == nil || $0.place.category == query.category) }
            .sorted { $0.distance < $1.distance }
        return PlacesPage(hits: hits, next: page.next.map { PageCursor(token: "t:" + $0) },
                          attributions: [Self.attribution], fetchedAt: page.fetchedAt)
    }

    private func fetchTextPage(_ key: GoogleSessionCache.TextKey) async throws(PlacesError) -> GoogleSessionCache.TextPage {
        let started = now()
        let type = key.category.flatMap { GooglePlaceTypes.types(of: $0).first }
        let answer = try await api.searchText(key.text, type: type, center: key.center,
                                              radius: min(key.radius, GooglePlacesAPI.maxRadius),
                                              pageToken: key.pageToken)
        return GoogleSessionCache.TextPage(places: answer.places, next: answer.next, fetchedAt: started)
    }

    private func textKey(_ query: PlaceQuery, text: String, token: String?) -> GoogleSessionCache.TextKey {
        GoogleSessionCache.TextKey(center: query.center, radius: query.radius, category: query.category, text: text,
                                   pageToken: token)
    }

    private static func searchWords(_ query: PlaceQuery) -> String? {
        guard let text = query.searchText?.trimmingWhitespace(), !text.isEmpty else {
            return nil
        }
        return text
    }
}
