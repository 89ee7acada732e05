import CSQLite

/// A failure SQLite reported, or a column value that is not what the code reads it as.
public struct SQLiteError: Error, Hashable, Sendable, CustomStringConvertible {
    /// SQLite's primary result code (`SQLITE_BUSY`, `SQLITE_CORRUPT`, …); `SQLITE_MISMATCH` for a column
    /// value of the wrong type or an unreadable one.
    public var code: Int32
    /// The extended result code, when SQLite gave one (`SQLITE_READONLY_DBMOVED`, …).
    public var extendedCode: Int32
    /// SQLite's own message, or what was wrong with a column value.
    public var message: String
    /// The statement that failed, when there was one.
    public var sql: String?

    public init(code: Int32, extendedCode: Int32? = nil, message: String, sql: String? = nil) {
        self.code = code & 0xFF
        self.extendedCode = extendedCode ?? code
        self.message = message
        self.sql = sql
    }

    /// The error SQLite holds for `connection` after a call returned `code`.
    init(code: Int32, connection: OpaquePointer?, sql: String? = nil) {
        let message = connection.flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) }
            ?? String(cString: sqlite3_errstr(code))
        let extended = connection.map { sqlite3_extended_errcode($0) } ?? code
        self.init(code: code, extendedCode: extended, message: message, sql: sql)
    }

    /// A value read from a row that does not fit the type asked for.
    public static func mismatch(_ message: String, sql: String?) -> SQLiteError {
        SQLiteError(code: SQLITE_MISMATCH, message: message, sql: sql)
    }

    /// Whether another connection holds the lock SQLite needed.
    public var isBusy: Bool { code == SQLITE_BUSY || code == SQLITE_LOCKED }

    /// Whether this is a value that could not be read rather than a failure of the store.
    public var isUnreadableValue: Bool { code == SQLITE_MISMATCH }

    public var description: String {
        "SQLite error \(code): \(message)" + (sql.map { " (in \($0.prefix(120)))" } ?? "")
    }
}
