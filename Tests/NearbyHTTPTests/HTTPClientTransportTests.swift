import Foundation
import Locking
import Testing
import TestSupport
import NearbyHTTP

/// What the libcurl transport adds to the client's contract: redirects, decoding, methods with bodies,
/// many requests at once, cancellation of pending ones.
@Suite("HTTPClient transport")
struct HTTPClientTransportTests {
    @Test("a redirect is followed and the answer carries the final response's headers only")
    func redirectKeepsFinalHeaders() async throws {
        let stub = try await StubServer.start { request in
            if request.path == "/start" {
                return StubResponse(status: 302, headers: ["Location": "/final", "X-Step": "redirect",
                                                             "X-Only-Redirect": "yes"])
            }
            return StubResponse(status: 200, headers: ["X-Step": "final"], body: Data("arrived".utf8))
        }
        let client = HTTPClient(baseURL: stub.url, timeout: .seconds(5))
        let response = try await client.send(.init(path: "/start"))
        #expect(response.status == 200)
        #expect(response.headers["x-step"] == "final")
        #expect(response.headers["x-only-redirect"] == nil)
        #expect(String(decoding: response.body, as: UTF8.self) == "arrived")
        #expect(stub.requests.map(\.path) == ["/start", "/final"])
        await stub.stop()
    }

    @Test("a redirect loop fails with .cannotConnect after a few hops")
    func redirectLoop() async throws {
        let stub = try await StubServer.start { _ in StubResponse(status: 302, headers: ["Location": "/again"]) }
        // The time covers every hop; generous, since what is checked is the error, on a machine that may be busy.
        let client = HTTPClient(baseURL: stub.url, timeout: .seconds(30))
        await #expect(throws: HTTPFailure.cannotConnect("too many redirects")) {
            try await client.send(.init(path: "/"))
        }
        #expect(stub.requests.count == 6)
        await stub.stop()
    }

    @Test("a gzip answer is decoded, and the cap applies to the decoded size")
    func gzipDecodedAndCapped() async throws {
        let text = Data(repeating: UInt8(ascii: "z"), count: 2 << 20)
        let packed = Data(TestCompression.gzip(Array(text)))
        let stub = try await StubServer.answering(body: packed, headers: ["Content-Encoding": "gzip"])
        #expect(packed.count < 64 * 1024)
        let roomy = HTTPClient(baseURL: stub.url, timeout: .seconds(10), maxBodySize: 4 << 20)
        #expect(try await roomy.send(.init(path: "/")).body == text)
        #expect(stub.requests.first?.headers["accept-encoding"]?.contains("gzip") == true)
        // The declared length is small, so only counting what is written out can catch this one.
        let tight = HTTPClient(baseURL: stub.url, timeout: .seconds(10), maxBodySize: 1 << 20)
        await #expect(throws: HTTPFailure.tooLarge(limit: 1 << 20)) { try await tight.send(.init(path: "/")) }
        await stub.stop()
    }

    @Test("POST, PUT, PATCH and DELETE carry their bodies; an empty POST sends Content-Length 0",
          arguments: [("POST", "{\"a\":1}"), ("PUT", "put me"), ("PATCH", "{\"firstname\":\"Ann\"}"),
                      ("DELETE", "gone"), ("DELETE", nil), ("POST", nil), ("PATCH", "")] as [(String, String?)])
    func methodsWithBodies(method: String, body: String?) async throws {
        let stub = try await StubServer.start { request in
            StubResponse(status: 200, headers: ["X-Length": request.headers["content-length"] ?? "none"],
                           body: Data("\(request.method) ".utf8) + request.body)
        }
        let client = HTTPClient(baseURL: stub.url, timeout: .seconds(5))
        let response = try await client.send(.init(method: method, path: "/thing/7", body: body.map { Data($0.utf8) }))
        #expect(String(decoding: response.body, as: UTF8.self) == "\(method) \(body ?? "")")
        let expectedLength = body.map { String($0.utf8.count) } ?? (method == "POST" ? "0" : nil)
        if let expectedLength { #expect(response.headers["x-length"] == expectedLength) }
        #expect(stub.requests.first?.headers["expect"] == nil)
        await stub.stop()
    }

    @Test("a large body is posted without asking for 100 Continue")
    func largeBodyNoExpect() async throws {
        let stub = try await StubServer.start(bodyLimit: 1 << 20) { request in
            StubResponse(status: 200, body: Data(String(request.body.count).utf8))
        }
        let client = HTTPClient(baseURL: stub.url, timeout: .seconds(5))
        let body = Data(repeating: 7, count: 200_000)
        let response = try await client.send(.init(method: "POST", path: "/upload", body: body))
        #expect(String(decoding: response.body, as: UTF8.self) == "200000")
        #expect(stub.requests.first?.headers["expect"] == nil)
        await stub.stop()
    }

    @Test("fifty requests at once are each answered with their own body")
    func concurrentRequests() async throws {
        let stub = try await StubServer.start { request in
            StubResponse(status: 200, headers: ["X-Path": request.path], body: Data(request.path.utf8))
        }
        let client = HTTPClient(baseURL: stub.url, timeout: .seconds(20))
        let answers = try await withThrowingTaskGroup(of: (Int, HTTPClient.Response).self) { group in
            for index in 0..<50 {
                group.addTask { (index, try await client.send(.init(path: "/item/\(index)"))) }
            }
            var answers: [Int: HTTPClient.Response] = [:]
            for try await (index, response) in group { answers[index] = response }
            return answers
        }
        #expect(answers.count == 50)
        for (index, response) in answers {
            #expect(response.status == 200)
            #expect(String(decoding: response.body, as: UTF8.self) == "/item/\(index)")
            #expect(response.headers["x-path"] == "/item/\(index)")
        }
        await stub.stop()
    }

    @Test("many pending requests cancelled at once all answer .cancelled promptly; the client keeps working")
    func cancelManyPending() async throws {
        let arrivals = ArrivalCounter(expected: 10)
        let stub = try await StubServer.start { request in
            if request.path == "/fast" { return StubResponse(status: 200, body: Data("ok".utf8)) }
            arrivals.arrive()
            await suspendUntilCancelled()
            return StubResponse(status: 200)
        }
        let client = HTTPClient(baseURL: stub.url, timeout: .seconds(60))
        let tasks = (0..<10).map { _ in
            Task { () async throws(HTTPFailure) -> HTTPClient.Response in try await client.send(.init(path: "/slow")) }
        }
        await arrivals.wait()
        let started = ContinuousClock.now
        for task in tasks { task.cancel() }
        for task in tasks {
            let result = await task.result
            #expect(throws: HTTPFailure.cancelled) { try result.get() }
        }
        // Well inside the client's 60 s timeout: cancelled, not timed out (a busy machine can take seconds).
        #expect(ContinuousClock.now - started < .seconds(15))
        #expect(try await client.send(.init(path: "/fast")).body == Data("ok".utf8))
        await stub.stop()
    }

    @Test("a connection closed without an answer fails with .cannotConnect")
    func closedWithoutAnswer() async throws {
        let server = try HangUpServer()
        let client = HTTPClient(baseURL: server.url, timeout: .seconds(5))
        await #expect(throws: HTTPFailure.cannotConnect("connection lost")) {
            try await client.send(.init(path: "/"))
        }
        server.stop()
    }

    @Test("a header holding a line break is refused before anything is sent")
    func headerInjection() async throws {
        let stub = try await StubServer.answering(json: "[]")
        let client = HTTPClient(baseURL: stub.url, timeout: .seconds(5))
        for headers in [["X-Evil": "a\r\nX-Injected: 1"], ["Bad Name": "v"], ["X-Nul": "a\0b"]] {
            do {
                _ = try await client.send(.init(path: "/", headers: headers))
                Issue.record("expected a failure for \(headers.keys)")
            } catch {
                guard case .cannotConnect = error else { Issue.record("got \(error)"); continue }
            }
        }
        await #expect(throws: HTTPFailure.cannotConnect("not a valid HTTP method")) {
            try await client.send(.init(method: "GET /x HTTP/1.1\r\n", path: "/"))
        }
        #expect(stub.requests.isEmpty)
        await stub.stop()
    }

    @Test("request headers override the client's without regard to case; an empty value is sent empty")
    func headerMerging() async throws {
        let stub = try await StubServer.answering(json: "[]")
        let client = HTTPClient(baseURL: stub.url, timeout: .seconds(5), headers: ["X-Token": "client", "X-Keep": "k"])
        _ = try await client.send(.init(path: "/", headers: ["x-token": "request", "X-Empty": ""]))
        let headers = try #require(stub.requests.first?.headers)
        #expect(headers["x-token"] == "request")
        #expect(headers["x-keep"] == "k")
        #expect(headers["x-empty"] == "")
        await stub.stop()
    }
}

/// Counts requests that arrived at a stub, resuming one waiter when the expected number is reached.
final class ArrivalCounter: Sendable {
    private let signal = OneShotSignal()
    private let count = Locked(0)
    private let expected: Int

    init(expected: Int) { self.expected = expected }

    func arrive() {
        let reached = count.withLock { count -> Bool in
            count += 1
            return count == expected
        }
        if reached { signal.fire() }
    }

    func wait() async { await signal.wait() }
}
