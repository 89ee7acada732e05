import Logging
import Synchronization

/// Whether the task that calls a pool client's `run()` has started: set just before the call.
final class PoolRunStarted: Sendable {
    private let value = Atomic<Bool>(false)

    func set() { value.store(true, ordering: .releasing) }
    var isSet: Bool { value.load(ordering: .acquiring) }
}

/// The pools' background log, less one false alarm. postgres-nio warns when a connection is leased before
/// `run()` has marked its client running; once our task calling `run()` has started, that lease is served as
/// soon as the call gets there, so the warning is only two tasks racing (it reached stderr of `serve migrate`
/// on a busy machine). Before that task starts, or with no such task, the warning still shows.
struct StartedPoolLogHandler: LogHandler {
    static let earlyLeaseWarning = "hasn't been called yet"

    var base: any LogHandler
    let started: PoolRunStarted

    func log(event: LogEvent) {
        if event.level == .warning, started.isSet, "\(event.message)".contains(Self.earlyLeaseWarning) { return }
        base.log(event: event)
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { base[metadataKey: key] }
        set { base[metadataKey: key] = newValue }
    }

    var metadata: Logger.Metadata {
        get { base.metadata }
        set { base.metadata = newValue }
    }

    var logLevel: Logger.Level {
        get { base.logLevel }
        set { base.logLevel = newValue }
    }

    var metadataProvider: Logger.MetadataProvider? {
        get { base.metadataProvider }
        set { base.metadataProvider = newValue }
    }
}
