import FoundationEssentials
import NearbyCore
import Locking
import NearbyData

/// The legacy Google service's answers kept in memory for the running session (never on disk, as Google's
/// terms ask), so going back and forth between screens asks nothing again. Pages are kept by what was
/// asked: the query (without its limit and reach) and the page token.
final class LegacyGoogleSession: Sendable {
    struct Page: Sendable {
        var page: PlacesPage
        var fetchedAt: Date
    }

    static let maxPages = 300

    private let lifetime: TimeInterval
    private let now: @Sendable () -> Date
    private let pages = Locked<[String: Page]>([:])
    let fetches = SharedFetches(service: "Google Places")

    init(lifetime: TimeInterval, now: @escaping @Sendable () -> Date) {
        self.lifetime = lifetime
        self.now = now
    }

    /// The key of a query's page: what decides the answer, nothing else.
    static func key(_ query: PlaceQuery, cursor: PageCursor?) -> String {
        "\(query.center.latitude)|\(query.center.longitude)|\(query.radius)|\(query.category?.rawValue ?? "")|"
            + "\(query.searchText ?? "")|\(cursor?.token ?? "")"
    }

    func page(_ key: String) -> Page? {
        pages.withLock { pages in
            guard let page = pages[key], page.fetchedAt >= now().addingTimeInterval(-lifetime) else { return nil }
            return page
        }
    }

    func keep(_ page: PlacesPage, for key: String, fetchedAt: Date) {
        pages.withLock { pages in
            let since = now().addingTimeInterval(-lifetime)
            pages = pages.filter { $0.value.fetchedAt >= since }
            if pages.count >= Self.maxPages { pages.removeAll() }
            pages[key] = Page(page: page, fetchedAt: fetchedAt)
        }
    }

    /// Forgets every page of the query (before a refresh of it).
    func forget(_ query: PlaceQuery) {
        let prefix = Self.key(query, cursor: nil)
        pages.withLock { pages in pages = pages.filter { !$0.key.hasPrefix(prefix) } }
    }

    /// Every place held within the circle (of `category`, or all), each once, nearest first.
    func held(center: Coordinate, radius: Double, category: NearbyCore.Category?) -> [PlaceHit] {
        let places = pages.withLock { pages -> [PlaceID: Place] in
            let since = now().addingTimeInterval(-lifetime)
            var places: [PlaceID: Place] = [:]
            for page in pages.values where page.fetchedAt >= since {
                for hit in page.page.hits where category == nil || hit.place.category == category {
                    places[hit.id] = hit.place
                }
            }
            return places
        }
        return places.values.map { RemotePlaceGeometry.hit($0, from: center) }
            .filter { $0.distance <= radius }
            .sorted { $0.distance != $1.distance ? $0.distance < $1.distance : $0.id.sourceID < $1.id.sourceID }
    }
}
