/// How complete an answer a query needs. The local store answers every reach the same way; a live source
/// uses it to decide how many requests a screen costs (docs/data-sources.md, the request budget).
public enum PlaceQueryReach: Hashable, Sendable {
    /// Every match within the radius, page by page, asking the source as needed (a list).
    case complete
    /// The nearest matches of each category, from one fetch of the whole area where the source allows it
    /// (Home's sections and counts): a source that returns only the nearest few may leave some out.
    case overview
    /// Only what the source holds already, never the network (decoration such as the map's neighbours).
    case heldOnly
}

/// How many places match, and whether that is all of them or only as many as the source could tell.
public struct PlaceCount: Hashable, Sendable {
    public var value: Int
    /// False when more may match than `value` (a source that returns only the nearest few).
    public var isExact: Bool

    public init(_ value: Int, isExact: Bool = true) {
        self.value = value
        self.isExact = isExact
    }
}

extension PlacesProvider {
    /// The exact count of `count(near:radius:category:)`, for sources that can always count.
    public func count(_ query: PlaceQuery) async throws(PlacesError) -> PlaceCount {
        PlaceCount(try await count(near: query.center, radius: query.radius, category: query.category))
    }

    /// Nothing to fetch again: the source has no cache of its own.
    public func refresh(_ query: PlaceQuery) async throws(PlacesError) {}

    public var isLive: Bool { false }
}
