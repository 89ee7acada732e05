import Dispatch
import ServiceLifecycle
#if canImport(Glibc)
import Glibc
#endif

/// A service whose graceful stop has a time limit: once the group asks it to stop (SIGTERM, SIGINT), the
/// process ends `grace` later whatever still runs. A graceful stop waits for the requests in flight, and a
/// request stuck for good (a database connection that never answers) kept the process running, deaf to
/// SIGTERM, until it was killed; a supervisor then has to escalate, and says nothing of why.
struct GraceLimitedService: Service {
    let base: any Service
    let grace: Duration

    func run() async throws {
        let grace = self.grace
        try await withGracefulShutdownHandler {
            try await base.run()
        } onGracefulShutdown: {
            let (seconds, attoseconds) = grace.components
            let nanoseconds = Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
            DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(nanoseconds)) {
                StandardError.writeLine("Stopped after \(seconds) s of waiting: requests still in flight were cut off.")
                // Not exit(): a thread stuck in the work that held the stop up must not hold the exit up too.
                _exit(1)
            }
        }
    }
}
