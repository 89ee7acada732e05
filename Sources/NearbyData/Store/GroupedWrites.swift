import CSQLite
import Locking
import SQLiteDriver

/// Write transactions that wait for the write connection while it is busy, run together in one transaction.
///
/// Each write keeps its own outcome: it runs inside a savepoint, so one that throws is undone alone, and every
/// caller hears back only once the shared transaction has committed. Two processes writing one store (two
/// `nearby serve` instances) hand SQLite's write lock over once per group instead of once per write; each
/// hand-over makes the next writer wait out a nap and re-read the pages the other changed.
final class GroupedWrites: Sendable {
    /// The most writes in one transaction, so a long queue still commits (and answers) in steps.
    static let largestGroup = 256

    private let waiting = Locked<[any GroupedWrite]>([])
    private let connection: SerialConnection

    init(on connection: SerialConnection) {
        self.connection = connection
    }

    /// Writes waiting for their run.
    var waitingCount: Int { waiting.withLock { $0.count } }

    /// Runs `body` in a write transaction, shared with the writes waiting beside it. Should the shared
    /// transaction fail as a whole, the body runs again alone (its first run rolled back): it must do nothing
    /// but its writes.
    func write<T: Sendable>(_ body: @escaping @Sendable (SQLiteConnection) throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            let write = PendingWrite(body: body, continuation: continuation)
            let first = waiting.withLock { queue in
                queue.append(write)
                return queue.count == 1
            }
            // The first write of a group schedules the run; those that come before it starts join it.
            if first { connection.enqueue { [self] db in runWaiting(on: db) } }
        }
    }

    /// Runs the writes waiting (up to `largestGroup`); returns how to answer their callers.
    private func runWaiting(on db: SQLiteConnection?) -> @Sendable () -> Void {
        let (group, more) = waiting.withLock { queue in
            let taken = Array(queue.prefix(Self.largestGroup))
            queue.removeFirst(taken.count)
            return (taken, !queue.isEmpty)
        }
        // Writes left over wait for the next run; a write that comes to an empty queue schedules its own.
        if more { connection.enqueue { [self] db in runWaiting(on: db) } }
        guard let db else {
            let closed = SQLiteError(code: SQLITE_MISUSE, message: "the store was closed")
            return { for write in group { write.finish(failing: closed) } }
        }
        guard group.count > 1 else {
            group.first?.runAlone(on: db)
            return { for write in group { write.finish(failing: nil) } }
        }
        do {
            if try !Self.runTogether(group, on: db) {
                // The group's transaction did not hold: each write on its own, as if it had come alone.
                for write in group { write.runAlone(on: db) }
            }
        } catch {
            // No write lock within the busy timeout: each write alone would have waited as long again.
            return { for write in group { write.finish(failing: error) } }
        }
        return { for write in group { write.finish(failing: nil) } }
    }

    /// Runs the writes in one transaction, each in a savepoint; false when the transaction ended before its
    /// commit (a write that ended it, a failed commit) and nothing of it stands. Throws when the transaction
    /// cannot begin (the write lock stayed busy).
    private static func runTogether(_ group: [any GroupedWrite], on db: SQLiteConnection) throws -> Bool {
        try db.execute("BEGIN IMMEDIATE")
        for write in group {
            do {
                try db.execute("SAVEPOINT grouped_write")
                if !write.runInSavepoint(on: db) { try db.execute("ROLLBACK TO grouped_write") }
                try db.execute("RELEASE grouped_write")
            } catch {
                // A statement error that rolled the whole transaction back (a full disk, a trigger's
                // RAISE(ROLLBACK)) takes the writes before it along.
                if db.isInTransaction { try? db.execute("ROLLBACK") }
                return false
            }
        }
        do {
            try db.execute("COMMIT")
            return true
        } catch {
            if db.isInTransaction { try? db.execute("ROLLBACK") }
            return false
        }
    }
}

/// A write waiting in `GroupedWrites`, its result type hidden.
private protocol GroupedWrite: Sendable {
    /// Runs the body inside the group's savepoint; whether it returned (false: it threw).
    func runInSavepoint(on db: SQLiteConnection) -> Bool
    /// Runs the body in a transaction of its own.
    func runAlone(on db: SQLiteConnection)
    /// Answers the caller: with `error` when given, else with the body's outcome.
    func finish(failing error: (any Error)?)
}

private final class PendingWrite<T: Sendable>: GroupedWrite, @unchecked Sendable {
    // Unchecked: `outcome` is written and read only on the write connection's serial queue, which runs the
    // write and then answers it; the caller gets the value through the continuation, after that.
    private var body: (@Sendable (SQLiteConnection) throws -> T)?
    private let continuation: CheckedContinuation<T, any Error>
    private var outcome: Result<T, any Error>?

    init(body: @escaping @Sendable (SQLiteConnection) throws -> T, continuation: CheckedContinuation<T, any Error>) {
        self.body = body
        self.continuation = continuation
    }

    func runInSavepoint(on db: SQLiteConnection) -> Bool {
        guard let body else { return false }
        outcome = Result { try body(db) }
        if case .success = outcome { return true }
        return false
    }

    func runAlone(on db: SQLiteConnection) {
        guard let body else { return }
        outcome = Result { try db.transaction(.immediate) { try body(db) } }
    }

    func finish(failing error: (any Error)?) {
        // What the body holds (a repository, and through it the store) goes before the caller goes on: a
        // process that ends right after its write must still close the store, which removes the WAL.
        body = nil
        if let error {
            continuation.resume(throwing: error)
        } else if let outcome {
            continuation.resume(with: outcome)
        } else {
            continuation.resume(throwing: SQLiteError(code: SQLITE_MISUSE, message: "the write never ran"))
        }
    }
}
