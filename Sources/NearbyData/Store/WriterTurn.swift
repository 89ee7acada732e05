#if canImport(Glibc)
import Glibc
#endif

/// Turns at writing a store, taken with the other processes that write it (two `nearby serve` instances, the
/// app beside the service): an exclusive `flock` on the store's folder, held for one group of writes.
///
/// A process that waits for the turn sleeps in the kernel and wakes when the holder lets go. Waiting on
/// SQLite's own write lock instead means naps (`BusyWait`) and a wake-up after each, and a writer that finds
/// the lock free between two naps of the other's. The turn is held only around a group of short writes, whose
/// transaction gives up after the busy timeout, so a waiter waits at most that long for each process ahead of
/// it; long writes (an import) take SQLite's lock alone. The kernel lets go of a turn whose process died.
final class WriterTurn: Sendable {
    private let descriptor: Int32

    /// The turn of the store in `folder`; nil where the folder cannot be opened (the writes then go by SQLite's
    /// lock alone).
    init?(folder: String) {
        let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        self.descriptor = descriptor
    }

    deinit {
        close(descriptor)
    }

    /// Waits for the turn. Should the lock fail for another reason than a signal, the writes go on without it.
    func take() {
        while flock(descriptor, LOCK_EX) != 0 && errno == EINTR {}
    }

    /// Takes the turn if no one holds it.
    func takeIfFree() -> Bool {
        flock(descriptor, LOCK_EX | LOCK_NB) == 0
    }

    func giveBack() {
        _ = flock(descriptor, LOCK_UN)
    }
}
