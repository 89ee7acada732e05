import Locking

/// When this process last swept expired idempotency keys out of PostgreSQL: a request sweeps the whole table
/// at most once per `interval`, so keys nobody retries do not pile up, and no request pays for it often.
final class ExpiredKeySweep: Sendable {
    let interval: Duration
    private let last = Locked<ContinuousClock.Instant?>(nil)

    init(interval: Duration = .seconds(600)) {
        self.interval = interval
    }

    /// True for the caller that is due to sweep now (the first ever, then one per interval); the others false.
    func isDue(at now: ContinuousClock.Instant = .now) -> Bool {
        last.withLock { last in
            if let previous = last, now - previous < interval { return false }
            last = now
            return true
        }
    }
}
