import NearbyCore

extension PlacesSortOrder {
    /// `hits` in this order, as the list's `s` and `nearby places --sort` order them: ties fall back to
    /// distance, then id, so the order never flickers. `walkMetres` is a place's walk (infinity without one:
    /// after every walk); `openRank` is 0 for open, 1 for unknown (it may be open), 2 for closed.
    public func sorted(_ hits: [PlaceHit], walkMetres: (PlaceHit) -> Double,
                       openRank: (PlaceHit) -> Int) -> [PlaceHit] {
        func nearer(_ a: PlaceHit, _ b: PlaceHit) -> Bool {
            if a.distance != b.distance { return a.distance < b.distance }
            return a.id.description < b.id.description
        }
        // Each key is worked out once per place, not once per comparison.
        func byKey<Key: Comparable>(_ key: (PlaceHit) -> Key) -> [PlaceHit] {
            hits.map { (key: key($0), hit: $0) }
                .sorted { a, b in a.key != b.key ? a.key < b.key : nearer(a.hit, b.hit) }.map(\.hit)
        }
        switch self {
        case .distance: return hits.sorted(by: nearer)
        case .walkingTime: return byKey(walkMetres)
        case .name: return byKey { SearchFolding.fold($0.place.name) }
        case .rating:
            // Best first, then the most ratings.
            return byKey { RatingKey(rating: $0.place.rating ?? -1, count: $0.place.ratingCount ?? 0) }
        case .openFirst: return byKey(openRank)
        }
    }

    /// The rank `openRank` gives a state.
    public static func openRank(_ state: OpeningState) -> Int {
        switch state {
        case .open: 0
        case .unknown: 1
        case .closed: 2
        }
    }
}

/// Higher ratings sort first, and among equal ratings more of them.
private struct RatingKey: Comparable {
    var rating: Double
    var count: Int

    static func < (a: RatingKey, b: RatingKey) -> Bool {
        a.rating != b.rating ? a.rating > b.rating : a.count > b.count
    }
}
