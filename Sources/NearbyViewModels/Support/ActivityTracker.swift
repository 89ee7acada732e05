/// Names a kind of work so that starting it again cancels the one still running (filter keystrokes, reloads).
public struct ActivityKey: Hashable, Sendable {
    public let name: String

    public init(_ name: String) {
        self.name = name
    }
}

/// Runs a view model's async work and counts it, so tests `await idle()` instead of sleeping.
///
/// A task started under a key cancels the live task with the same key. A cancelled task stops counting as
/// live at once; the view model's operation checks `Task.isCancelled` after each await and drops its result.
/// After `close()` nothing new starts and everything running is cancelled.
@MainActor
public final class ActivityTracker {
    private struct Entry {
        var key: ActivityKey?
        var task: Task<Void, Never>
    }

    /// Live (not cancelled) tasks by id.
    private var live: [Int: Entry] = [:]
    /// Every task that has not returned yet, cancelled or not.
    private var unfinished: Set<Int> = []
    private var nextID = 0
    private var idleWaiters: [CheckedContinuation<Void, Never>] = []
    private var drainWaiters: [CheckedContinuation<Void, Never>] = []

    /// True while any live task runs.
    public let isBusy = Observable(false)
    public private(set) var isClosed = false

    public init() {}

    // A view model dropped without `close()` still stops its work.
    isolated deinit {
        for entry in live.values { entry.task.cancel() }
    }

    /// How many live tasks run now.
    public var liveCount: Int { live.count }

    /// Whether a live task with this key runs.
    public func isRunning(_ key: ActivityKey) -> Bool {
        live.values.contains { $0.key == key }
    }

    /// Starts `operation` on the main actor; with a key, first cancels the live task of that key.
    /// Returns false (and starts nothing) once the tracker is closed.
    @discardableResult
    public func run(_ key: ActivityKey? = nil, _ operation: @escaping @MainActor @Sendable () async -> Void) -> Bool {
        guard !isClosed else { return false }
        // The task replaced is dropped without settling: the new one is counted before anyone could see no
        // work between them (a page that asks for the next one, `G`, must not let `idle()` return).
        if let key {
            for (id, entry) in live where entry.key == key {
                entry.task.cancel()
                live[id] = nil
            }
        }
        let id = nextID
        nextID += 1
        unfinished.insert(id)
        // The task cannot begin before this synchronous method returns: both run on the main actor.
        let task = Task { @MainActor [weak self] in
            await operation()
            self?.ended(id)
        }
        live[id] = Entry(key: key, task: task)
        isBusy.update(true)
        return true
    }

    /// Cancels the live task of this key, if any.
    public func cancel(_ key: ActivityKey) {
        for (id, entry) in live where entry.key == key {
            entry.task.cancel()
            live[id] = nil
        }
        settle()
    }

    /// Cancels every live task whose key matches.
    public func cancelAll(where matches: (ActivityKey) -> Bool) {
        for (id, entry) in live {
            guard let key = entry.key, matches(key) else { continue }
            entry.task.cancel()
            live[id] = nil
        }
        settle()
    }

    /// Cancels everything and refuses new work: results that arrive later are dropped.
    public func close() {
        isClosed = true
        for entry in live.values { entry.task.cancel() }
        live.removeAll()
        settle()
    }

    /// Returns once no live task runs (cancelled ones may still be unwinding).
    public func idle() async {
        if live.isEmpty { return }
        await withCheckedContinuation { idleWaiters.append($0) }
    }

    /// Returns once every task has returned, cancelled ones included.
    public func drained() async {
        if unfinished.isEmpty { return }
        await withCheckedContinuation { drainWaiters.append($0) }
    }

    private func ended(_ id: Int) {
        unfinished.remove(id)
        live[id] = nil
        settle()
    }

    private func settle() {
        isBusy.update(!live.isEmpty)
        if live.isEmpty, !idleWaiters.isEmpty {
            let waiters = idleWaiters
            idleWaiters.removeAll()
            for waiter in waiters { waiter.resume() }
        }
        if unfinished.isEmpty, !drainWaiters.isEmpty {
            let waiters = drainWaiters
            drainWaiters.removeAll()
            for waiter in waiters { waiter.resume() }
        }
    }
}
