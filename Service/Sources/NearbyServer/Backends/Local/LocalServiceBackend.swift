import Foundation
import NearbyCore
import NearbyData

/// The local SQLite store, exactly as the app uses it: its friends repository, its places, and the answers
/// to `Idempotency-Key` requests in a table of its own.
public struct LocalServiceBackend: ServiceBackend {
    public let friends: any FriendsRepository
    public let idempotency: any IdempotencyStore
    private let store: LocalPlacesStore

    public init(database: AppDatabase) {
        friends = LocalFriendsRepository(database: database)
        store = LocalPlacesStore(database: database)
        idempotency = LocalIdempotencyStore(records: IdempotencyRecords(database: database))
    }

    public var places: (any PlacesProvider)? { store }

    public func acceptsCursor(_ cursor: PageCursor) -> Bool {
        LocalPlacesStore.isCursor(cursor)
    }

    public func readiness() async -> Readiness {
        do {
            _ = try await friends.friendsPage(filter: nil, offset: 0, limit: 1)
            return Readiness(isReady: true, checks: [("database", "ok (local store)")])
        } catch {
            return Readiness(isReady: false, checks: [("database", "cannot read the local store: \(error)")])
        }
    }

    public func gauges() -> [Gauge] { [] }
}

/// `IdempotencyStore` on the local store. Requests with one key are serialized in this process; another
/// process on the same file sees the key claimed and is told to retry (409) until the answer is kept.
///
/// The key and the friend are written in two transactions here (the repository owns its own), so a crash
/// between them leaves the key unanswered and a retry adds the friend again; PostgreSQL keeps both in one.
public actor LocalIdempotencyStore: IdempotencyStore {
    /// A claim older than this whose answer never came is from a process that died; it is taken over.
    static let staleClaim: TimeInterval = 60

    private let records: IdempotencyRecords
    private var running: Set<String> = []
    private var waiting: [String: [CheckedContinuation<Void, Never>]] = [:]

    public init(records: IdempotencyRecords) {
        self.records = records
    }

    public func answer(_ request: IdempotentRequest, operation: @escaping @Sendable () async -> ServerResponse)
        async throws(IdempotencyFailure) -> ServerResponse {
        // One request per key at a time in this process: the second waits and is then answered from the record.
        while running.contains(request.key) {
            await withCheckedContinuation { waiting[request.key, default: []].append($0) }
        }
        running.insert(request.key)
        defer {
            running.remove(request.key)
            for continuation in waiting.removeValue(forKey: request.key) ?? [] { continuation.resume() }
        }
        let claim: IdempotencyRecords.Claim
        do {
            claim = try await records.claim(key: request.key, method: request.method, path: request.path,
                                            body: request.body, now: Date(),
                                            retention: TimeInterval(Idempotency.retention.components.seconds),
                                            staleAfter: Self.staleClaim)
        } catch {
            throw .failed(detail: "recording the key failed: \(error)")
        }
        switch claim {
        case .pending:
            return Idempotency.inProgress
        case .answered(let method, let path, let requestBody, let status, let contentType, let location, let answerBody):
            guard method == request.method, path == request.path, requestBody == request.body else {
                return Idempotency.mismatch
            }
            return StoredAnswer(status: status, contentType: contentType, location: location, body: answerBody).replayed
        case .claimed:
            let response = await operation()
            do {
                if (200..<300).contains(response.status) {
                    let kept = StoredAnswer(response)
                    try await records.complete(key: request.key, status: kept.status, contentType: kept.contentType,
                                               location: kept.location, body: kept.body)
                } else {
                    try await records.release(key: request.key)
                }
            } catch {
                // The friend was saved; only the record of the answer failed. Say what happened.
                return response
            }
            return response
        }
    }
}
