import CSQLite
import FoundationEssentials
import SQLiteDriver

/// Dates in the store's layout. The driver knows no layout of Nearby's, so the conformance lives with the store.
extension Date: SQLiteBindable, SQLiteColumnValue {
    /// Written as UTC text, "2026-11-21 05:23:45.000", the layout stores made by earlier versions use.
    public func bind(to statement: OpaquePointer, at index: Int32) -> Int32 {
        StoreDate.text(self).bind(to: statement, at: index)
    }

    /// Reads that text (a `T` instead of the space, no fraction or a trailing `Z` too), or seconds since 1970.
    public static func read(from statement: OpaquePointer, at index: Int32) throws(SQLiteError) -> Date {
        switch sqlite3_column_type(statement, index) {
        case SQLITE_TEXT:
            let text = try String.read(from: statement, at: index)
            guard let date = StoreDate.date(from: text) else {
                throw SQLiteColumn.mismatch(statement, index, expected: "a date")
            }
            return date
        case SQLITE_INTEGER, SQLITE_FLOAT:
            return Date(timeIntervalSince1970: sqlite3_column_double(statement, index))
        default:
            throw SQLiteColumn.mismatch(statement, index, expected: "a date")
        }
    }
}
