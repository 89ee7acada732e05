import Foundation
import Locking
import Testing

struct LockedTests {
    @Test("threads adding at once lose no addition")
    func noLostUpdates() async {
        let counter = Locked(0)
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    for _ in 0..<10_000 { counter.withLock { $0 += 1 } }
                }
            }
        }
        #expect(counter.withLock { $0 } == 80_000)
    }

    @Test("the body's result comes back, and its typed error is thrown with the change it made kept")
    func resultAndTypedError() {
        enum Refusal: Error, Equatable { case full }
        let queue = Locked([Int]())
        let count = queue.withLock { $0.append(1); return $0.count }
        #expect(count == 1)
        #expect(throws: Refusal.full) {
            try queue.withLock { (items: inout [Int]) throws(Refusal) in
                items.append(2)
                throw .full
            }
        }
        #expect(queue.withLock { $0 } == [1, 2])
        // The lock was released on the throw: taking it again does not hang.
        #expect(queue.withLock { $0.count } == 2)
    }

    @Test("the value is released with the lock")
    func valueIsReleased() {
        final class Payload: Sendable {}
        weak var seen: Payload?
        do {
            let payload = Payload()
            seen = payload
            let lock = Locked(payload)
            #expect(lock.withLock { $0 } === payload)
        }
        #expect(seen == nil)
    }
}
