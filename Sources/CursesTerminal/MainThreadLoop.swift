import CTerminalSupport
import Glibc

/// The process's main thread as the main actor's home: it sleeps in poll(2) until a watched descriptor is
/// readable or main-actor work is queued, and runs both itself.
///
/// Swift's default main executor on Linux parks the main thread in `dispatch_main()` and runs main-actor jobs
/// on a pool thread, so a key would cost a wake-up of an input thread and then of a pool thread. Here the
/// thread that poll(2) wakes for a key reads it, handles it and draws the frame.
@MainActor
public final class MainThreadLoop {
    /// What poll(2) reported for a watched descriptor.
    public struct Readiness: OptionSet, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        public static let readable = Readiness(rawValue: 1)
        /// Hung up, in error, or closed: the handler should stop watching it.
        public static let closed = Readiness(rawValue: 2)
    }

    /// A registration, to stop watching with.
    public struct Watch: Hashable, Sendable {
        fileprivate let id: Int
    }

    private struct Watcher {
        var id: Int
        var fd: Int32
        var handler: @MainActor (Readiness) -> Void
    }

    /// The loop serving the main thread now, if any.
    public private(set) static var current: MainThreadLoop?

    /// Runs before each sleep, after the input and jobs of one wake-up were handled (to draw one frame).
    public var beforeSleep: (@MainActor () -> Void)?
    /// Runs once a sleep has lasted `idleDelay` with nothing to serve (no input, no signal, no queued job),
    /// then is cleared; `beforeSleep` may set it again.
    public var whenIdle: (@MainActor () -> Void)?
    /// Milliseconds of nothing before `whenIdle` runs.
    public var idleDelay: Int32 = 2
    /// When the work `run(at:_:)` asked for is due; nil when none waits. The loop's own poll(2) times out for it:
    /// no other thread wakes, and no task is made, for a timer this frequent (a spinner's next glyph).
    public private(set) var dueAt: ContinuousClock.Instant?
    private var whenDue: (@MainActor () -> Void)?

    private let queueFD: Int32
    private var watchers: [Watcher] = [] {
        didSet { pollSetIsCurrent = false }
    }
    /// What poll(2) is given: the queue's descriptor, then the watchers' in order, with their ids beside. Kept
    /// from one sleep to the next and made again only when the watchers change, so a wake-up allocates nothing.
    private var pollSet: [pollfd] = []
    private var pollIDs: [Int] = []
    private var pollSetIsCurrent = false
    private var nextID = 0
    private var isStopped = false

    private init(queueFD: Int32) {
        self.queueFD = queueFD
    }

    /// Runs `body` on the main actor and serves the main thread until it returns, then rethrows its error.
    /// Call once, from a synchronous `main` on the main thread.
    public static func run(_ body: sending @escaping @MainActor () async throws -> Void) throws {
        MainActor.preconditionIsolated("MainThreadLoop.run must be called on the main thread")
        let loop = MainThreadLoop(queueFD: nearby_main_queue_fd())
        current = loop
        defer { current = nil }
        let outcome = Outcome()
        Task { @MainActor in
            do { try await body() } catch { outcome.error = error }
            loop.isStopped = true
        }
        loop.serve()
        if let error = outcome.error { throw error }
    }

    /// Calls `handler` on the main thread whenever `fd` is readable or closes, until `stopWatching`.
    public func watch(_ fd: Int32, _ handler: @escaping @MainActor (Readiness) -> Void) -> Watch {
        nextID += 1
        watchers.append(Watcher(id: nextID, fd: fd, handler: handler))
        return Watch(id: nextID)
    }

    public func stopWatching(_ watch: Watch) {
        watchers.removeAll { $0.id == watch.id }
    }

    /// Runs `work` on the main thread once `deadline` has passed. There is one slot, for one user (the run loop's
    /// spinner): a request replaces the one before; `cancelDue()` drops it.
    public func run(at deadline: ContinuousClock.Instant, _ work: @escaping @MainActor () -> Void) {
        dueAt = deadline
        whenDue = work
    }

    /// Forgets what `run(at:_:)` asked for.
    public func cancelDue() {
        dueAt = nil
        whenDue = nil
    }

    /// The poll timeout: until the due work, or the idle delay when idle work waits and comes first (-1: none).
    private func sleepLimit() -> (milliseconds: Int32, idleFirst: Bool) {
        var limit: (milliseconds: Int32, idleFirst: Bool) = whenIdle == nil ? (-1, false) : (idleDelay, true)
        if let dueAt {
            // Rounded up: poll(2) counts whole milliseconds, and waking early only loops again.
            let left = ContinuousClock.now.duration(to: dueAt).components
            // Seconds held to what a timeout can say first, so that a far deadline cannot overflow.
            let seconds = min(left.seconds, Int64(Int32.max / 1_000))
            let milliseconds = max(0, seconds * 1_000 + (left.attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000)
            let wait = Int32(clamping: milliseconds)
            if limit.milliseconds < 0 || wait < limit.milliseconds { limit = (wait, false) }
        }
        return limit
    }

    /// Makes `pollSet` and `pollIDs` match the watchers. Plain loops: a closure here would check the actor at
    /// every wake-up.
    private func updatePollSet() {
        guard !pollSetIsCurrent else { return }
        pollSet.removeAll(keepingCapacity: true)
        pollIDs.removeAll(keepingCapacity: true)
        pollSet.append(pollfd(fd: queueFD, events: Int16(POLLIN), revents: 0))
        for watcher in watchers {
            pollSet.append(pollfd(fd: watcher.fd, events: Int16(POLLIN), revents: 0))
            pollIDs.append(watcher.id)
        }
        pollSetIsCurrent = true
    }

    /// The handler of the watcher with `id`, if it is still watched (an earlier handler may have stopped it).
    private func handler(of id: Int) -> (@MainActor (Readiness) -> Void)? {
        for watcher in watchers where watcher.id == id { return watcher.handler }
        return nil
    }

    private func serve() {
        while !isStopped {
            beforeSleep?()
            // The queue's descriptor first; the watchers as they are now (a handler may add or remove some).
            updatePollSet()
            let watched = pollIDs
            let limit = sleepLimit()
            // poll(2) writes every entry's revents; the set is made again only before the next sleep.
            let ready = poll(&pollSet, nfds_t(pollSet.count), limit.milliseconds)
            if ready < 0 {
                if errno == EINTR { continue }
                // poll itself failing leaves nothing to wait on: stop rather than spin.
                return
            }
            if ready == 0 {
                if !runDueWork(), limit.idleFirst {
                    let idle = whenIdle
                    whenIdle = nil
                    idle?()
                }
                continue
            }
            // Input before queued work: a key's frame should not wait behind results that can wait.
            for (index, id) in watched.enumerated() {
                let events = Int32(pollSet[index + 1].revents)
                guard events != 0, let handler = handler(of: id) else { continue }
                var readiness: Readiness = []
                if events & Int32(POLLIN) != 0 { readiness.insert(.readable) }
                if events & Int32(POLLHUP | POLLERR | POLLNVAL) != 0 { readiness.insert(.closed) }
                handler(readiness)
            }
            if pollSet[0].revents & Int16(POLLIN) != 0 { nearby_main_queue_drain(queueFD) }
            // A steady stream of input or jobs never lets poll time out: due work that has come due runs anyway.
            runDueWork()
        }
    }

    /// Runs the due work if its time has come; whether it did.
    @discardableResult
    private func runDueWork() -> Bool {
        guard let dueAt, ContinuousClock.now >= dueAt else { return false }
        let due = whenDue
        cancelDue()
        due?()
        return true
    }
}

/// The error `run`'s body ended with, handed from its task to the caller.
@MainActor
private final class Outcome {
    var error: (any Error)?
}
