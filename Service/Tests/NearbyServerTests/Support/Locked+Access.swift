import Locking

/// The two ways the server tests use a shared value: change it, or read it.
extension Locked where Value: Sendable {
    func update<T>(_ body: (inout Value) -> T) -> T { withLock { body(&$0) } }
    var value: Value { withLock { $0 } }
}
