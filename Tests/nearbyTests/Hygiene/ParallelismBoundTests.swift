import Foundation
import Testing

/// The run is bounded (Tests/CTestSupport/test_parallelism.c): without a bound Swift Testing starts every test at
/// once, and on two cores the tests that wait on an in-process server time out.
struct ParallelismBoundTests {
    @Test("Swift Testing is given a bound on the tests under way, before the run starts")
    func theRunIsBounded() throws {
        let value = ProcessInfo.processInfo.environment["SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH"]
        let width = try #require(value.flatMap { Int($0) }, "no bound: \(value ?? "unset")")
        #expect(width >= 1)
    }
}
