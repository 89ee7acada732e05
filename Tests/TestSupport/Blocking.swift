import Foundation

/// Runs blocking work (waiting for a process, reading a pipe, a long synchronous computation) on a thread of
/// its own, so that it never holds one of the few threads of Swift's cooperative pool: tests run in parallel,
/// and a held pool thread starves every in-process server the other tests talk to.
public enum Blocking {
    public static func run<Value: Sendable>(_ work: @escaping @Sendable () throws -> Value) async throws -> Value {
        try await withCheckedThrowingContinuation { continuation in
            let thread = Thread {
                continuation.resume(with: Result { try work() })
            }
            thread.name = "test-blocking"
            thread.stackSize = 8 << 20
            thread.start()
        }
    }

    /// The same, for work that cannot fail.
    public static func run<Value: Sendable>(_ work: @escaping @Sendable () -> Value) async -> Value {
        await withCheckedContinuation { continuation in
            let thread = Thread {
                continuation.resume(returning: work())
            }
            thread.name = "test-blocking"
            thread.stackSize = 8 << 20
            thread.start()
        }
    }
}
