// The Testing module exists for test builds only: `swift build -c release` (the README's first command) builds
// this target too, without it.
#if canImport(Testing)
import Testing

/// Marks a suite (or a test) that drives a real terminal (a pseudo-terminal, or tmux): its tests run one at a
/// time among all such tests, in every target, while the rest of the suite runs in parallel beside them.
/// Terminal tests wait on real processes and clocks; several at once on two cores only make each slower.
public struct TerminalTrait: SuiteTrait, TestTrait, TestScoping {
    public var isRecursive: Bool { true }

    public func provideScope(for test: Test, testCase: Test.Case?,
                             performing function: @Sendable () async throws -> Void) async throws {
        // Suites pass through; each test case (a test, or one argument of a parameterised test) takes its turn.
        guard testCase != nil else { return try await function() }
        try await TerminalTurns.shared.run(function)
    }
}

extension Trait where Self == TerminalTrait {
    /// Runs one at a time among the terminal tests.
    public static var terminal: Self { TerminalTrait() }
}

/// One turn at a time, first come first served, awaiting rather than blocking.
actor TerminalTurns {
    static let shared = TerminalTurns()
    private var busy = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    func run(_ body: @Sendable () async throws -> Void) async throws {
        if busy {
            await withCheckedContinuation { waiting.append($0) }
        } else {
            busy = true
        }
        defer { handOver() }
        try await body()
    }

    private func handOver() {
        if waiting.isEmpty {
            busy = false
        } else {
            waiting.removeFirst().resume()
        }
    }
}
#endif
