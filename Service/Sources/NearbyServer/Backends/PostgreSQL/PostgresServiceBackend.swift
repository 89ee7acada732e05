import NearbyCore
import NearbyData

/// PostgreSQL for friends and idempotency keys, PostGIS for places; reads on replicas when there are some.
public struct PostgresServiceBackend: ServiceBackend {
    public let pools: PostgresPools
    public let friends: any FriendsRepository
    public let idempotency: any IdempotencyStore
    private let store: PostgresPlacesStore

    public init(pools: PostgresPools) {
        self.pools = pools
        friends = PostgresFriendsRepository(pools: pools)
        idempotency = PostgresIdempotencyStore(pools: pools)
        store = PostgresPlacesStore(pools: pools)
    }

    public var places: (any PlacesProvider)? { store }

    public func acceptsCursor(_ cursor: PageCursor) -> Bool {
        PostgresPlacesStore.Cursor.isValid(cursor)
    }

    public func readiness() async -> Readiness {
        await pools.readiness(expectedVersion: PostgresSchema.latestVersion)
    }

    public func gauges() -> [Gauge] {
        pools.gauges()
    }
}
