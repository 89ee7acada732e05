/// The answer while the database cannot be reached or does not answer in time: 503 with `Retry-After`, so
/// clients and load balancers try again shortly instead of treating the request as failed for good. Why the
/// database is unavailable goes to the operator's log and `/readyz`, not to every client.
enum DatabaseUnavailable {
    /// Seconds a client is asked to wait before it tries again.
    static let retryAfterSeconds = 5

    /// `writing`: whether the request changes data; a write cut off by the deadline may still be committed by
    /// the database, so the client is told it may have been saved and how to repeat it safely.
    static func response(writing: Bool) -> ServerResponse {
        let message = writing
            ? "The database is not answering; the change may or may not have been saved. Try again in a few seconds "
                + "(with the same Idempotency-Key it is saved once)."
            : "The database is not answering; try again in a few seconds."
        return .error(503, message, headers: ["Retry-After": String(retryAfterSeconds)])
    }
}
