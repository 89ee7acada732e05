import Foundation
import TestSupport
import Testing
import NearbyHTTP

@Suite("HTTPClient")
struct HTTPClientTests {
    @Test("sends method, path, query, headers and body; returns status, headers and body")
    func roundTrip() async throws {
        let stub = try await StubServer.start { request in
            StubResponse(status: 201, headers: ["X-Echo": request.headers["x-token"] ?? "-"],
                           body: Data("\(request.method) \(request.path) \(request.query["q"] ?? "") \(request.body.count)".utf8))
        }
        let client = HTTPClient(baseURL: stub.url, timeout: .seconds(5), headers: ["X-Token": "abc"])
        let response = try await client.send(.init(method: "POST", path: "/things",
                                                   query: [URLQueryItem(name: "q", value: "a b")], body: Data("12345".utf8)))
        #expect(response.status == 201)
        #expect(response.headers["x-echo"] == "abc")
        #expect(String(decoding: response.body, as: UTF8.self) == "POST /things a b 5")
        await stub.stop()
    }

    @Test("a base URL's path prefix is kept")
    func basePathPrefix() async throws {
        let stub = try await StubServer.start { request in StubResponse(status: 200, body: Data(request.path.utf8)) }
        let client = HTTPClient(baseURL: stub.url.appendingPathComponent("v1/"), timeout: .seconds(5))
        let response = try await client.send(.init(path: "/listFriends"))
        #expect(String(decoding: response.body, as: UTF8.self) == "/v1/listFriends")
        await stub.stop()
    }

    @Test("keeps working over many requests on kept-alive connections")
    func manyRequests() async throws {
        let stub = try await StubServer.answering(json: "[]")
        // What is checked is that reused connections keep answering, not how fast: the in-process stub's jobs
        // wait behind the other suites' bodies, and under ThreadSanitizer one of the 50 answers once took
        // longer than 5 s on a 2-core machine (docs/testing.md, "Parallel runs").
        let client = HTTPClient(baseURL: stub.url, timeout: .seconds(30))
        for _ in 0..<50 {
            let response = try await client.send(.init(path: "/x"))
            #expect(response.status == 200)
        }
        #expect(stub.requests.count == 50)
        await stub.stop()
    }

    @Test("a non-2xx status is an answer for send, a failure for sendExpectingSuccess")
    func statusFailure() async throws {
        let stub = try await StubServer.answering(503, json: #"{"error":"busy"}"#)
        let client = HTTPClient(baseURL: stub.url, timeout: .seconds(5))
        #expect(try await client.send(.init(path: "/")).status == 503)
        await #expect(throws: HTTPFailure.status(503, body: Data(#"{"error":"busy"}"#.utf8))) {
            try await client.sendExpectingSuccess(.init(path: "/"))
        }
        await stub.stop()
    }

    @Test("a server that never answers fails with .timeout within the time limit")
    func timeout() async throws {
        let stub = try await StubServer.start { _ in
            await suspendUntilCancelled()
            return StubResponse(status: 200)
        }
        let client = HTTPClient(baseURL: stub.url, timeout: .milliseconds(300))
        let started = ContinuousClock.now
        await #expect(throws: HTTPFailure.timeout) { try await client.send(.init(path: "/slow")) }
        #expect(ContinuousClock.now - started < .seconds(5))
        await stub.stop()
    }

    @Test("a per-request time limit overrides the client's")
    func perRequestTimeout() async throws {
        let stub = try await StubServer.start { _ in
            await suspendUntilCancelled()
            return StubResponse(status: 200)
        }
        let client = HTTPClient(baseURL: stub.url, timeout: .seconds(60))
        let started = ContinuousClock.now
        await #expect(throws: HTTPFailure.timeout) {
            try await client.send(.init(path: "/slow", timeout: .milliseconds(200)))
        }
        #expect(ContinuousClock.now - started < .seconds(10))
        await stub.stop()
    }

    @Test("a closed port fails with .cannotConnect")
    func refused() async throws {
        let client = HTTPClient(baseURL: try await closedPortURL(), timeout: .seconds(5))
        do {
            _ = try await client.send(.init(path: "/"))
            Issue.record("expected a failure")
        } catch {
            guard case .cannotConnect = error else { Issue.record("got \(error)"); return }
        }
    }

    @Test("cancelling the calling task cancels the request")
    func cancellation() async throws {
        let arrived = OneShotSignal()
        let stub = try await StubServer.start { _ in
            arrived.fire()
            await suspendUntilCancelled()
            return StubResponse(status: 200)
        }
        let client = HTTPClient(baseURL: stub.url, timeout: .seconds(60))
        let task = Task { () async throws(HTTPFailure) -> HTTPClient.Response in
            try await client.send(.init(path: "/slow"))
        }
        await arrived.wait()
        task.cancel()
        let started = ContinuousClock.now
        let result = await task.result
        #expect(ContinuousClock.now - started < .seconds(5))
        #expect(throws: HTTPFailure.cancelled) { try result.get() }
        await stub.stop()
    }

    @Test("an already cancelled task does not send at all")
    func cancelledBeforeStart() async throws {
        let stub = try await StubServer.answering(json: "[]")
        let client = HTTPClient(baseURL: stub.url, timeout: .seconds(5))
        let task = Task { () async throws(HTTPFailure) -> HTTPClient.Response in
            withUnsafeCurrentTask { $0?.cancel() }
            return try await client.send(.init(path: "/"))
        }
        let result = await task.result
        #expect(throws: HTTPFailure.cancelled) { try result.get() }
        #expect(stub.requests.isEmpty)
        await stub.stop()
    }

    @Test("an answer above the size cap fails with .tooLarge")
    func tooLarge() async throws {
        let big = Data(repeating: UInt8(ascii: "a"), count: 3 << 20)
        let stub = try await StubServer.answering(body: big)
        let client = HTTPClient(baseURL: stub.url, timeout: .seconds(10), maxBodySize: 1 << 20)
        await #expect(throws: HTTPFailure.tooLarge(limit: 1 << 20)) { try await client.send(.init(path: "/big")) }
        // Within the cap the same body is read whole.
        let roomy = HTTPClient(baseURL: stub.url, timeout: .seconds(10), maxBodySize: 4 << 20)
        #expect(try await roomy.send(.init(path: "/big")).body == big)
        await stub.stop()
    }

    @Test("a base URL that is not http(s) fails without a crash")
    func badScheme() async throws {
        let client = HTTPClient(baseURL: try #require(URL(string: "ftp://127.0.0.1/")), timeout: .seconds(1))
        do {
            _ = try await client.send(.init(path: "/"))
            Issue.record("expected a failure")
        } catch {
            guard case .cannotConnect = error else { Issue.record("got \(error)"); return }
        }
    }
}
