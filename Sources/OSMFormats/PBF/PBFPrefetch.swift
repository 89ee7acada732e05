import Dispatch
import Locking

/// The hand-over between the thread that reads and inflates a PBF file's blocks and the one that decodes them:
/// blocks come out in file order, at most `depth` wait (a full queue stops the reading thread), and the
/// buffers they came in go back to be filled again, so a pass allocates a few buffers, not one a block.
///
/// Everything the two threads share is behind `Locked` (a POSIX mutex); the semaphores only count.
final class PBFPrefetch: Sendable {
    /// Blocks read ahead of the one being decoded: enough to keep both cores busy when a block inflates slower
    /// or faster than the last, few enough that a file of 32 MB blocks (the format's largest) costs ~100 MB.
    static let depth = 2

    private struct State {
        var ready: [Result<PBFBlock?, any Error>] = []
        var spare: [[UInt8]] = []
        var stopped = false
    }

    private let state = Locked(State())
    /// Blocks in `ready`.
    private let filled = DispatchSemaphore(value: 0)
    /// Room for another block to be read. Made empty and then signalled: libdispatch stops the process when a
    /// semaphore is freed below the value it was made with, and a pass that ends early leaves this one lower.
    private let room = DispatchSemaphore(value: 0)
    /// Signalled once, when the reading thread has left its loop (and will touch the file no more).
    private let exited = DispatchSemaphore(value: 0)

    /// Starts the reading thread on `source`.
    init(source: Locked<PBFBlockSource>, path: String) throws(OSMImportError) {
        for _ in 0..<Self.depth { room.signal() }
        let started = PThread.start { [self] in
            self.produce(source)
        }
        guard started else { throw .unreadable(path: path, reason: "the system refused a thread to read it with") }
    }

    /// The next block in file order; nil at the end of the file. Throws what reading it threw; after nil or an
    /// error, `next` must not be called again.
    func next() throws -> PBFBlock? {
        filled.wait()
        return try state.withLock { $0.ready.removeFirst() }.get()
    }

    /// Gives a decoded block's buffer back for the next block.
    func recycle(_ buffer: consuming [UInt8]) {
        let buffer = buffer
        state.withLock { $0.spare.append(buffer) }
        room.signal()
    }

    /// Stops the reading thread (at the end, on an error, or when the decoder needs no more blocks) and waits
    /// until it has left the file alone. Called once.
    func stop() {
        state.withLock { $0.stopped = true }
        room.signal()
        exited.wait()
    }

    private func produce(_ source: Locked<PBFBlockSource>) {
        defer { exited.signal() }
        while true {
            room.wait()
            guard var buffer = state.withLock({ state -> [UInt8]? in
                state.stopped ? nil : (state.spare.popLast() ?? [])
            }) else { return }
            let result: Result<PBFBlock?, any Error>
            do {
                result = .success(try source.withLock { try $0.next(into: &buffer) })
            } catch {
                result = .failure(error)
            }
            // The block holds the buffer now; this thread lets go of it, so the decoder's is the only reference and
            // the buffer is filled again in place once it comes back.
            buffer = []
            state.withLock { $0.ready.append(result) }
            filled.signal()
            guard case .success(.some) = result else { return }
        }
    }
}
