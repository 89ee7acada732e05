import FoundationEssentials
import NearbyCore
import Locking
import NearbyData

/// Requests in flight by what they ask, so that callers asking the same thing at once (Home's sections)
/// share one request. A fetch belongs to no one caller: a screen that goes away does not cancel it for
/// another still waiting, and its answer is kept either way.
///
/// A failure can be remembered for a moment (`failureMemory`): a screen asks one area many questions, and
/// those arriving just after a failure get it too, instead of each asking again. A fetch the user asked for
/// (`r`) never takes a remembered failure for an answer, and what it meets is remembered for the others.
final class SharedFetches: Sendable {
    private let service: String
    private let failureMemory: TimeInterval
    private let now: @Sendable () -> Date
    private let running = Locked<[String: Task<Void, any Error>]>([:])
    private let failures = Locked<[String: (error: PlacesError, at: Date)]>([:])

    /// - Parameter service: names the service in the message of a fetch that could not finish.
    init(service: String, failureMemory: TimeInterval = 0, now: @escaping @Sendable () -> Date = { Date() }) {
        self.service = service
        self.failureMemory = failureMemory
        self.now = now
    }

    /// Joins the fetch running under `key`, or starts `fetch` under it, and waits for it to end.
    /// - Parameters:
    ///   - memoryKey: what a failure is remembered as, and cleared from on success (default `key`): a
    ///     refresh runs under a key of its own but speaks for the ordinary fetch of the same thing.
    ///   - usesMemory: whether a remembered failure answers instead of a fetch (not for a user's `r`).
    func run(_ key: String, memoryKey: String? = nil, usesMemory: Bool = true,
             _ fetch: @escaping @Sendable () async throws(PlacesError) -> Void) async throws(PlacesError) {
        let memoryKey = memoryKey ?? key
        if usesMemory, failureMemory > 0, let failure = failures.withLock({ $0[memoryKey] }),
           now().timeIntervalSince(failure.at) < failureMemory {
            throw failure.error
        }
        let task = running.withLock { running -> Task<Void, any Error> in
            if let task = running[key] { return task }
            let task = Task { [self] in
                defer { _ = self.running.withLock { $0.removeValue(forKey: key) } }
                do throws(PlacesError) {
                    try await fetch()
                    _ = failures.withLock { $0.removeValue(forKey: memoryKey) }
                } catch {
                    if failureMemory > 0 { failures.withLock { $0[memoryKey] = (error, now()) } }
                    throw error
                }
            }
            running[key] = task
            return task
        }
        do {
            try await task.value
        } catch {
            throw error as? PlacesError ?? .network("The request to \(service) was cancelled.")
        }
    }
}
