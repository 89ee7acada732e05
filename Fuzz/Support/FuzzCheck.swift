#if canImport(Glibc)
import Glibc
#endif

/// Stops the run with a message when an invariant of the target does not hold; libFuzzer then keeps the
/// input that broke it. A fuzz target that only calls the parser would find crashes and nothing else.
func fuzzCheck(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String,
               file: StaticString = #fileID, line: UInt = #line) {
    if condition() { return }
    fputs("fuzz invariant broken at \(file):\(line): \(message())\n", stderr)
    abort()
}

/// The fuzzer's input as bytes that live only for the call.
func fuzzBytes(_ start: UnsafeRawPointer?, _ count: Int) -> UnsafeRawBufferPointer {
    guard let start, count > 0 else { return UnsafeRawBufferPointer(start: nil, count: 0) }
    return UnsafeRawBufferPointer(start: start, count: count)
}
