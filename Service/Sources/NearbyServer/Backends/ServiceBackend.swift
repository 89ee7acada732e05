import NearbyCore
import NearbyData

/// Where the service keeps friends and places, and how it reports on them: the local SQLite store, memory,
/// or PostgreSQL/PostGIS. The routes see only this, so they cannot drift apart between backends.
public protocol ServiceBackend: Sendable {
    var friends: any FriendsRepository { get }
    /// Nil when this backend keeps no places (`--memory`).
    var places: (any PlacesProvider)? { get }
    var idempotency: any IdempotencyStore { get }
    /// Whether a page cursor is one `places` hands out.
    func acceptsCursor(_ cursor: PageCursor) -> Bool
    /// Whether the data can be served now, and what was checked.
    func readiness() async -> Readiness
    /// Gauges for `/metrics` (connections in use, replicas up).
    func gauges() -> [Gauge]
}

/// What `/readyz` answers.
public struct Readiness: Sendable {
    public var isReady: Bool
    /// One line a check, in order: ("database", "ok"), ("replica 127.0.0.1:5433", "down: reads go to the primary").
    public var checks: [(name: String, state: String)]

    public init(isReady: Bool, checks: [(name: String, state: String)]) {
        self.isReady = isReady
        self.checks = checks
    }
}

/// One sample a backend adds to `/metrics`: a gauge, or a counter it keeps itself.
public struct Gauge: Sendable, Hashable {
    public var name: String
    public var help: String
    public var labels: [String: String]
    public var value: Double
    /// "gauge" or "counter", as Prometheus's TYPE line says.
    public var type: String

    public init(name: String, help: String, labels: [String: String] = [:], value: Double, type: String = "gauge") {
        self.name = name
        self.help = help
        self.labels = labels
        self.value = value
        self.type = type
    }
}

/// Friends kept in memory, no places: for trying clients without a store.
public struct MemoryServiceBackend: ServiceBackend {
    public let friends: any FriendsRepository
    public let idempotency: any IdempotencyStore = MemoryIdempotencyStore()
    public var places: (any PlacesProvider)? { nil }

    public init(friends: any FriendsRepository = InMemoryFriendsRepository()) {
        self.friends = friends
    }

    public func acceptsCursor(_ cursor: PageCursor) -> Bool { false }
    public func readiness() async -> Readiness { Readiness(isReady: true, checks: [("database", "memory")]) }
    public func gauges() -> [Gauge] { [] }
}
