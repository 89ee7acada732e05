import FoundationEssentials
import SQLiteDriver

/// The answers a service keeps for `Idempotency-Key` requests, in the local store, so that a retry after a
/// restart (or to another process on the same file) is answered the same. The table is made on first use:
/// only a service writes it.
public final class IdempotencyRecords: Sendable {
    /// A key as the table holds it.
    public enum Claim: Sendable, Equatable {
        /// The key is this caller's now; `complete` or `release` it.
        case claimed
        /// Another request holds the key and has not answered yet (since the given time).
        case pending(since: Date)
        /// The key was answered: the request it was for, and the answer.
        case answered(method: String, path: String, requestBody: Data, status: Int, contentType: String?, location: String?,
                      answerBody: Data)
    }

    private let database: AppDatabase

    public init(database: AppDatabase) {
        self.database = database
    }

    /// Takes `key` for this request unless it is taken; forgets keys older than `retention` first. A claim
    /// left pending longer than `staleAfter` (its process died) is taken over.
    public func claim(key: String, method: String, path: String, body: Data, now: Date, retention: TimeInterval,
                      staleAfter: TimeInterval) async throws -> Claim {
        let requestBody = [UInt8](body)
        return try await database.write { db in
            try Self.createTable(db)
            try db.execute("DELETE FROM idempotency_key WHERE createdAt < ?",
                           now.addingTimeInterval(-retention).timeIntervalSince1970)
            try db.execute("DELETE FROM idempotency_key WHERE key = ? AND status IS NULL AND createdAt < ?",
                           key, now.addingTimeInterval(-staleAfter).timeIntervalSince1970)
            let row = try db.statement("""
                SELECT method, path, requestBody, status, contentType, location, answerBody, createdAt
                FROM idempotency_key WHERE key = ?
                """).bind(key)
            if try row.step() {
                // Reset once read: a statement left on a row would keep its read open in the transaction.
                defer { row.reset() }
                guard let status = try row.column(3, as: Int?.self) else {
                    return .pending(since: Date(timeIntervalSince1970: try row.column(7, as: Double.self)))
                }
                return .answered(method: try row.column(0), path: try row.column(1),
                                 requestBody: Data(try row.column(2, as: [UInt8]?.self) ?? []), status: status,
                                 contentType: try row.column(4), location: try row.column(5),
                                 answerBody: Data(try row.column(6, as: [UInt8]?.self) ?? []))
            }
            try db.execute("""
                INSERT INTO idempotency_key (key, method, path, requestBody, createdAt) VALUES (?, ?, ?, ?, ?)
                """, key, method, path, requestBody, now.timeIntervalSince1970)
            return .claimed
        }
    }

    /// Keeps the answer of a claimed key.
    public func complete(key: String, status: Int, contentType: String?, location: String?, body: Data) async throws {
        let answer = [UInt8](body)
        try await database.write { db in
            try db.execute("""
                UPDATE idempotency_key SET status = ?, contentType = ?, location = ?, answerBody = ? WHERE key = ?
                """, status, contentType, location, answer, key)
        }
    }

    /// Gives a claimed key up (the request failed), so a retry runs again.
    public func release(key: String) async throws {
        try await database.write { db in
            try db.execute("DELETE FROM idempotency_key WHERE key = ? AND status IS NULL", key)
        }
    }

    private static func createTable(_ db: SQLiteConnection) throws {
        try db.execute(script: """
            CREATE TABLE IF NOT EXISTS idempotency_key (
                key TEXT PRIMARY KEY NOT NULL,
                method TEXT NOT NULL,
                path TEXT NOT NULL,
                requestBody BLOB,
                createdAt DOUBLE NOT NULL,
                status INTEGER,
                contentType TEXT,
                location TEXT,
                answerBody BLOB
            )
            """)
    }
}
