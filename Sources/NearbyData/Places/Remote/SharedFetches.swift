import NearbyCore
import Synchronization

/// Requests in flight by what they ask, so that callers asking the same thing at once (Home's sections)
/// share one request. A fetch belongs to no one caller: a screen that goes away does not cancel it for
/// another still waiting, and its answer is kept either way.
final class SharedFetches: Sendable {
    private let service: String
    private let running = Mutex<[String: Task<Void, any Error>]>([:])

    /// - Parameter service: names the service in the message of a fetch that could not finish.
    init(service: String) {
        self.service = service
    }

    /// Joins the fetch running under `key`, or starts `fetch` under it, and waits for it to end.
    func run(_ key: String, _ fetch: @escaping @Sendable () async throws(PlacesError) -> Void) async throws(PlacesError) {
        let task = running.withLock { running -> Task<Void, any Error> in
            if let task = running[key] { return task }
            let task = Task { [self] in
                defer { _ = self.running.withLock { $0.removeValue(forKey: key) } }
                try await fetch()
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
