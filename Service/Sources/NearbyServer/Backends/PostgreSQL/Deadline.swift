import Locking

/// A deadline passed before the work finished; said in words, as users see it.
struct DeadlineExceeded: Error, CustomStringConvertible {
    let limit: Duration
    var description: String { "no answer within \(Deadline.spoken(limit))" }
}

/// Runs work with a time limit, and returns (throwing `DeadlineExceeded`) when the limit passes, whether or not
/// the work heeds its cancellation. A task group would wait for the work to end: a query on a connection whose
/// server died can wait for ever, and the request, its client's connection and a graceful shutdown with it.
/// The work is cancelled and left to end in the background.
enum Deadline {
    static func run<T: Sendable>(within limit: Duration, _ work: @escaping @Sendable () async throws -> T) async throws -> T {
        let outcome = FirstOutcome<T>()
        // Unstructured, so nothing waits for them; they inherit the task-locals (the request's transaction).
        let worker = Task {
            do {
                outcome.settle(.success(try await work()))
            } catch {
                outcome.settle(.failure(error))
            }
        }
        let timer = Task {
            try? await Task.sleep(for: limit)
            outcome.settle(.failure(DeadlineExceeded(limit: limit)))
        }
        defer {
            worker.cancel()
            timer.cancel()
        }
        return try await withTaskCancellationHandler {
            try await outcome.value()
        } onCancel: {
            outcome.settle(.failure(CancellationError()))
        }
    }

    /// "5 s", "500 ms": a limit as the messages say it.
    static func spoken(_ limit: Duration) -> String {
        let (seconds, attoseconds) = limit.components
        if attoseconds == 0 { return "\(seconds) s" }
        return "\(seconds * 1000 + attoseconds / 1_000_000_000_000_000) ms"
    }
}

/// The first of several outcomes, handed to the one who waits for it.
private final class FirstOutcome<T: Sendable>: Sendable {
    private let state = Locked<(result: Result<T, any Error>?, waiter: CheckedContinuation<T, any Error>?)>((nil, nil))

    func settle(_ result: Result<T, any Error>) {
        let waiter = state.withLock { state -> CheckedContinuation<T, any Error>? in
            guard state.result == nil else { return nil }
            state.result = result
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume(with: result)
    }

    func value() async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            let ready = state.withLock { state -> Result<T, any Error>? in
                if let result = state.result { return result }
                state.waiter = continuation
                return nil
            }
            if let ready { continuation.resume(with: ready) }
        }
    }
}
