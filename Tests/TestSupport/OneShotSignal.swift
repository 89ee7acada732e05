import Locking

/// A one-shot signal a test can await instead of sleeping.
public final class OneShotSignal: Sendable {
    private let state = Locked<(fired: Bool, waiters: [CheckedContinuation<Void, Never>])>((false, []))

    public init() {}

    public func fire() {
        let waiters = state.withLock { s -> [CheckedContinuation<Void, Never>] in
            s.fired = true
            defer { s.waiters = [] }
            return s.waiters
        }
        for waiter in waiters { waiter.resume() }
    }

    public func wait() async {
        await withCheckedContinuation { continuation in
            let ready = state.withLock { s -> Bool in
                if s.fired { return true }
                s.waiters.append(continuation)
                return false
            }
            if ready { continuation.resume() }
        }
    }
}
