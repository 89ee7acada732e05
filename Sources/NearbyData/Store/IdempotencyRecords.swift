import Foundation
import GRDB

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
        try await database.writer.write { db in
            try Self.createTable(db)
            try db.execute(sql: "DELETE FROM idempotency_key WHERE createdAt < ?",
                           arguments: [now.addingTimeInterval(-retention).timeIntervalSince1970])
            try db.execute(sql: "DELETE FROM idempotency_key WHERE key = ? AND status IS NULL AND createdAt < ?",
                           arguments: [key, now.addingTimeInterval(-staleAfter).timeIntervalSince1970])
            if let row = try Row.fetchOne(db, sql: """
                SELECT method, path, requestBody, status, contentType, location, answerBody, createdAt
                FROM idempotency_key WHERE key = ?
                """, arguments: [key]) {
                guard let status: Int = row[3] else {
                    return .pending(since: Date(timeIntervalSince1970: row[7]))
                }
                return .answered(method: row[0], path: row[1], requestBody: row[2] ?? Data(), status: status,
                                 contentType: row[4], location: row[5], answerBody: row[6] ?? Data())
            }
            try db.execute(sql: """
                INSERT INTO idempotency_key (key, method, path, requestBody, createdAt) VALUES (?, ?, ?, ?, ?)
                """, arguments: [key, method, path, body, now.timeIntervalSince1970])
            return .claimed
        }
    }

    /// Keeps the answer of a claimed key.
    public func complete(key: String, status: Int, contentType: String?, location: String?, body: Data) async throws {
        try await database.writer.write { db in
            try db.execute(sql: """
                UPDATE idempotency_key SET status = ?, contentType = ?, location = ?, answerBody = ? WHERE key = ?
                """, arguments: [status, contentType, location, body, key])
        }
    }

    /// Gives a claimed key up (the request failed), so a retry runs again.
    public func release(key: String) async throws {
        try await database.writer.write { db in
            try db.execute(sql: "DELETE FROM idempotency_key WHERE key = ? AND status IS NULL", arguments: [key])
        }
    }

    private static func createTable(_ db: Database) throws {
        try db.execute(sql: """
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
