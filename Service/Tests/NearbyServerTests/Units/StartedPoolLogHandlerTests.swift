import Logging
import Locking
import Testing

@testable import NearbyServer

@Suite("The pools' background log")
struct StartedPoolLogHandlerTests {
    /// Keeps what reaches it.
    struct Recording: LogHandler {
        let lines: Lines
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace

        func log(event: LogEvent) { lines.value.withLock { $0.append("\(event.level) \(event.message)") } }

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }
    }

    final class Lines: Sendable {
        let value = Locked<[String]>([])
    }

    static let early = "Trying to lease connection from `PostgresClient`, but `PostgresClient.run()` hasn't been called yet."

    @Test("the early-lease warning is dropped once the task running the pool has started, and only it")
    func dropsOnlyTheRace() {
        let lines = Lines()
        let started = PoolRunStarted()
        let logger = Logger(label: "t") { _ in
            StartedPoolLogHandler(base: Recording(lines: lines), started: started)
        }
        logger.warning("\(Self.early)")
        started.set()
        logger.warning("\(Self.early)")
        logger.warning("Connection to the server failed")
        logger.error("\(Self.early)")
        #expect(lines.value.withLock { $0 } == ["warning \(Self.early)", "warning Connection to the server failed",
                                                 "error \(Self.early)"])
    }
}
