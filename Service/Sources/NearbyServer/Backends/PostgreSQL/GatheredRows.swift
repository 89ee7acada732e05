import Logging
import PostgresNIO

extension PostgresConnection {
    /// Every row `query` answers, gathered on the connection's event loop and handed to the caller at once.
    ///
    /// The row sequence of the async `query(_:logger:)` resumes the waiting task, through Swift's thread pool,
    /// for each batch of rows a read from the socket brings: a page of places cost about five more thread
    /// switches, and the friends list a sixth more CPU (docs/benchmarks.md, "Friends server"). A request holds
    /// its whole answer anyway (a page, one row, the list it writes as one JSON body), so that back-pressure
    /// buys nothing, and one hand-over is cheaper.
    func gatheredRows(_ query: PostgresQuery, logger: Logger, file: String = #fileID, line: Int = #line)
        async throws -> [PostgresRow] {
        let answer: EventLoopFuture<PostgresQueryResult> = self.query(query, logger: logger, file: file, line: line)
        return try await answer.get().rows
    }
}
