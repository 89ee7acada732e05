#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A value behind a lock, for state that several threads or tasks share: the same shape as the standard
/// library's `Mutex` (`withLock` hands the value over `inout`), on a POSIX mutex.
///
/// Not `Synchronization.Mutex`, because of ThreadSanitizer: on Linux a contended `Mutex` hands the lock over inside
/// the kernel (a priority-inheriting futex), in library code the sanitizer cannot see, so every contended section
/// looks like a race to it and a TSan run could not tell those from real ones. `pthread_mutex_lock` is a call the
/// sanitizer knows.
public final class Locked<Value>: @unchecked Sendable {
    // Both live at fixed addresses: a POSIX mutex must not move once initialised.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let storage: UnsafeMutablePointer<Value>

    public init(_ initialValue: sending Value) {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
        storage = .allocate(capacity: 1)
        storage.initialize(to: initialValue)
    }

    deinit {
        storage.deinitialize(count: 1)
        storage.deallocate()
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` with the value while holding the lock.
    public func withLock<Result, Failure: Error>(
        _ body: (inout sending Value) throws(Failure) -> sending Result
    ) throws(Failure) -> sending Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&storage.pointee)
    }
}
