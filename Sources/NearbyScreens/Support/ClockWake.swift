import Foundation

/// Wakes a screen once at a given time (a place that closes at 18:00), and never while nothing is due.
@MainActor
final class ClockWake {
    private var task: Task<Void, Never>?

    /// Calls `action` at `date`, replacing any earlier schedule; nil cancels.
    func schedule(at date: Date?, _ action: @escaping @MainActor () -> Void) {
        task?.cancel()
        guard let date else { task = nil; return }
        task = Task {
            try? await Task.sleep(for: .milliseconds(Int(max(0, date.timeIntervalSinceNow) * 1000) + 5))
            guard !Task.isCancelled else { return }
            action()
        }
    }

    func cancel() {
        task?.cancel()
        task = nil
    }
}
