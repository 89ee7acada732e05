import CSQLite
import FoundationEssentials

/// A Swift value that can be bound to a statement's parameter.
public protocol SQLiteBindable {
    /// Binds the value to parameter `index` (1-based) of `statement`; returns SQLite's result code.
    func bind(to statement: OpaquePointer, at index: Int32) -> Int32
}

/// A Swift value that can be read from a result column; reading throws when the stored value does not fit
/// (NULL where a value is needed, text where a number is, a blob where text is, text that is not UTF-8).
public protocol SQLiteColumnValue {
    static func read(from statement: OpaquePointer, at index: Int32) throws(SQLiteError) -> Self
}

extension Int64: SQLiteBindable, SQLiteColumnValue {
    @inlinable
    public func bind(to statement: OpaquePointer, at index: Int32) -> Int32 {
        sqlite3_bind_int64(statement, index, self)
    }

    @inlinable
    public static func read(from statement: OpaquePointer, at index: Int32) throws(SQLiteError) -> Int64 {
        switch sqlite3_column_type(statement, index) {
        case SQLITE_INTEGER:
            return sqlite3_column_int64(statement, index)
        case SQLITE_FLOAT:
            let value = sqlite3_column_double(statement, index)
            // A whole number kept as REAL reads as an integer; anything else is not one.
            guard value.rounded() == value, let exact = Int64(exactly: value) else {
                throw SQLiteColumn.mismatch(statement, index, expected: "an integer")
            }
            return exact
        default:
            throw SQLiteColumn.mismatch(statement, index, expected: "an integer")
        }
    }
}

extension Int32: SQLiteBindable, SQLiteColumnValue {
    @inlinable
    public func bind(to statement: OpaquePointer, at index: Int32) -> Int32 {
        sqlite3_bind_int64(statement, index, Int64(self))
    }

    @inlinable
    public static func read(from statement: OpaquePointer, at index: Int32) throws(SQLiteError) -> Int32 {
        guard let value = Int32(exactly: try Int64.read(from: statement, at: index)) else {
            throw SQLiteColumn.mismatch(statement, index, expected: "a 32-bit integer")
        }
        return value
    }
}

extension Int: SQLiteBindable, SQLiteColumnValue {
    @inlinable
    public func bind(to statement: OpaquePointer, at index: Int32) -> Int32 {
        sqlite3_bind_int64(statement, index, Int64(self))
    }

    @inlinable
    public static func read(from statement: OpaquePointer, at index: Int32) throws(SQLiteError) -> Int {
        Int(try Int64.read(from: statement, at: index))
    }
}

extension Double: SQLiteBindable, SQLiteColumnValue {
    @inlinable
    public func bind(to statement: OpaquePointer, at index: Int32) -> Int32 {
        // SQLite stores NaN as NULL; binding NULL says so plainly.
        isNaN ? sqlite3_bind_null(statement, index) : sqlite3_bind_double(statement, index, self)
    }

    @inlinable
    public static func read(from statement: OpaquePointer, at index: Int32) throws(SQLiteError) -> Double {
        switch sqlite3_column_type(statement, index) {
        case SQLITE_FLOAT, SQLITE_INTEGER:
            return sqlite3_column_double(statement, index)
        default:
            throw SQLiteColumn.mismatch(statement, index, expected: "a number")
        }
    }
}

extension Bool: SQLiteBindable, SQLiteColumnValue {
    @inlinable
    public func bind(to statement: OpaquePointer, at index: Int32) -> Int32 {
        sqlite3_bind_int64(statement, index, self ? 1 : 0)
    }

    @inlinable
    public static func read(from statement: OpaquePointer, at index: Int32) throws(SQLiteError) -> Bool {
        try Int64.read(from: statement, at: index) != 0
    }
}

extension String: SQLiteBindable, SQLiteColumnValue {
    @inlinable
    public func bind(to statement: OpaquePointer, at index: Int32) -> Int32 {
        var text = self
        return text.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { chars in
                // An empty buffer may have no address; SQLite then needs some pointer to bind empty text.
                guard let base = chars.baseAddress else {
                    return sqlite3_bind_text(statement, index, "", 0, nearby_sqlite_transient())
                }
                return sqlite3_bind_text(statement, index, base, Int32(chars.count), nearby_sqlite_transient())
            }
        }
    }

    @inlinable
    public static func read(from statement: OpaquePointer, at index: Int32) throws(SQLiteError) -> String {
        guard sqlite3_column_type(statement, index) == SQLITE_TEXT else {
            throw SQLiteColumn.mismatch(statement, index, expected: "text")
        }
        let count = Int(sqlite3_column_bytes(statement, index))
        guard count > 0, let pointer = sqlite3_column_text(statement, index) else { return "" }
        let bytes = UnsafeBufferPointer(start: pointer, count: count)
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw SQLiteColumn.mismatch(statement, index, expected: "UTF-8 text")
        }
        return text
    }
}

/// Bytes, kept as a blob.
extension Array: SQLiteBindable where Element == UInt8 {
    @inlinable
    public func bind(to statement: OpaquePointer, at index: Int32) -> Int32 {
        withUnsafeBytes { bytes in
            // An empty buffer may have no address; a zero-length blob still needs a pointer.
            guard let base = bytes.baseAddress else { return sqlite3_bind_zeroblob(statement, index, 0) }
            return sqlite3_bind_blob(statement, index, base, Int32(bytes.count), nearby_sqlite_transient())
        }
    }
}

extension Array: SQLiteColumnValue where Element == UInt8 {
    /// Only a blob reads as bytes: text or a number in its place is a damaged row.
    @inlinable
    public static func read(from statement: OpaquePointer, at index: Int32) throws(SQLiteError) -> [UInt8] {
        guard sqlite3_column_type(statement, index) == SQLITE_BLOB else {
            throw SQLiteColumn.mismatch(statement, index, expected: "a blob")
        }
        let count = Int(sqlite3_column_bytes(statement, index))
        guard count > 0, let pointer = sqlite3_column_blob(statement, index) else { return [] }
        return [UInt8](UnsafeRawBufferPointer(start: pointer, count: count))
    }
}

extension Optional: SQLiteBindable where Wrapped: SQLiteBindable {
    @inlinable
    public func bind(to statement: OpaquePointer, at index: Int32) -> Int32 {
        switch self {
        case .some(let value): value.bind(to: statement, at: index)
        case .none: sqlite3_bind_null(statement, index)
        }
    }
}

extension Optional: SQLiteColumnValue where Wrapped: SQLiteColumnValue {
    /// NULL reads as nil; any other value must fit `Wrapped`.
    @inlinable
    public static func read(from statement: OpaquePointer, at index: Int32) throws(SQLiteError) -> Wrapped? {
        if sqlite3_column_type(statement, index) == SQLITE_NULL { return nil }
        return try Wrapped.read(from: statement, at: index)
    }
}

/// Words for a column value that does not fit.
public enum SQLiteColumn {
    public static func mismatch(_ statement: OpaquePointer, _ index: Int32, expected: String) -> SQLiteError {
        let name = sqlite3_column_name(statement, index).map { String(cString: $0) } ?? "column \(index)"
        let found = switch sqlite3_column_type(statement, index) {
        case SQLITE_NULL: "NULL"
        case SQLITE_INTEGER: "an integer"
        case SQLITE_FLOAT: "a real number"
        case SQLITE_BLOB: "a blob"
        default: "text"
        }
        let sql = sqlite3_sql(statement).map { String(cString: $0) }
        return .mismatch("\(name) holds \(found) where \(expected) was expected", sql: sql)
    }
}
