import FoundationEssentials
import NearbyCore
import NearbyHTTP
import NearbyData

/// Places from Google's legacy Places web service (`google_api = "legacy"`, for keys that still have it):
/// nearby search (paged by `next_page_token`, at most three pages of 20) and place details. The legacy
/// service takes the key only in the URL; URLs are never put into messages or logs. Answers are kept for the
/// session in memory (`LegacyGoogleSession`); Home's sections and counts share each category's first page.
public struct LegacyGooglePlacesProvider: PlacesProvider {
    /// Maps Google place types to a category; nil leaves the place out. The app passes `CategoryMapping`.
    public typealias Categorize = @Sendable ([String]) -> NearbyCore.Category?
    /// The Google type a category is searched by (`cafe`, `atm`); nil searches without a type.
    public typealias SearchType = @Sendable (NearbyCore.Category) -> String?

    public static let defaultURL = URL(string: "https://maps.googleapis.com/maps/api/place")
    /// The environment variable the key is read from.
    public static let apiKeyVariable = "NEARBY_GOOGLE_API_KEY"
    static let maxPages = 3

    private let client: HTTPClient
    private let apiKey: String
    private let categorize: Categorize
    private let searchType: SearchType
    private let tokenDelay: Duration
    private let now: @Sendable () -> Date
    private let session: LegacyGoogleSession

    /// - Parameters:
    ///   - baseURL: the API root; requests go to `<baseURL>/nearbysearch/json` and `<baseURL>/details/json`.
    ///   - tokenDelay: how long a `next_page_token` needs before Google accepts it (about two seconds).
    ///   - sessionLifetime: how long an answer is reused before Google is asked again.
    public init(apiKey: String, baseURL: URL, categorize: @escaping Categorize, searchType: @escaping SearchType,
                tokenDelay: Duration = .seconds(2), timeout: Duration = .seconds(15),
                sessionLifetime: Duration = .seconds(15 * 60), now: @escaping @Sendable () -> Date = { Date() }) {
        client = HTTPClient(baseURL: baseURL, timeout: timeout, maxBodySize: 8 << 20,
                            headers: ["User-Agent": NearbyRelease.userAgent])
        session = LegacyGoogleSession(lifetime: HTTPClient.seconds(sessionLifetime), now: now)
        self.apiKey = apiKey
        self.categorize = categorize
        self.searchType = searchType
        self.tokenDelay = tokenDelay
        self.now = now
    }

    /// The key from the environment, or nil when unset or blank.
    public static func apiKey(in environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        guard let key = environment[apiKeyVariable]?.trimmingWhitespace(),
              !key.isEmpty else { return nil }
        return key
    }

    public var isLive: Bool { true }

    public func places(_ query: PlaceQuery, after cursor: PageCursor?) async throws(PlacesError) -> PlacesPage {
        guard query.center.isValid, query.radius.isFinite, query.radius > 0 else { return PlacesPage(hits: [], next: nil) }
        // A category Google has no type for (a viewpoint, drinking water) has no places here, and costs nothing.
        if let category = query.category, GooglePlaceTypes.types(of: category).isEmpty {
            return PlacesPage(hits: [], next: nil, attributions: [GooglePlaceMapping.attribution])
        }
        if query.reach == .heldOnly {
            let hits = session.held(center: query.center, radius: query.radius, category: query.category)
            return PlacesPage(hits: Array(hits.prefix(max(1, query.limit))), next: nil,
                              attributions: [GooglePlaceMapping.attribution])
        }
        let key = LegacyGoogleSession.key(query, cursor: cursor)
        if session.page(key) == nil {
            let (session, now) = (session, now)
            try await session.fetches.run(key) { [self] () async throws(PlacesError) in
                if session.page(key) != nil { return }
                let started = now()
                session.keep(try await fetchPage(query, after: cursor), for: key, fetchedAt: started)
            }
        }
        guard let held = session.page(key) else { throw .badResponse("Google Places' answer could not be kept.") }
        var page = held.page
        page.fetchedAt = held.fetchedAt
        if query.reach == .overview, page.next != nil {
            // Home shows a category's nearest few: following tokens would cost a request (and seconds) each.
            page.next = nil
            page.isCapped = true
        }
        return page
    }

    /// Counts a query's first page (Home's sections ask for the same page, so it costs one request between
    /// them); Google has no count, so with more pages the count is only "at least".
    public func count(_ query: PlaceQuery) async throws(PlacesError) -> PlaceCount {
        var first = query
        first.searchText = nil
        first.limit = 20
        let page = try await places(first, after: nil)
        return PlaceCount(page.hits.count, isExact: !page.isCapped && page.next == nil)
    }

    /// Forgets the query's pages and asks for its first page again.
    public func refresh(_ query: PlaceQuery) async throws(PlacesError) {
        guard query.center.isValid, query.radius.isFinite, query.radius > 0, query.reach != .heldOnly else { return }
        let page = try await fetchPage(query, after: nil)
        session.forget(query)
        session.keep(page, for: LegacyGoogleSession.key(query, cursor: nil), fetchedAt: now())
    }

    private func fetchPage(_ query: PlaceQuery, after cursor: PageCursor?) async throws(PlacesError) -> PlacesPage {
        var items: [URLQueryItem]
        let page: Int
        if let cursor {
            guard let token = PageToken(cursor.token) else { throw .badResponse("The page to continue from is unknown.") }
            // Google refuses a fresh token for a moment; wait out what is left of that moment.
            let ready = token.issued.addingTimeInterval(HTTPClient.seconds(tokenDelay))
            let wait = ready.timeIntervalSince(now())
            if wait > 0 {
                do { try await Task.sleep(for: .milliseconds(Int((wait * 1000).rounded(.up)))) } catch {
                    throw .network("The request to Google Places was cancelled.")
                }
            }
            items = [URLQueryItem(name: "pagetoken", value: token.value)]
            page = token.page
        } else {
            guard query.center.isValid, query.radius.isFinite, query.radius > 0 else { return PlacesPage(hits: [], next: nil) }
            items = [URLQueryItem(name: "location", value: "\(query.center.latitude),\(query.center.longitude)"),
                     URLQueryItem(name: "radius", value: String(Int(min(query.radius, 50_000).rounded())))]
            if let category = query.category, let type = searchType(category) {
                items.append(URLQueryItem(name: "type", value: type))
            }
            if let text = query.searchText?.trimmingSpaces(), !text.isEmpty {
                items.append(URLQueryItem(name: "keyword", value: text))
            }
            page = 1
        }
        var value = try await call("/nearbysearch/json", items)
        // A token used a little early answers INVALID_REQUEST; one more try after the delay.
        if cursor != nil, value["status"]?.stringValue == "INVALID_REQUEST" {
            do { try await Task.sleep(for: tokenDelay) } catch {
                throw .network("The request to Google Places was cancelled.")
            }
            value = try await call("/nearbysearch/json", items)
        }
        try Self.check(value, allowZeroResults: true)
        var hits: [PlaceHit] = []
        for result in value["results"]?.arrayValue ?? [] {
            // Asked for bars, a place Google returns as a bar is one here, even when its first type files it
            // elsewhere ("restaurant", "bar"): 6 of the 20 recorded bars were dropped for that.
            let types = Set((result["types"]?.arrayValue ?? []).compactMap(\.stringValue))
            let asked = query.category.flatMap { category in
                types.isDisjoint(with: CategoryMapping.rule(for: category).googleTypes) ? nil : category
            }
            guard var place = place(from: result, attributions: value["html_attributions"], fallback: asked) else {
                continue
            }
            if let asked { place.category = asked }
            guard query.category == nil || place.category == query.category else { continue }
            let hit = RemotePlaceGeometry.hit(place, from: query.center)
            // The legacy service ranks by prominence and strays beyond the radius; such places are not "within".
            if hit.distance <= query.radius { hits.append(hit) }
        }
        hits.sort { $0.distance < $1.distance }
        var next: PageCursor?
        if page < Self.maxPages, let token = value["next_page_token"]?.stringValue,
           let clean = UntrustedText.clean(token, maxLength: 4096), !clean.isEmpty {
            next = PageCursor(token: PageToken(page: page + 1, issued: now(), value: clean).encoded)
        }
        return PlacesPage(hits: hits, next: next, attributions: Self.attributions(value["html_attributions"]))
    }

    public func place(id: PlaceID, from center: Coordinate) async throws(PlacesError) -> PlaceHit {
        guard id.source == .google, !id.sourceID.isEmpty else { throw .notFound }
        let key = "details|" + id.sourceID
        if session.page(key) == nil {
            let (session, now) = (session, now)
            try await session.fetches.run(key) { [self] () async throws(PlacesError) in
                if session.page(key) != nil { return }
                let started = now()
                let hit = try await fetchDetails(id: id)
                session.keep(PlacesPage(hits: [hit], next: nil), for: key, fetchedAt: started)
            }
        }
        guard let place = session.page(key)?.page.hits.first?.place else { throw .notFound }
        return RemotePlaceGeometry.hit(place, from: center)
    }

    private func fetchDetails(id: PlaceID) async throws(PlacesError) -> PlaceHit {
        let center = Coordinate(latitude: 0, longitude: 0)
        let value = try await call("/details/json", [URLQueryItem(name: "place_id", value: id.sourceID)])
        try Self.check(value, allowZeroResults: false)
        guard let result = value["result"] else { throw .notFound }
        // Details of a place a search found must not vanish for want of a mapped type.
        guard let place = place(from: result, attributions: value["html_attributions"], fallback: .attraction) else {
            if result["business_status"]?.stringValue == "CLOSED_PERMANENTLY" { throw .notFound }
            throw .badResponse("Google Places sent a place without a name or position.")
        }
        return RemotePlaceGeometry.hit(place, from: center)
    }

    /// Counts the first page only: Google has no count, and paging costs a quota call and seconds each.
    public func count(near center: Coordinate, radius: Double, category: NearbyCore.Category?)
        async throws(PlacesError) -> Int {
        try await count(PlaceQuery(center: center, radius: radius, category: category, reach: .overview)).value
    }

    // MARK: -

    private func call(_ path: String, _ items: [URLQueryItem]) async throws(PlacesError) -> JSONValue {
        let response: HTTPClient.Response
        do {
            response = try await client.sendExpectingSuccess(HTTPClient.Request(
                path: path, query: items + [URLQueryItem(name: "key", value: apiKey)]))
        } catch {
            throw PlacesError.from(error, service: "Google Places")
        }
        do {
            return try JSONValue.parse(response.body)
        } catch {
            throw .badResponse("Google Places' answer could not be read.")
        }
    }

    /// Maps Google's `status` to an error; OK (and ZERO_RESULTS for a search) pass.
    static func check(_ value: JSONValue, allowZeroResults: Bool) throws(PlacesError) {
        switch value["status"]?.stringValue {
        case "OK": return
        case "ZERO_RESULTS" where allowZeroResults: return
        case "ZERO_RESULTS", "NOT_FOUND": throw .notFound
        case "OVER_QUERY_LIMIT": throw .refused("The Google Places quota is used up; try again later.")
        case "REQUEST_DENIED":
            throw .refused("Google Places refused the request; check \(apiKeyVariable) and that the Places API is enabled.")
        case "INVALID_REQUEST": throw .badResponse("Google Places did not accept the request.")
        case "UNKNOWN_ERROR": throw .unavailable("Google Places had a temporary problem; try again.")
        case let status?:
            throw .badResponse("Google Places answered \(UntrustedText.clean(status, maxLength: 40) ?? "an unknown status").")
        case nil: throw .badResponse("Google Places' answer has no status.")
        }
    }

    private static func attributions(_ value: JSONValue?) -> [String] {
        let extra = (value?.arrayValue ?? []).compactMap { item in
            item.stringValue.flatMap { UntrustedText.clean(HTMLAttribution.plainText($0)) }.flatMap { $0.isEmpty ? nil : $0 }
        }
        return [GooglePlaceMapping.attribution] + extra
    }

    /// A place from a search result or details, or nil without a name, a position or (for search) a category.
    func place(from result: JSONValue, attributions: JSONValue?, fallback: NearbyCore.Category?) -> Place? {
        func text(_ key: String, in value: JSONValue? = nil) -> String? {
            guard let raw = (value ?? result)[key]?.stringValue,
                  let clean = UntrustedText.clean(raw, maxLength: 500), !clean.isEmpty else { return nil }
            return clean
        }
        guard let placeID = text("place_id"), let name = text("name"),
              let lat = result["geometry"]?["location"]?["lat"]?.doubleValue,
              let lng = result["geometry"]?["location"]?["lng"]?.doubleValue else { return nil }
        let coordinate = Coordinate(latitude: lat, longitude: lng)
        guard coordinate.isValid else { return nil }
        let types = (result["types"]?.arrayValue ?? []).compactMap(\.stringValue)
        guard let category = categorize(types) ?? fallback else { return nil }

        var address = Address(formatted: text("formatted_address") ?? text("vicinity"))
        for component in result["address_components"]?.arrayValue ?? [] {
            let kinds = (component["types"]?.arrayValue ?? []).compactMap(\.stringValue)
            let long = text("long_name", in: component)
            if kinds.contains("street_number") { address.houseNumber = long }
            if kinds.contains("route") { address.street = long }
            if kinds.contains("locality") { address.city = long }
            if kinds.contains("postal_code") { address.postcode = long }
            if kinds.contains("country") { address.country = text("short_name", in: component) ?? long }
        }
        var periods: [WeeklyPeriod] = []
        for period in result["opening_hours"]?["periods"]?.arrayValue ?? [] {
            guard let openDay = period["open"]?["day"]?.integerValue, (0...6).contains(openDay),
                  let openMinute = Self.minutes(period["open"]?["time"]?.stringValue) else { continue }
            let closeDay = period["close"]?["day"]?.integerValue.flatMap { (0...6).contains($0) ? Int($0) : nil }
            let closeMinute = Self.minutes(period["close"]?["time"]?.stringValue)
            periods.append(WeeklyPeriod(openDay: Int(openDay), openMinute: openMinute,
                                        closeDay: closeMinute == nil ? nil : closeDay,
                                        closeMinute: closeDay == nil ? nil : closeMinute))
        }
        let rating = result["rating"]?.doubleValue.flatMap { (0...5).contains($0) ? $0 : nil }
        let ratingCount = result["user_ratings_total"]?.integerValue.flatMap { $0 >= 0 ? Int(clamping: $0) : nil }
        let price = result["price_level"]?.integerValue.flatMap { (0...4).contains($0) ? Int($0) : nil }
        return Place(id: PlaceID(source: .google, sourceID: placeID), name: name, category: category,
                     coordinate: coordinate, address: address,
                     phone: text("international_phone_number") ?? text("formatted_phone_number"),
                     website: text("website"), openingHours: periods.isEmpty ? nil : .periods(periods),
                     wheelchair: result["wheelchair_accessible_entrance"].flatMap { value -> String? in
                         if case .bool(let yes) = value { return yes ? "yes" : "no" }
                         return nil
                     },
                     operatorName: text("chain_name"), rating: rating, ratingCount: ratingCount, priceLevel: price,
                     attribution: Self.attributions(attributions).joined(separator: " · "))
    }

    /// "0830" → 510; nil for anything else.
    static func minutes(_ time: String?) -> Int? {
        guard let time, time.count == 4, let value = Int(time) else { return nil }
        let hours = value / 100, minutes = value % 100
        guard (0...24).contains(hours), (0..<60).contains(minutes), hours * 60 + minutes <= 1440 else { return nil }
        return hours * 60 + minutes
    }
}

/// A `next_page_token` with when it was issued and which page it leads to, carried in a `PageCursor`.
struct PageToken: Hashable {
    var page: Int
    var issued: Date
    var value: String

    var encoded: String { "\(page):\(Int64((issued.timeIntervalSince1970 * 1000).rounded())):\(value)" }

    init(page: Int, issued: Date, value: String) {
        self.page = page
        self.issued = issued
        self.value = value
    }

    init?(_ encoded: String) {
        let parts = encoded.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count == 3, let page = Int(parts[0]), let millis = Int64(parts[1]), !parts[2].isEmpty else { return nil }
        self.init(page: page, issued: Date(timeIntervalSince1970: Double(millis) / 1000), value: String(parts[2]))
    }
}
