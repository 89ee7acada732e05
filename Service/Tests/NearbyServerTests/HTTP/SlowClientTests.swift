import Foundation
import NearbyCore
import NearbyData
import NearbyServer
import Testing

/// Clients that send slowly, or not at all, must not keep the server from others: a body without the token is
/// never waited for, a body has a deadline, and a full connection cap makes room for a newcomer.
@Suite("Slow clients")
struct SlowClientTests {
    static let anna = #"{"firstname":"Anna","lastname":"Beck","phonenumber":"555 0101"}"#

    private static func service(_ limits: HTTPLimits = HTTPLimits(), token: String? = nil,
                                log: LogLines = LogLines()) async throws -> (NearbyService, UInt16) {
        let service = try NearbyService(backend: MemoryServiceBackend(), port: 0, token: token, limits: limits,
                                        log: { log.append($0) })
        return (service, try await service.start())
    }

    /// A POST whose head promises `length` bytes of body, and `sent` of them.
    private static func slowPost(length: Int, sent: Int) -> String {
        "POST /api/friends HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: \(length)\r\n\r\n"
            + String(repeating: " ", count: sent)
    }

    @Test("without the token, a request with a body is answered 401 at once, its body never waited for")
    func tokenBeforeBody() async throws {
        let (service, port) = try await Self.service(token: "tok")
        let clock = ContinuousClock()
        let start = clock.now
        let (answer, closed) = try await Blocking.run { () -> (RawResponse?, Bool) in
            let connection = try RawConnection(port: port, receiveTimeout: 5)
            connection.send(Self.slowPost(length: 60_000, sent: 1))
            let (data, closed) = connection.readToEnd()
            return (RawResponse(data), closed)
        }
        #expect(answer?.status == 401)
        #expect(answer?.headers["connection"] == "close")
        #expect(closed)
        #expect(clock.now - start < .seconds(4), "the server waited for the body")
        // With the token the body is read and the request served.
        let served = try await Blocking.run { () -> RawResponse? in
            let connection = try RawConnection(port: port, receiveTimeout: 5)
            connection.send("POST /api/friends HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer tok\r\n"
                            + "Content-Length: \(Self.anna.utf8.count)\r\n\r\n\(Self.anna)")
            return connection.readResponse()
        }
        #expect(served?.status == 201)
        await service.stop()
    }

    @Test("a body still arriving past its deadline is answered 408 and the connection closed")
    func bodyDeadline() async throws {
        var limits = HTTPLimits()
        limits.bodyReadTimeout = .milliseconds(400)
        limits.bodyBytesPerSecond = 100_000
        let (service, port) = try await Self.service(limits)
        let clock = ContinuousClock()
        let start = clock.now
        let (answer, closed) = try await Blocking.run { () -> (RawResponse?, Bool) in
            let connection = try RawConnection(port: port, receiveTimeout: 8)
            connection.send(Self.slowPost(length: 1000, sent: 10))
            // A byte now and then does not earn a declared body more time.
            for _ in 0..<3 {
                usleep(150_000)
                connection.send(" ")
            }
            let (data, closed) = connection.readToEnd()
            return (RawResponse(data), closed)
        }
        #expect(answer?.status == 408)
        #expect(closed)
        #expect(clock.now - start < .seconds(6))
        await service.stop()
    }

    @Test("a body that keeps its pace arrives whole, however long it takes")
    func steadyBody() async throws {
        var limits = HTTPLimits()
        limits.bodyReadTimeout = .milliseconds(300)
        limits.bodyBytesPerSecond = 50
        let (service, port) = try await Self.service(limits)
        let answer = try await Blocking.run { () -> RawResponse? in
            let connection = try RawConnection(port: port, receiveTimeout: 8)
            let body = Self.anna
            // 62 bytes declared: 300 ms plus 1,240 ms. Sent in four parts over about 600 ms.
            connection.send("POST /api/friends HTTP/1.1\r\nHost: x\r\nContent-Length: \(body.utf8.count)\r\n\r\n")
            let bytes = Array(body.utf8)
            for part in stride(from: 0, to: bytes.count, by: 16) {
                usleep(150_000)
                connection.send(Array(bytes[part..<min(part + 16, bytes.count)]))
            }
            return connection.readResponse()
        }
        #expect(answer?.status == 201)
        await service.stop()
    }

    @Test("with the cap full of slow bodies, a newcomer makes the slowest close and a health probe is answered")
    func evictsLongestWaiting() async throws {
        var limits = HTTPLimits()
        limits.maxConnections = 4
        let log = LogLines()
        let (service, port) = try await Self.service(limits, log: log)
        // Four connections that each send a head and a byte of body, then nothing: the cap is full.
        let slow = try await Blocking.run { () -> [RawConnection] in
            try (0..<4).map { _ in
                let connection = try RawConnection(port: port, receiveTimeout: 5)
                connection.send(Self.slowPost(length: 60_000, sent: 1))
                usleep(50_000)  // so they are told apart by age
                return connection
            }
        }
        let clock = ContinuousClock()
        for round in 0..<3 {
            let start = clock.now
            let probe = try await Blocking.run { () -> RawResponse? in
                let connection = try RawConnection(port: port, receiveTimeout: 3)
                connection.send("GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
                return connection.readResponse()
            }
            #expect(probe?.status == 200, "probe \(round) was not answered")
            #expect(clock.now - start < .seconds(2), "probe \(round) waited")
        }
        // The oldest slow connection made room first: it was told why and closed.
        let oldest = try await Blocking.run { slow[0].readToEnd() }
        #expect(RawResponse(oldest.data)?.status == 408)
        #expect(oldest.closed)
        #expect(log.all.contains { $0.contains("to make room") })
        _ = slow
        await service.stop()
    }

    @Test("an HTTP/1.0 request without keep-alive is answered with Connection: close and the socket closed")
    func http10Closes() async throws {
        let (service, port) = try await Self.service()
        let clock = ContinuousClock()
        let start = clock.now
        let (answer, closed) = try await Blocking.run { () -> (RawResponse?, Bool) in
            let connection = try RawConnection(port: port, receiveTimeout: 5)
            connection.send("GET /healthz HTTP/1.0\r\n\r\n")
            let (data, closed) = connection.readToEnd()
            return (RawResponse(data), closed)
        }
        #expect(answer?.status == 200)
        #expect(answer?.headers["connection"] == "close")
        #expect(closed)
        #expect(clock.now - start < .seconds(3))
        // With keep-alive asked for, the connection stays for another request.
        let again = try await Blocking.run { () -> [Int] in
            let connection = try RawConnection(port: port, receiveTimeout: 5)
            var statuses: [Int] = []
            for _ in 0..<2 {
                connection.send("GET /healthz HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
                if let answer = connection.readResponse() { statuses.append(answer.status) }
            }
            return statuses
        }
        #expect(again == [200, 200])
        await service.stop()
    }
}
