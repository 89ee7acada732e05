import Foundation
import NearbyData
import PostgresNIO

/// `IdempotencyStore` in PostgreSQL: the key and the write it guards commit in ONE transaction, so a key is
/// either answered with the friend it added or absent with nothing added. A second request with the same key
/// waits on the key's row until the first commits, then gets its answer; any instance answers the same.
public struct PostgresIdempotencyStore: IdempotencyStore {
    let pools: PostgresPools
    private let sweep: ExpiredKeySweep

    public init(pools: PostgresPools, sweepEvery interval: Duration = .seconds(600)) {
        self.pools = pools
        sweep = ExpiredKeySweep(interval: interval)
    }

    public func answer(_ request: IdempotentRequest, operation: @escaping @Sendable () async -> ServerResponse)
        async throws(IdempotencyFailure) -> ServerResponse {
        let retention = Int(Idempotency.retention.components.seconds)
        let sweeps = sweep.isDue()
        let body = ByteBuffer(bytes: request.body)
        do {
            // One call, so one deadline: the sweep on a database that does not answer must not double the wait.
            let outcome = try await pools.write { connection -> Outcome in
                if sweeps { await sweepExpired(retention: retention, on: connection) }
                let outcome = try await connection.withTransaction(logger: pools.logger) { connection -> Outcome in
                    let logger = pools.logger
                    try await connection.query("""
                        DELETE FROM idempotency_key
                        WHERE key = \(request.key) AND created_at < now() - make_interval(secs => \(retention))
                        """, logger: logger)
                    // Blocks while another transaction holds the key uncommitted; then inserts or finds it.
                    let claimed = try await connection.gatheredRows("""
                        INSERT INTO idempotency_key (key, method, path, request_body, status, answer_body)
                        VALUES (\(request.key), \(request.method), \(request.path), \(body), 0, ''::bytea)
                        ON CONFLICT (key) DO NOTHING RETURNING 1
                        """, logger: logger)
                    guard !claimed.isEmpty else { return try await Self.stored(request, connection, logger) }
                    let response = await PostgresTransactionContext.$connection.withValue(connection) {
                        await operation()
                    }
                    guard (200..<300).contains(response.status) else { throw NotKept(response: response) }
                    let kept = StoredAnswer(response)
                    try await connection.query("""
                        UPDATE idempotency_key SET status = \(kept.status), content_type = \(kept.contentType),
                            location = \(kept.location), answer_body = \(ByteBuffer(bytes: kept.body))
                        WHERE key = \(request.key)
                        """, logger: logger)
                    return .fresh(response)
                }
                if pools.hasReplicas {
                    try await PostgresTransactionContext.recordWritePosition(connection, logger: pools.logger)
                }
                return outcome
            }
            switch outcome {
            case .fresh(let response): return response
            case .replay(let response): return response
            }
        } catch {
            if let refused = unwrappedTransactionError(error) as? NotKept {
                // Rolled back: neither the key nor anything the operation wrote remains, so a retry runs again.
                return refused.response
            }
            // Said to the caller, which logs it: an outage must leave a line in the service's log.
            let detail = DatabaseFailure.describe(error)
            throw DatabaseFailure.isUnavailable(error) ? .unavailable(detail: detail) : .failed(detail: detail)
        }
    }

    /// Deletes every expired key (the index on created_at finds them). A failure is only logged: the request
    /// goes on, and its own key is still checked for age in its transaction.
    private func sweepExpired(retention: Int, on connection: PostgresConnection) async {
        do {
            try await connection.query("""
                DELETE FROM idempotency_key WHERE created_at < now() - make_interval(secs => \(retention))
                """, logger: pools.logger)
        } catch {
            pools.logger.warning("could not delete expired idempotency keys: \(DatabaseFailure.describe(error))")
        }
    }

    private enum Outcome: Sendable {
        case fresh(ServerResponse)
        case replay(ServerResponse)
    }

    /// An answer that is not kept; thrown to roll the transaction back.
    private struct NotKept: Error {
        let response: ServerResponse
    }

    private static func stored(_ request: IdempotentRequest, _ connection: PostgresConnection, _ logger: Logger)
        async throws -> Outcome {
        let rows = try await connection.gatheredRows("""
            SELECT method, path, request_body, status, content_type, location, answer_body
            FROM idempotency_key WHERE key = \(request.key)
            """, logger: logger)
        if let row = rows.first {
            let (method, path, requestBody, status, contentType, location, answerBody) = try row.decode(
                (String, String, ByteBuffer, Int, String?, String?, ByteBuffer).self)
            guard method == request.method, path == request.path, Data(requestBody.readableBytesView) == request.body else {
                return .replay(Idempotency.mismatch)
            }
            let answer = StoredAnswer(status: status, contentType: contentType, location: location,
                                      body: Data(answerBody.readableBytesView))
            return .replay(answer.replayed)
        }
        // Deleted between the insert and this read (expired at that instant): ask again.
        return .replay(Idempotency.inProgress)
    }
}
