/// Keys remembered in this process only (`serve --memory`).
///
/// Answers are found by their key, and expire in the order they were kept: a keyed POST looks at the entries
/// that expired since the last one and at its own key, never at every entry (20,000 keys made each POST filter
/// all 20,000, ten times slower than the first).
public actor MemoryIdempotencyStore: IdempotencyStore {
    private struct Entry {
        var request: IdempotentRequest
        var answer: StoredAnswer
        var savedAt: ContinuousClock.Instant
    }

    private let retention: Duration
    private let now: @Sendable () -> ContinuousClock.Instant
    private var entries: [String: Entry] = [:]
    /// Keys in the order their answers were kept, oldest from `oldest` on: the front is the next to expire.
    private var order: [(key: String, savedAt: ContinuousClock.Instant)] = []
    private var oldest = 0
    private var running: Set<String> = []
    /// How many kept entries the last `answer` looked at to expire old ones (for the tests of its cost).
    private(set) var lastExpiryVisits = 0

    public init() {
        self.init(retention: Idempotency.retention, now: { ContinuousClock.now })
    }

    /// `now` stands in for the clock in tests.
    init(retention: Duration, now: @escaping @Sendable () -> ContinuousClock.Instant) {
        self.retention = retention
        self.now = now
    }

    /// How many answers are kept.
    var count: Int { entries.count }

    public func answer(_ request: IdempotentRequest, operation: @escaping @Sendable () async -> ServerResponse)
        async throws(IdempotencyFailure) -> ServerResponse {
        let now = now()
        expire(before: now)
        if let entry = entries[request.key] {
            return entry.request == request ? entry.answer.replayed : Idempotency.mismatch
        }
        // The actor is free while the operation runs; `running` marks the key as taken meanwhile.
        guard running.insert(request.key).inserted else { return Idempotency.inProgress }
        let response = await operation()
        running.remove(request.key)
        if (200..<300).contains(response.status) {
            let savedAt = self.now()
            entries[request.key] = Entry(request: request, answer: StoredAnswer(response), savedAt: savedAt)
            order.append((request.key, savedAt))
        }
        return response
    }

    /// Drops the answers kept for longer than the retention, oldest first, stopping at the first still kept.
    private func expire(before now: ContinuousClock.Instant) {
        var visits = 0
        while oldest < order.count, now - order[oldest].savedAt >= retention {
            let (key, savedAt) = order[oldest]
            visits += 1
            // A key kept again after it expired has a later entry of its own; this one is only its old place.
            if entries[key]?.savedAt == savedAt { entries[key] = nil }
            oldest += 1
        }
        // The expired front is cut off once it is most of the array, so each entry is moved at most once more.
        if oldest > 1024, oldest * 2 > order.count {
            order.removeFirst(oldest)
            oldest = 0
        }
        lastExpiryVisits = visits
    }
}
