import FoundationEssentials
import NearbyCore
import Locking
import NearbyData

/// Google answers kept in memory for the running session, and only there: Google's terms let an app keep
/// place ids, not place details, so nothing here reaches the disk. It exists for the request budget:
/// going back and forth between screens is answered from here.
///
/// A Nearby Search answer holds the nearest places of its types around its centre, nearest first, at most
/// 20. One that returned fewer than 20 holds every such place within its radius; one that returned 20
/// holds every such place up to its farthest result (its `covered` radius), since results are ranked by
/// distance. A query is answered exactly when answers covering its circle together name all its types.
final class GoogleSessionCache: Sendable {
    /// One Nearby Search answer.
    struct NearbyEntry: Sendable {
        var center: Coordinate
        /// The radius asked for.
        var radius: Double
        var types: Set<String>
        var places: [Place]
        /// Within this radius every place of `types` is held.
        var covered: Double
        var fetchedAt: Date
    }

    /// One Text Search page, by what was asked.
    struct TextKey: Hashable, Sendable {
        var center: Coordinate
        var radius: Double
        var category: NearbyCore.Category?
        var text: String
        var pageToken: String?
    }

    struct TextPage: Sendable {
        var places: [Place]
        var next: String?
        var fetchedAt: Date
    }

    /// A place held, with when it was fetched.
    struct Held: Sendable {
        var place: Place
        var fetchedAt: Date
    }

    /// An area Home fetched by groups of categories, all of them.
    private struct AreaRecord: Sendable {
        var center: Coordinate
        var radius: Double
        var fetchedAt: Date
    }

    private struct State {
        var nearby: [NearbyEntry] = []
        var text: [TextKey: TextPage] = [:]
        var details: [String: Held] = [:]
        var areas: [AreaRecord] = []
    }

    /// Bounds on what one session holds, oldest dropped first.
    static let maxEntries = 200
    static let maxDetails = 500
    /// Two centres this close are the same "here".
    static let samePlace = 1.0

    let lifetime: TimeInterval
    private let now: @Sendable () -> Date
    private let state = Locked(State())

    init(lifetime: TimeInterval, now: @escaping @Sendable () -> Date) {
        self.lifetime = lifetime
        self.now = now
    }

    // MARK: Reading

    /// Whether the held answers hold every place of `types` within the circle.
    func isExact(center: Coordinate, radius: Double, types: Set<String>) -> Bool {
        state.withLock { state in
            let since = now().addingTimeInterval(-lifetime)
            var named = Set<String>()
            for entry in state.nearby where entry.fetchedAt >= since
                && entry.center.distance(to: center) + radius <= entry.covered + 0.01 {
                named.formUnion(entry.types)
            }
            return types.isSubset(of: named)
        }
    }

    /// The answer of a search for exactly `types` around `center` reaching at least `radius`: the most
    /// Google gives for those types there, even when it stopped at 20.
    func ownEntry(center: Coordinate, radius: Double, types: Set<String>) -> NearbyEntry? {
        state.withLock { state in
            let since = now().addingTimeInterval(-lifetime)
            return state.nearby.last { entry in
                entry.fetchedAt >= since && entry.types == types && entry.radius + 0.01 >= radius
                    && entry.center.distance(to: center) < Self.samePlace
            }
        }
    }

    /// Whether Home's groups were all fetched around `center` reaching at least `radius`.
    func hasArea(center: Coordinate, radius: Double) -> Bool {
        state.withLock { state in
            let since = now().addingTimeInterval(-lifetime)
            return state.areas.contains { area in
                area.fetchedAt >= since && area.radius + 0.01 >= radius && area.center.distance(to: center) < Self.samePlace
            }
        }
    }

    /// Every place held within the circle (of `category`, or all), each once in its newest form, nearest first.
    func held(center: Coordinate, radius: Double, category: NearbyCore.Category?) -> [(hit: PlaceHit, fetchedAt: Date)] {
        let all = state.withLock { state -> [String: Held] in
            let since = now().addingTimeInterval(-lifetime)
            var byID: [String: Held] = [:]
            func add(_ place: Place, _ fetchedAt: Date) {
                guard fetchedAt >= since, category == nil || place.category == category else { return }
                if let known = byID[place.id.sourceID], known.fetchedAt > fetchedAt { return }
                byID[place.id.sourceID] = Held(place: place, fetchedAt: fetchedAt)
            }
            for entry in state.nearby { for place in entry.places { add(place, entry.fetchedAt) } }
            for page in state.text.values { for place in page.places { add(place, page.fetchedAt) } }
            for held in state.details.values { add(held.place, held.fetchedAt) }
            return byID
        }
        return all.values.compactMap { held -> (hit: PlaceHit, fetchedAt: Date)? in
            let hit = RemotePlaceGeometry.hit(held.place, from: center)
            return hit.distance <= radius ? (hit, held.fetchedAt) : nil
        }
        .sorted { a, b in
            a.hit.distance != b.hit.distance ? a.hit.distance < b.hit.distance : a.hit.id.sourceID < b.hit.id.sourceID
        }
    }

    func textPage(_ key: TextKey) -> TextPage? {
        state.withLock { state in
            guard let page = state.text[key], page.fetchedAt >= now().addingTimeInterval(-lifetime) else { return nil }
            return page
        }
    }

    func details(_ id: String) -> Held? {
        state.withLock { state in
            guard let held = state.details[id], held.fetchedAt >= now().addingTimeInterval(-lifetime) else { return nil }
            return held
        }
    }

    // MARK: Writing

    /// Keeps a Nearby Search answer. With `replacing`, older answers around the same centre whose types it
    /// covers go (a refresh): what they held is now known better.
    func insert(_ entry: NearbyEntry, replacing: Bool = false) {
        state.withLock { state in
            prune(&state)
            if replacing {
                state.nearby.removeAll { old in
                    old.center.distance(to: entry.center) < Self.samePlace && entry.types.isSuperset(of: old.types)
                        && old.fetchedAt <= entry.fetchedAt
                }
            }
            state.nearby.append(entry)
            if state.nearby.count > Self.maxEntries { state.nearby.removeFirst(state.nearby.count - Self.maxEntries) }
        }
    }

    /// Notes that Home's groups were all fetched around `center`.
    func recordArea(center: Coordinate, radius: Double, at date: Date) {
        state.withLock { state in
            state.areas.removeAll { $0.center.distance(to: center) < Self.samePlace && $0.radius <= radius }
            state.areas.append(AreaRecord(center: center, radius: radius, fetchedAt: date))
            if state.areas.count > Self.maxEntries { state.areas.removeFirst(state.areas.count - Self.maxEntries) }
        }
    }

    /// Forgets the answers around `center` that name any of `types` (before a refresh of a list whose
    /// places they held), and the areas there, so nothing older is served beside the new answer.
    func forget(center: Coordinate, types: Set<String>) {
        state.withLock { state in
            state.nearby.removeAll { $0.center.distance(to: center) < Self.samePlace && !$0.types.isDisjoint(with: types) }
            state.areas.removeAll { $0.center.distance(to: center) < Self.samePlace }
        }
    }

    func insert(_ page: TextPage, for key: TextKey) {
        state.withLock { state in
            prune(&state)
            state.text[key] = page
        }
    }

    /// Forgets every page of one search (before a refresh of it).
    func forgetPages(of key: TextKey) {
        state.withLock { state in
            state.text = state.text.filter { stored, _ in
                !(stored.center == key.center && stored.radius == key.radius && stored.category == key.category
                  && stored.text == key.text)
            }
        }
    }

    func insertDetails(_ place: Place, at date: Date) {
        state.withLock { state in
            prune(&state)
            state.details[place.id.sourceID] = Held(place: place, fetchedAt: date)
        }
    }

    /// Drops what has outlived the session's cache, and the oldest beyond the bounds.
    private func prune(_ state: inout State) {
        let since = now().addingTimeInterval(-lifetime)
        state.nearby.removeAll { $0.fetchedAt < since }
        state.areas.removeAll { $0.fetchedAt < since }
        state.text = state.text.filter { $0.value.fetchedAt >= since }
        if state.text.count > Self.maxEntries {
            let keep = state.text.sorted { $0.value.fetchedAt > $1.value.fetchedAt }.prefix(Self.maxEntries / 2)
            state.text = Dictionary(uniqueKeysWithValues: keep.map { ($0.key, $0.value) })
        }
        state.details = state.details.filter { $0.value.fetchedAt >= since }
        if state.details.count > Self.maxDetails {
            let keep = state.details.sorted { $0.value.fetchedAt > $1.value.fetchedAt }.prefix(Self.maxDetails / 2)
            state.details = Dictionary(uniqueKeysWithValues: keep.map { ($0.key, $0.value) })
        }
    }
}
