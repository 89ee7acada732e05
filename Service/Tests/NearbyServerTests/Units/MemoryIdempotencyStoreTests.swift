import Foundation
import Locking
@testable import NearbyServer
import Testing

/// `MemoryIdempotencyStore` finds an answer by its key and expires answers oldest first, so a keyed POST costs
/// the same with 20,000 keys kept as with none. Checked on what it looks at, not on the clock.
@Suite("Idempotency keys in memory")
struct MemoryIdempotencyStoreTests {
    /// A clock the test moves by hand.
    final class HandClock: Sendable {
        private let instant = Locked(ContinuousClock.now)
        var now: ContinuousClock.Instant { instant.withLock { $0 } }
        func advance(_ duration: Duration) { instant.withLock { $0 += duration } }
    }

    private static func request(_ key: String) -> IdempotentRequest {
        IdempotentRequest(key: key, method: "POST", path: "/api/friends", body: Data(key.utf8))
    }

    private static let created: @Sendable () async -> ServerResponse = { ServerResponse(status: 201) }

    @Test("with 20,000 keys kept, a keyed POST looks at no other entry; expired ones go oldest first, each once")
    func keyedPostStaysCheap() async throws {
        let clock = HandClock()
        let store = MemoryIdempotencyStore(retention: .seconds(100), now: { clock.now })
        for index in 0..<20_000 {
            _ = try await store.answer(Self.request("key-\(index)"), operation: Self.created)
            if index == 9_999 { clock.advance(.seconds(50)) }
        }
        #expect(await store.count == 20_000)
        let fresh = try await store.answer(Self.request("one-more"), operation: Self.created)
        #expect(fresh.status == 201)
        #expect(await store.lastExpiryVisits == 0, "a POST looked at the entries it did not need")
        let replay = try await store.answer(Self.request("key-42"), operation: Self.created)
        #expect(replay.headers["Idempotent-Replayed"] == "true")
        #expect(await store.lastExpiryVisits == 0)
        // The first half expires: the next POST drops exactly those, and the one after looks at nothing again.
        clock.advance(.seconds(60))
        _ = try await store.answer(Self.request("later"), operation: Self.created)
        #expect(await store.lastExpiryVisits == 10_000)
        #expect(await store.count == 10_002)
        _ = try await store.answer(Self.request("later-still"), operation: Self.created)
        #expect(await store.lastExpiryVisits == 0)
        // An expired key is a new request again.
        let again = try await store.answer(Self.request("key-42"), operation: Self.created)
        #expect(again.headers["Idempotent-Replayed"] == nil)
    }

    @Test("a key kept again after it expired is not dropped by its old place in the order")
    func keptAgainAfterExpiry() async throws {
        let clock = HandClock()
        let store = MemoryIdempotencyStore(retention: .seconds(10), now: { clock.now })
        _ = try await store.answer(Self.request("k"), operation: Self.created)
        clock.advance(.seconds(11))
        _ = try await store.answer(Self.request("k"), operation: Self.created)  // expired: runs and is kept again
        clock.advance(.seconds(5))
        let replay = try await store.answer(Self.request("k"), operation: Self.created)
        #expect(replay.headers["Idempotent-Replayed"] == "true")
    }
}
