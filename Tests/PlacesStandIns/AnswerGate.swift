import Locking

/// Lets a stand-in's answers through while open; while closed, each waits until it opens, so a test sees
/// a screen's loading row for exactly as long as it needs to.
final class AnswerGate: Sendable {
    private let state = Locked<(isOpen: Bool, waiting: [CheckedContinuation<Void, Never>])>((true, []))

    func close() { state.withLock { $0.isOpen = false } }

    func open() {
        let waiting = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.isOpen = true
            defer { state.waiting = [] }
            return state.waiting
        }
        for continuation in waiting { continuation.resume() }
    }

    func pass() async {
        await withCheckedContinuation { continuation in
            let isOpen = state.withLock { state -> Bool in
                if !state.isOpen { state.waiting.append(continuation) }
                return state.isOpen
            }
            if isOpen { continuation.resume() }
        }
    }
}
