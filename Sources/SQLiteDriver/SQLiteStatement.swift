import CSQLite

/// A prepared statement: bind, step through the rows, read typed columns.
///
/// The statement is its own cursor: after `step()` returns true, `column(_:)` reads the current row.
/// Binding resets it, so a cached statement starts afresh on each use.
///
/// The per-row calls (`step`, `column`, `isNull`, `bind(_:at:)`) are `@inlinable`: the store in another module
/// calls them for every row and column, and inlined they are specialised to the column's type.
public final class SQLiteStatement {
    @usableFromInline let handle: OpaquePointer
    /// The text it was prepared from, for error messages.
    public let sql: String

    init(handle: OpaquePointer, sql: String) {
        self.handle = handle
        self.sql = sql
    }

    deinit {
        sqlite3_finalize(handle)
    }

    /// Resets the statement and binds `values` to its parameters, left to right.
    @discardableResult
    public func bind(_ values: [(any SQLiteBindable)?]) throws(SQLiteError) -> SQLiteStatement {
        reset()
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            let code = value.map { $0.bind(to: handle, at: index) } ?? sqlite3_bind_null(handle, index)
            guard code == SQLITE_OK else { throw error(code) }
        }
        return self
    }

    /// Resets the statement and binds `values`.
    @discardableResult
    public func bind(_ values: (any SQLiteBindable)?...) throws(SQLiteError) -> SQLiteStatement {
        try bind(values)
    }

    /// Binds one value without resetting: for hot loops that bind every parameter in turn (see `PlaceInsertion`).
    @inlinable
    public func bind(_ value: some SQLiteBindable, at index: Int32) throws(SQLiteError) {
        let code = value.bind(to: handle, at: index)
        guard code == SQLITE_OK else { throw error(code) }
    }

    /// Forgets the current row and the bound values.
    public func reset() {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
    }

    /// Moves to the next row: true when there is one, false when the statement is done.
    @inlinable
    public func step() throws(SQLiteError) -> Bool {
        switch sqlite3_step(handle) {
        case SQLITE_ROW:
            return true
        case SQLITE_DONE:
            return false
        case let code:
            // The step's error is the connection's; resetting keeps the statement usable afterwards.
            let failure = error(code)
            sqlite3_reset(handle)
            throw failure
        }
    }

    /// Runs the statement to its end, ignoring any rows, and resets it.
    public func run() throws(SQLiteError) {
        defer { reset() }
        while try step() {}
    }

    /// The current row's column `index` (0-based) as `T`; throws when the value does not fit.
    @inlinable
    public func column<T: SQLiteColumnValue>(_ index: Int32, as type: T.Type = T.self) throws(SQLiteError) -> T {
        try T.read(from: handle, at: index)
    }

    /// Whether the current row's column `index` is NULL.
    @inlinable
    public func isNull(_ index: Int32) -> Bool {
        sqlite3_column_type(handle, index) == SQLITE_NULL
    }

    /// The first column of the first row (nil when there is no row), then resets.
    public func scalar<T: SQLiteColumnValue>(as type: T.Type = T.self) throws(SQLiteError) -> T? {
        defer { reset() }
        guard try step() else { return nil }
        return try column(0, as: T.self)
    }

    @usableFromInline
    func error(_ code: Int32) -> SQLiteError {
        SQLiteError(code: code, connection: sqlite3_db_handle(handle), sql: sql)
    }
}
