import CSQLite
import Dispatch
import Locking
import SQLiteDriver

/// A connection handed between threads by its owner, which guarantees one user at a time.
final class PooledConnection: @unchecked Sendable {
    // Unchecked: SQLite connections are opened NOMUTEX and must be used by one thread at a time; the pool
    // and the serial queue below hand each out to exactly one user, so it is never shared concurrently.
    let connection: SQLiteConnection

    init(_ connection: SQLiteConnection) {
        self.connection = connection
    }

    /// Resets statements a body left mid-way (an early return from a loop), so none keeps a read
    /// snapshot or a lock open after the work is done.
    func settle() {
        var statement = sqlite3_next_stmt(connection.handle, nil)
        while let current = statement {
            if sqlite3_stmt_busy(current) != 0 { sqlite3_reset(current) }
            statement = sqlite3_next_stmt(connection.handle, current)
        }
    }
}

/// One connection behind a serial queue: the write connection, or the only connection of an in-memory store.
final class SerialConnection: Sendable {
    private let queue: DispatchQueue
    private let pooled: PooledConnection

    init(_ connection: SQLiteConnection, label: String) {
        queue = DispatchQueue(label: label, qos: .userInitiated)
        pooled = PooledConnection(connection)
    }

    /// Runs `body` on the connection, after any work queued before it, on the calling thread.
    func sync<T>(_ body: (SQLiteConnection) throws -> T) rethrows -> T {
        try queue.sync {
            defer { pooled.settle() }
            return try body(pooled.connection)
        }
    }

    /// Runs `body` on the queue's thread; the caller's thread (a Swift task's) is free meanwhile.
    func run<T: Sendable>(_ body: @escaping @Sendable (SQLiteConnection) throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            enqueue { connection in
                let result = connection.map { db in Result { try body(db) } }
                    ?? .failure(SQLiteError(code: SQLITE_MISUSE, message: "the store was closed"))
                return { continuation.resume(with: result) }
            }
        }
    }

    /// Runs `work` on the queue's thread with the connection (nil once the store is closed), not waiting;
    /// then the answer `work` returned, once the block has let go of the connection and of `work` with what
    /// it holds (grouped writes hold the connection): a process that ends right after its last write must
    /// still close the connection, which checkpoints and removes the WAL.
    func enqueue(_ work: @escaping @Sendable (SQLiteConnection?) -> @Sendable () -> Void) {
        let handed = Locked<(@Sendable (SQLiteConnection?) -> @Sendable () -> Void)?>(work)
        queue.async { [weak pooled] in
            let answer: @Sendable () -> Void
            do {
                guard let work = handed.withLock({ $0.take() }) else { return }
                answer = Self.lend(pooled, work)
            }
            answer()
        }
    }

    private static func lend<T>(_ pooled: PooledConnection?, _ work: (SQLiteConnection?) -> T) -> T {
        guard let pooled else { return work(nil) }
        defer { pooled.settle() }
        return work(pooled.connection)
    }
}

/// Read connections to a store file in WAL mode: readers run side by side, and beside the writer.
final class ReaderPool: Sendable {
    private let idle = Locked<[PooledConnection]>([])
    private let slots: DispatchSemaphore
    private let open: @Sendable () throws -> SQLiteConnection
    /// Where asynchronous reads run, so that no Swift task's thread waits for a connection or for SQLite.
    private static let queue = DispatchQueue(label: "nearby.store.read", qos: .userInitiated, attributes: .concurrent)

    /// - Parameters:
    ///   - first: a connection already open, used first.
    ///   - size: the most connections open at once; more readers wait their turn.
    init(first: SQLiteConnection?, size: Int, open: @escaping @Sendable () throws -> SQLiteConnection) {
        slots = DispatchSemaphore(value: size)
        self.open = open
        if let first { idle.withLock { $0.append(PooledConnection(first)) } }
    }

    /// Runs `body` on a free connection (opening one when none is free and the pool has room).
    func with<T>(_ body: (SQLiteConnection) throws -> T) throws -> T {
        slots.wait()
        defer { slots.signal() }
        let pooled = try idle.withLock { $0.popLast() } ?? PooledConnection(open())
        defer {
            pooled.settle()
            idle.withLock { $0.append(pooled) }
        }
        return try body(pooled.connection)
    }

    /// Closes the idle connections (those in use close when their users are done with them).
    func closeAll() {
        idle.withLock { $0.removeAll() }
    }

    /// `with(_:)` on the pool's queue.
    func run<T: Sendable>(_ body: @escaping @Sendable (SQLiteConnection) throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            Self.queue.async { [self] in
                continuation.resume(with: Result { try with(body) })
            }
        }
    }
}
