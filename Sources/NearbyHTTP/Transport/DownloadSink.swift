import Glibc
import Locking

/// Where a download's body goes instead of memory: a file open for writing, which may already hold the start
/// of the body (`resumeFrom` bytes, asked for again with a Range request). A 2xx answer's bytes are written to
/// it; a `200` that answers a range (the file changed on the server, or the server ignores ranges) starts the
/// file again. The engine thread writes; `progress` is called from it with the bytes the file now holds.
public final class DownloadSink: Sendable {
    public let descriptor: Int32
    public let resumeFrom: Int64
    let progress: @Sendable (Int64) -> Void
    private let failure = Locked<Int32?>(nil)

    public init(descriptor: Int32, resumeFrom: Int64, progress: @escaping @Sendable (Int64) -> Void) {
        self.descriptor = descriptor
        self.resumeFrom = resumeFrom
        self.progress = progress
    }

    /// The `errno` of a write that failed (a full disk), which stopped the transfer.
    public var writeError: Int32? { failure.withLock { $0 } }

    /// Starts the body of an answer with `status`: a whole body (200) empties the file first. False when the
    /// file could not be emptied.
    func begin(status: Int) -> Bool {
        guard status == 200, resumeFrom > 0 else { return true }
        guard ftruncate(descriptor, 0) == 0, lseek(descriptor, 0, SEEK_SET) == 0 else {
            failure.withLock { $0 = errno }
            return false
        }
        return true
    }

    /// Writes all of `bytes`; false (and the error kept) when the file refuses them.
    func write(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard var base = bytes.baseAddress else { return true }
        var left = bytes.count
        while left > 0 {
            let written = Glibc.write(descriptor, base, left)
            if written < 0 {
                if errno == EINTR { continue }
                failure.withLock { $0 = errno }
                return false
            }
            left -= written
            base += written
        }
        return true
    }
}
