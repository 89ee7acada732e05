import Foundation
import TestSupport
import Testing
@testable import NearbyHTTP

@Suite("CurlEngine")
struct CurlEngineTests {
    @Test("while a request is pending, the transport's thread uses (almost) no CPU")
    func noCPUWhilePending() async throws {
        let arrived = OneShotSignal()
        let stub = try await StubServer.start { _ in
            arrived.fire()
            await suspendUntilCancelled()
            return StubResponse(status: 200)
        }
        // An engine of its own, so that other suites' requests running in parallel do not count here.
        let engine = CurlEngine(threadName: "http-cpu-probe")
        let client = HTTPClient(baseURL: stub.url, timeout: .seconds(60), maxBodySize: 1 << 20, headers: [:],
                                engine: engine)
        let task = Task { () async throws(HTTPFailure) -> HTTPClient.Response in try await client.send(.init(path: "/")) }
        await arrived.wait()
        let thread = try #require(await ThreadCPU.waitForThread(named: "http-cpu-probe"))
        let before = try #require(thread.onCPUNanoseconds())
        // A measuring window, not a wait for readiness: a thread that spins shows ~500 ms here, a sleeping one ~0.
        try await Task.sleep(for: .milliseconds(500))
        let after = try #require(thread.onCPUNanoseconds())
        #expect(after - before < 20_000_000, "the transport thread ran \((after - before) / 1_000_000) ms in 500 ms")
        task.cancel()
        _ = await task.result
        await stub.stop()
    }
}

/// One thread of this process, found by its name, and its time on a CPU (from /proc, Linux only).
struct ThreadCPU {
    let directory: String

    static func named(_ name: String) -> ThreadCPU? {
        let tasks = "/proc/self/task"
        guard let ids = try? FileManager.default.contentsOfDirectory(atPath: tasks) else { return nil }
        for id in ids {
            let comm = (try? String(contentsOfFile: "\(tasks)/\(id)/comm", encoding: .utf8)) ?? ""
            if comm.trimmingCharacters(in: .whitespacesAndNewlines) == name { return ThreadCPU(directory: "\(tasks)/\(id)") }
        }
        return nil
    }

    /// The thread once /proc lists it under `name`; nil if it never does within five seconds.
    static func waitForThread(named name: String) async -> ThreadCPU? {
        let deadline = ContinuousClock.now + .seconds(5)
        while ContinuousClock.now < deadline {
            if let thread = named(name) { return thread }
            try? await Task.sleep(for: .milliseconds(10))
        }
        return nil
    }

    /// The first field of schedstat: nanoseconds spent running.
    func onCPUNanoseconds() -> Int? {
        guard let text = try? String(contentsOfFile: "\(directory)/schedstat", encoding: .utf8) else { return nil }
        return text.split(separator: " ").first.flatMap { Int($0) }
    }
}
