import Logging
import SQLiteDriver

/// What the store notices but works around (rows it cannot read), for the log file.
enum StoreLog {
    static let logger = Logger(label: "nearby.store")

    /// A row left out of an answer because a value in it cannot be read.
    static func skippedRow(_ table: String, id: (some CustomStringConvertible)?, _ error: SQLiteError) {
        let which = id.map { " \($0)" } ?? ""
        logger.warning("Skipped \(table)\(which), which this version cannot read: \(error.message)")
    }
}
