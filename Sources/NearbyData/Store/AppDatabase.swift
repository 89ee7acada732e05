import CSQLite
import FoundationEssentials
#if canImport(Glibc)
import Glibc
import SQLiteDriver
#endif

/// The one SQLite store: friends, places, favourites. Opened once and shared by services.
///
/// On disk the store runs in WAL mode: reads use a small pool of connections and never wait for a write;
/// writes go through one connection, one at a time, each in a `BEGIN IMMEDIATE` transaction that waits its
/// turn behind other processes (busy timeout) instead of failing. The synchronous `read`/`write` run on the
/// calling thread; the `async` ones run on the store's own threads, so no Swift task's thread waits on SQLite.
public final class AppDatabase: Sendable {
    /// How a store is opened.
    public enum Access: Sendable {
        /// Reading and writing; the store (and its folder) is created when missing. A store the user may
        /// not write is still opened, for reading: writes then fail with `StoreError.readOnly`.
        case readWrite
        /// Reading only: nothing is ever written, not even the header. A missing store reads as empty.
        case readOnly
    }

    /// The store file, or ":memory:".
    public let path: String
    /// Whether writes are refused (opened for reading, the file or folder may not be written, or a newer Nearby
    /// made the store).
    public var isReadOnly: Bool { writer == nil }

    /// Why writes are refused, in a sentence; nil when they are not.
    public var whyReadOnly: StoreError? { writer == nil ? writeRefusal : nil }

    private let writer: SerialConnection?
    /// What a write is refused with when there is no writer: read-only, or made by a newer Nearby.
    private let writeRefusal: StoreError
    private let readers: ReaderPool?
    /// The asynchronous write transactions, run in groups on the write connection.
    private let writes: GroupedWrites?

    /// How long a write waits for another process's write lock before giving up.
    static let busyTimeoutMilliseconds: Int32 = 10_000
    /// Read connections open at once: each keeps its own page cache, and the machine has few cores.
    static let readerCount = 3

    private init(path: String, writer: SerialConnection?, readers: ReaderPool?, writeRefusal: StoreError? = nil) {
        self.path = path
        self.writer = writer
        self.readers = readers
        self.writeRefusal = writeRefusal ?? .readOnly(path: path)
        writes = writer.map { GroupedWrites(on: $0) }
    }

    deinit {
        // Readers first: the write connection, closing last, checkpoints and removes the WAL files.
        readers?.closeAll()
    }

    /// Opens the store at `url` (see `Access`), bringing its schema up to date when needed: a store that is
    /// up to date is not written by opening it.
    public static func open(at url: URL, access mode: Access = .readWrite) throws(StoreError) -> AppDatabase {
        let path = url.path
        let folder = StorePath.folder(of: path)
        let exists = Glibc.access(path, F_OK) == 0
        if !exists && errno == ENOTDIR {
            // A file stands where a folder of the path should be: no store can be there, read or written.
            throw .folderUnavailable(path: folder, reason: "a file is in the way")
        }
        if mode == .readOnly && !exists {
            // Nothing to read; an empty store answers every question without creating a file.
            return try emptyReadOnly(path: path)
        }
        if mode == .readWrite && !exists, let failure = makeFolder(folder) {
            throw .folderUnavailable(path: folder, reason: failure)
        }
        let writable = mode == .readWrite && (exists ? Glibc.access(path, W_OK) == 0 : true)
            && Glibc.access(folder, W_OK) == 0
        do {
            do {
                if writable { return try openWritable(path: path) }
                let fileWritable = exists && Glibc.access(path, W_OK) == 0 && Glibc.access(folder, W_OK) == 0
                return try openReadOnly(path: path, mode: fileWritable ? .queryOnly : .readOnly)
            } catch let error as SQLiteError where exists && StoreError(error, path: path) == .diskFull(path: path) {
                // A full disk leaves no room for the WAL's shared-memory file that even readers need: the
                // store is read as it stands, so lists and the app still open, and writes say why they fail.
                // Only when no WAL file holds changes the main file lacks, which such a read would miss.
                guard !hasPendingWAL(path) else { throw error }
                return try openReadOnly(path: path, mode: .immutable, refusal: .diskFull(path: path))
            }
        } catch let error as StoreError {
            throw error
        } catch let error as SQLiteError {
            throw StoreError(error, path: path)
        } catch is StoreSchema.ForeignDatabase {
            throw .notADatabase(path: path)
        } catch {
            throw .failed(path: path, reason: "\(error)")
        }
    }

    /// Whether a WAL file beside the store holds frames (written by a process that did not close the store).
    private static func hasPendingWAL(_ path: String) -> Bool {
        var info = stat()
        return stat(path + "-wal", &info) == 0 && info.st_size > 0
    }

    /// An empty store in memory, for tests.
    public static func inMemory() throws(StoreError) -> AppDatabase {
        do {
            let connection = try SQLiteConnection(path: ":memory:", mode: .readWriteCreate)
            try StoreSchema.migrate(connection)
            return AppDatabase(path: ":memory:", writer: SerialConnection(connection, label: "nearby.store.memory"),
                               readers: nil)
        } catch {
            throw StoreError.from(error, path: ":memory:") ?? .failed(path: ":memory:", reason: "\(error)")
        }
    }

    private static func openWritable(path: String) throws -> AppDatabase {
        let connection = try SQLiteConnection(path: path, mode: .readWriteCreate)
        configure(connection)
        // Read first: until the connection has read the file it may not know the store is already in WAL mode
        // (while another process closes the store and removes its WAL files), and switching again needs a lock
        // SQLite does not wait for: one of three writers in parallel failed at once with "busy".
        let state = try StoreSchema.state(of: connection)
        // Someone else's database is refused as it is, not switched to WAL first.
        if state == .foreign { throw StoreSchema.ForeignDatabase() }
        // A newer Nearby's store is read as it is and never written: not its journal mode either.
        if StoreSchema.isNewer(state) { return try openReadOnly(path: path, mode: .queryOnly) }
        if try connection.scalar("PRAGMA journal_mode", as: String.self)?.lowercased() != "wal" {
            // Once per store: WAL lets readers (the TUI, other commands) go on while one process writes.
            try switchToWAL(connection)
        }
        if StoreSchema.needsMigration(state) { try StoreSchema.migrate(connection) }
        try connection.execute(script: "PRAGMA synchronous = NORMAL")
        // Another process may write the store at the same time (the app beside `nearby serve`, two instances).
        connection.checkpointInSteps()
        let readers = ReaderPool(first: nil, size: readerCount) {
            let reader = try SQLiteConnection(path: path, mode: .queryOnly)
            configure(reader)
            return reader
        }
        return AppDatabase(path: path, writer: SerialConnection(connection, label: "nearby.store.write"),
                           readers: readers)
    }

    /// - Parameter mode: `.queryOnly` when the file and folder may be written (so closing tidies the WAL
    ///   files away), else `.readOnly`.
    private static func openReadOnly(path: String, mode: SQLiteConnection.OpenMode,
                                     refusal: StoreError? = nil) throws -> AppDatabase {
        var mode = mode
        var connection = try SQLiteConnection(path: path, mode: mode)
        configure(connection)
        let state: StoreSchema.State
        do {
            state = try StoreSchema.state(of: connection)
        } catch let error as SQLiteError
                    where mode == .readOnly && (error.code == SQLITE_CANTOPEN || error.code == SQLITE_READONLY) {
            // A WAL store in a folder this process may not write: SQLite cannot create the shared-memory
            // file readers need. Nobody can be writing it without that file, so read it as it stands.
            mode = .immutable
            connection = try SQLiteConnection(path: path, mode: mode)
            configure(connection)
            state = try StoreSchema.state(of: connection)
        }
        switch state {
        case .foreign:
            throw StoreSchema.ForeignDatabase()
        case .empty:
            return try emptyReadOnly(path: path)
        case .version:
            if StoreSchema.needsMigration(state) {
                // A store an older Nearby made, which this build cannot read as it is: brought up to date
                // (the one write a reading command makes) where the user may write it.
                guard mode == .queryOnly else { throw StoreError.needsUpgrade(path: path) }
                let upgrading = try SQLiteConnection(path: path, mode: .readWriteCreate)
                configure(upgrading)
                try StoreSchema.migrate(upgrading)
            }
        }
        let readerMode = mode
        let readers = ReaderPool(first: connection, size: readerCount) {
            let reader = try SQLiteConnection(path: path, mode: readerMode)
            configure(reader)
            return reader
        }
        // A full disk when it opened, else a newer Nearby's store, else the file's permissions.
        return AppDatabase(path: path, writer: nil, readers: readers,
                           writeRefusal: refusal ?? (StoreSchema.isNewer(state) ? .newerVersion(path: path) : nil))
    }

    /// A read-only store with the schema and nothing in it, standing for a file that does not exist yet.
    private static func emptyReadOnly(path: String) throws(StoreError) -> AppDatabase {
        do {
            let connection = try SQLiteConnection(path: ":memory:", mode: .readWriteCreate)
            try StoreSchema.migrate(connection)
            return AppDatabase(path: path, writer: nil,
                               readers: ReaderPool(first: connection, size: 1) { throw StoreError.readOnly(path: path) })
        } catch {
            throw StoreError.from(error, path: path) ?? .failed(path: path, reason: "\(error)")
        }
    }

    /// `PRAGMA journal_mode = WAL`, waiting its turn like any write: the switch needs the file to itself, and
    /// SQLite answers "busy" at once rather than calling the busy handler.
    private static func switchToWAL(_ connection: SQLiteConnection) throws(SQLiteError) {
        let deadline = ContinuousClock.now + .milliseconds(Int(busyTimeoutMilliseconds))
        while true {
            do throws(SQLiteError) {
                _ = try connection.scalar("PRAGMA journal_mode = WAL", as: String.self)
                return
            } catch {
                guard error.isBusy, ContinuousClock.now < deadline else { throw error }
            }
            // Another process has the store open; it may have switched it meanwhile.
            if try connection.scalar("PRAGMA journal_mode", as: String.self)?.lowercased() == "wal" { return }
            usleep(10_000)
        }
    }

    private static func configure(_ connection: SQLiteConnection) {
        connection.setBusyTimeout(milliseconds: busyTimeoutMilliseconds)
        // Connection settings, not writes: they change nothing in the file.
        try? connection.execute(script: "PRAGMA foreign_keys = ON")
    }

    /// Creates `folder` and its missing parents; nil when it exists afterwards, else why not, in words.
    private static func makeFolder(_ folder: String) -> String? {
        var path = folder.hasPrefix("/") ? "" : "."
        for component in folder.split(separator: "/") {
            path += "/" + component
            if mkdir(path, 0o755) == 0 { continue }
            let code = errno
            var info = stat()
            if code == EEXIST, stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR { continue }
            switch code {
            case EACCES, EPERM: return "permission denied"
            case EROFS: return "the file system is read-only"
            case ENOSPC, EDQUOT: return "the disk is full"
            case ENOTDIR, EEXIST: return "a file is in the way"
            default: return String(cString: strerror(code))
            }
        }
        return nil
    }

    // MARK: Reading and writing

    /// Runs `body` in a read transaction (one consistent snapshot) on the calling thread.
    public func read<T>(_ body: (SQLiteConnection) throws -> T) throws -> T {
        if let readers {
            return try readers.with { connection in try connection.transaction(.deferred) { try body(connection) } }
        }
        guard let writer else { throw StoreError.failed(path: path, reason: "it has no connection") }
        return try writer.sync { connection in try connection.transaction(.deferred) { try body(connection) } }
    }

    /// Runs `body` in a read transaction on the store's threads.
    public func read<T: Sendable>(_ body: @escaping @Sendable (SQLiteConnection) throws -> T) async throws -> T {
        if let readers {
            return try await readers.run { connection in
                try connection.transaction(.deferred) { try body(connection) }
            }
        }
        guard let writer else { throw StoreError.failed(path: path, reason: "it has no connection") }
        return try await writer.run { connection in try connection.transaction(.deferred) { try body(connection) } }
    }

    /// Runs `body` in a write transaction (`BEGIN IMMEDIATE`) on the calling thread, after the writes
    /// queued before it: committed when it returns, rolled back when it throws.
    public func write<T>(_ body: (SQLiteConnection) throws -> T) throws -> T {
        try writeWithoutTransaction { connection in try connection.transaction(.immediate) { try body(connection) } }
    }

    /// Runs `body` in a write transaction on the store's write thread: committed before this returns, undone
    /// alone when it throws. Writes that queue up while the connection is busy share one transaction (see
    /// `GroupedWrites`), so `body` must do nothing but its writes: should that transaction fail as a whole,
    /// it runs again.
    public func write<T: Sendable>(_ body: @escaping @Sendable (SQLiteConnection) throws -> T) async throws -> T {
        guard let writes else { throw writeRefusal }
        return try await writes.write(body)
    }

    /// Asynchronous writes waiting for the write connection.
    var waitingWriteCount: Int { writes?.waitingCount ?? 0 }

    /// Runs `body` on the write connection with no transaction of its own (it may open one, or set pragmas).
    public func writeWithoutTransaction<T>(_ body: (SQLiteConnection) throws -> T) throws -> T {
        guard let writer else { throw writeRefusal }
        return try writer.sync(body)
    }

    /// `writeWithoutTransaction` on the store's write thread.
    public func writeWithoutTransaction<T: Sendable>(
        _ body: @escaping @Sendable (SQLiteConnection) throws -> T) async throws -> T {
        guard let writer else { throw writeRefusal }
        return try await writer.run(body)
    }

    /// The store error behind a failure of work on this store; nil for errors of another kind.
    public func storeError(_ error: any Error) -> StoreError? {
        StoreError.from(error, path: path)
    }
}
