import Locking

/// Read-your-writes across replicas. A write answers with `X-Nearby-Written: <position>` (PostgreSQL's WAL
/// position after it); a client that sends it back as `X-Nearby-Read-After` on its next reads is served by a
/// replica only once that replica has replayed the position, else by the primary. The service passes both
/// through task-local values, so repositories need no extra parameters.
public enum ReadYourWrites {
    /// The position the request's reads must see, from `X-Nearby-Read-After`.
    @TaskLocal public static var readAfter: String?
    /// Where a write notes its position during a request.
    @TaskLocal static var recorder: WritePositionRecorder?

    public static let writtenHeader = "X-Nearby-Written"
    public static let readAfterHeader = "x-nearby-read-after"

    /// Notes the position a write reached, for the answer's header.
    public static func record(_ position: String) {
        recorder?.set(position)
    }
}

/// The latest write position of one request.
final class WritePositionRecorder: Sendable {
    private let position = Locked<String?>(nil)

    func set(_ value: String) { position.withLock { $0 = value } }
    var value: String? { position.withLock { $0 } }
}
