// The Testing module exists for test builds only: `swift build -c release` (the README's first command) builds
// this target too, without it.
#if canImport(Testing)
import Testing

/// Puts a suite (or a test) in a lane: its test cases run one at a time among all the tests of that lane, in
/// every target, while the rest of the suite runs in parallel beside them.
public struct LaneTrait: SuiteTrait, TestTrait, TestScoping {
    let turns: Turns

    public var isRecursive: Bool { true }

    public func provideScope(for test: Test, testCase: Test.Case?,
                             performing function: @Sendable () async throws -> Void) async throws {
        // Suites pass through; each test case (a test, or one argument of a parameterised test) takes its turn.
        guard testCase != nil else { return try await function() }
        try await turns.run(function)
    }
}

extension Trait where Self == LaneTrait {
    /// For tests that drive a real terminal (a pseudo-terminal, or tmux). They wait on real processes and clocks;
    /// several at once on two cores only make each slower.
    public static var terminal: Self { LaneTrait(turns: .terminal) }

    /// For tests whose body computes for seconds on the calling thread without awaiting: a big import, thousands
    /// of generated cases, a hostile extract built in memory. One at a time, together they never hold more than
    /// one thread of Swift's cooperative pool (two on a 2-core machine); the other stays free for the in-process
    /// servers and clients that timing-sensitive tests wait on.
    public static var computeBound: Self { LaneTrait(turns: .computeBound) }
}
#endif
