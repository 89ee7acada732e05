import Locking

/// The outcome of one exchange as the engine hands it to its caller.
typealias TransferResult = Result<HTTPClient.Response, HTTPFailure>

/// One caller waiting for one exchange: whichever comes first, the answer or the caller's cancellation,
/// resumes the caller, exactly once.
final class TransferTicket: Sendable {
    private enum State {
        case unattached
        case cancelledBeforeStart
        case waiting(CheckedContinuation<TransferResult, Never>)
        case answered
    }

    private let state = Locked<State>(.unattached)

    /// Hands over the caller's continuation. Returns false when the caller was cancelled first: the continuation
    /// has then been answered with `.cancelled` and the exchange must not start.
    func attach(_ continuation: CheckedContinuation<TransferResult, Never>) -> Bool {
        let cancelled = state.withLock { state -> Bool in
            guard case .unattached = state else { return true }
            state = .waiting(continuation)
            return false
        }
        if cancelled { continuation.resume(returning: .failure(.cancelled)) }
        return !cancelled
    }

    /// The caller's task was cancelled. Returns true when this answered a waiting caller, so the exchange
    /// under way should be stopped.
    func cancel() -> Bool {
        let waiting = state.withLock { state -> CheckedContinuation<TransferResult, Never>? in
            switch state {
            case .unattached:
                state = .cancelledBeforeStart
                return nil
            case .waiting(let continuation):
                state = .answered
                return continuation
            case .cancelledBeforeStart, .answered:
                return nil
            }
        }
        waiting?.resume(returning: .failure(.cancelled))
        return waiting != nil
    }

    /// The exchange ended; ignored when the caller has had its answer already.
    func finish(_ result: TransferResult) {
        let waiting = state.withLock { state -> CheckedContinuation<TransferResult, Never>? in
            guard case .waiting(let continuation) = state else { return nil }
            state = .answered
            return continuation
        }
        waiting?.resume(returning: result)
    }

    /// Whether the caller has its answer (or gave up), so there is nothing left to do for it.
    var isAnswered: Bool {
        state.withLock { state in
            switch state {
            case .answered, .cancelledBeforeStart: true
            case .unattached, .waiting: false
            }
        }
    }
}
