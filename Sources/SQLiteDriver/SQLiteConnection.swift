import CSQLite
import Glibc
import FoundationEssentials

/// One connection to an SQLite database, used by one thread at a time (`AppDatabase` hands connections out).
///
/// Statements prepared through `statement(_:)` are cached for the connection's life: the store runs the
/// same few dozen statements over and over.
public final class SQLiteConnection {
    /// How a connection opens its file.
    public enum OpenMode: Sendable {
        /// Read and write, creating the file when it is missing.
        case readWriteCreate
        /// Opened for writing but refusing every change (`PRAGMA query_only`): it writes nothing, yet as the
        /// last connection to close it can remove the WAL files, which a read-only connection leaves behind.
        case queryOnly
        /// Read only; SQLite never writes the database file.
        case readOnly
        /// Read only, and the file is taken not to change while open: no locks and no `-shm` file, for a
        /// store in a folder this process may not write.
        case immutable
    }

    public let handle: OpaquePointer
    /// The database file, or ":memory:".
    public let path: String
    private var cache: [String: SQLiteStatement] = [:]
    /// The checkpoint rule, when `checkpointInSteps()` installed one; the WAL hook's context.
    private(set) var walCheckpoints: WALCheckpoints?
    /// The busy budget `setBusyTimeout` set.
    private var busyMilliseconds: Int32 = 0

    /// Opens `path` (":memory:" for a private in-memory database).
    public init(path: String, mode: OpenMode) throws(SQLiteError) {
        self.path = path
        var flags = SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_URI
        var name = path
        switch mode {
        case .readWriteCreate: flags |= SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
        case .queryOnly: flags |= SQLITE_OPEN_READWRITE
        case .readOnly: flags |= SQLITE_OPEN_READONLY
        case .immutable:
            flags |= SQLITE_OPEN_READONLY
            name = "file:\(Self.uriEscaped(path))?immutable=1"
        }
        if mode != .immutable && path != ":memory:" {
            // With SQLITE_OPEN_URI a name starting "file:" would be read as a URI.
            name = "file:\(Self.uriEscaped(path))"
        }
        var connection: OpaquePointer?
        let code = sqlite3_open_v2(name, &connection, flags, nil)
        guard code == SQLITE_OK, let connection else {
            let error = SQLiteError(code: code, connection: connection)
            sqlite3_close_v2(connection)
            throw error
        }
        handle = connection
        sqlite3_extended_result_codes(connection, 1)
        if mode == .queryOnly { try execute(script: "PRAGMA query_only = ON") }
    }

    deinit {
        cache.removeAll()
        // The hook's context goes with this object; a connection left open (a statement not finalized) no
        // longer reaches it.
        if walCheckpoints != nil { sqlite3_wal_hook(handle, nil, nil) }
        sqlite3_close_v2(handle)
    }

    /// Whether writing through this connection is refused (opened read-only, or the file is read-only).
    public var isReadOnly: Bool { sqlite3_db_readonly(handle, "main") == 1 }

    /// Rows changed by the last INSERT, UPDATE or DELETE.
    public var changes: Int { Int(sqlite3_changes64(handle)) }

    /// The rowid of the last row inserted through this connection.
    public var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }

    /// Whether a transaction is open.
    public var isInTransaction: Bool { sqlite3_get_autocommit(handle) == 0 }

    /// How long a statement waits for another connection's lock before failing with SQLITE_BUSY.
    ///
    /// It waits in naps that grow from 50 µs to 2 ms (`BusyWait`): SQLite's own timeout naps 1 ms first and up to
    /// 100 ms, while a write holds the lock for well under a millisecond, so two processes writing one store
    /// (the app beside `nearby serve`, or two instances of it) spent most of each nap with the lock free.
    public func setBusyTimeout(milliseconds: Int32) {
        busyMilliseconds = milliseconds
        walCheckpoints?.busyMilliseconds = milliseconds
        Self.installBusyHandler(on: handle, milliseconds: milliseconds)
    }

    /// The busy handler of `setBusyTimeout` on a connection's handle.
    static func installBusyHandler(on handle: OpaquePointer, milliseconds: Int32) {
        // The budget rides in the context pointer's bits: a C callback captures nothing.
        let budget = UnsafeMutableRawPointer(bitPattern: Int(max(0, milliseconds)))
        sqlite3_busy_handler(handle, { context, count in
            let budgetMicroseconds = Int(bitPattern: context) * 1000
            let attempt = Int(count)
            guard BusyWait.waited(before: attempt) < budgetMicroseconds else { return 0 }
            usleep(UInt32(BusyWait.nap(attempt)))
            return 1
        }, budget)
    }

    /// Checkpoints the WAL after commits by `WALCheckpoints`' rule instead of SQLite's, for a connection that
    /// writes a store other processes may write at the same time.
    public func checkpointInSteps() {
        let checkpoints = WALCheckpoints()
        checkpoints.busyMilliseconds = busyMilliseconds
        checkpoints.install(on: handle)
        walCheckpoints = checkpoints
    }

    /// Runs SQL text that may hold several statements and binds nothing (schema, pragmas).
    public func execute(script sql: String) throws(SQLiteError) {
        var message: UnsafeMutablePointer<CChar>?
        let code = sqlite3_exec(handle, sql, nil, nil, &message)
        defer { sqlite3_free(message) }
        guard code == SQLITE_OK else {
            let text = message.map { String(cString: $0) } ?? String(cString: sqlite3_errstr(code))
            throw SQLiteError(code: code, extendedCode: sqlite3_extended_errcode(handle), message: text,
                              sql: sql)
        }
    }

    /// Runs one statement (cached) with `arguments`, ignoring any rows.
    public func execute(_ sql: String, _ arguments: (any SQLiteBindable)?...) throws(SQLiteError) {
        try statement(sql).bind(arguments).run()
    }

    /// The first column of the first row of `sql`, or nil when there is no row.
    public func scalar<T: SQLiteColumnValue>(_ sql: String, _ arguments: (any SQLiteBindable)?...,
                                             as type: T.Type = T.self) throws(SQLiteError) -> T? {
        try statement(sql).bind(arguments).scalar(as: T.self)
    }

    /// The prepared statement for `sql`, from the cache or prepared now and cached.
    public func statement(_ sql: String) throws(SQLiteError) -> SQLiteStatement {
        if let cached = cache[sql] { return cached }
        let prepared = try prepare(sql)
        cache[sql] = prepared
        return prepared
    }

    /// A statement the caller owns (not cached): for SQL that runs once.
    public func prepare(_ sql: String) throws(SQLiteError) -> SQLiteStatement {
        var statement: OpaquePointer?
        let code = sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil)
        guard code == SQLITE_OK, let statement else {
            sqlite3_finalize(statement)
            throw SQLiteError(code: code == SQLITE_OK ? SQLITE_MISUSE : code, connection: handle, sql: sql)
        }
        return SQLiteStatement(handle: statement, sql: sql)
    }

    /// How a transaction takes its lock.
    public enum TransactionKind: String, Sendable {
        /// Takes the read lock at the first read: for reads, a consistent snapshot in WAL mode.
        case deferred = "DEFERRED"
        /// Takes the write lock at once, waiting its turn (busy timeout): every write uses this, so a
        /// transaction never fails half-way for want of the lock.
        case immediate = "IMMEDIATE"
    }

    /// Runs `body` in a transaction: committed when it returns, rolled back when it throws.
    public func transaction<T>(_ kind: TransactionKind, _ body: () throws -> T) throws -> T {
        try execute("BEGIN \(kind.rawValue)")
        let value: T
        do {
            value = try body()
        } catch {
            // A failed COMMIT or a statement error may have ended the transaction already.
            if isInTransaction { try? execute("ROLLBACK") }
            throw error
        }
        do {
            try execute("COMMIT")
        } catch {
            if isInTransaction { try? execute("ROLLBACK") }
            throw error
        }
        return value
    }

    /// Escapes a path for a `file:` URI: `%`, `?` and `#` would otherwise be read as URI syntax.
    static func uriEscaped(_ path: String) -> String {
        var escaped = ""
        for scalar in path.unicodeScalars {
            switch scalar {
            case "%": escaped += "%25"
            case "?": escaped += "%3f"
            case "#": escaped += "%23"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }
}
