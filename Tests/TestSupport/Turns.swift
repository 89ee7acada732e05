/// One turn at a time, first come first served, awaiting rather than blocking: a lane that some tests share
/// while the rest of the suite runs in parallel beside them.
actor Turns {
    /// The lane of the tests that drive a real terminal.
    static let terminal = Turns()
    /// The lane of the tests that compute for seconds without awaiting.
    static let computeBound = Turns()

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
