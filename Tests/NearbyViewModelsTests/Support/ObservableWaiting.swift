@testable import NearbyViewModels

/// Holds a binding until the value it waits for has come.
@MainActor
private final class Waiter<Value> {
    var token: ObservationToken?
    var continuation: CheckedContinuation<Value, Never>?
}

extension Observable where Value: Sendable {
    /// Waits until the value satisfies `condition` (at once when it does already): for tests that must see a
    /// state while other work is held, where awaiting idle would also wait for the held work.
    func next(where condition: @escaping @MainActor (Value) -> Bool) async -> Value {
        let waiter = Waiter<Value>()
        return await withCheckedContinuation { continuation in
            waiter.continuation = continuation
            waiter.token = bindAndFire { value in
                guard condition(value), let continuation = waiter.continuation else { return }
                waiter.continuation = nil
                waiter.token?.cancel()
                continuation.resume(returning: value)
            }
        }
    }
}
