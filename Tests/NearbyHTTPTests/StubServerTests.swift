import Foundation
import Testing
import TestSupport

/// The stand-in server the client tests lean on must answer however busy the rest of the test run is.
@Suite("Stand-in server")
struct StubServerTests {
    /// Every thread of the shared cooperative pool is held (as the import and routing tests hold them on a
    /// 2-core machine); the stand-in must still answer at once, not after the client's time limit.
    @Test("answers while every thread of the shared pool is busy")
    func answersUnderAFullPool() async throws {
        let stub = try await StubServer.answering(json: #"{"ok": true}"#)
        let gate = DispatchSemaphore(value: 0)
        let holders = ProcessInfo.processInfo.activeProcessorCount + 2
        for _ in 0..<holders {
            Task.detached { gate.wait() }
        }
        // This thread blocks too, so no thread of the pool is left to run a handler there.
        let started = ContinuousClock.now
        let answer = Self.get(port: stub.url.port ?? 0, timeoutSeconds: 10)
        let waited = ContinuousClock.now - started
        for _ in 0..<holders { gate.signal() }
        await stub.stop()
        #expect(answer?.hasPrefix("HTTP/1.1 200") == true, "no answer in \(waited)")
        #expect(answer?.hasSuffix(#"{"ok": true}"#) == true)
    }

    /// A GET over a plain socket, blocking this thread: nil when nothing comes back in time.
    private static func get(port: Int, timeoutSeconds: Int) -> String? {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var limit = timeval(tv_sec: timeoutSeconds, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = UInt16(port).bigEndian
        let connected = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
        guard connected else { return nil }
        let request = Array("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".utf8)
        guard send(fd, request, request.count, Int32(MSG_NOSIGNAL)) == request.count else { return nil }
        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = recv(fd, &chunk, chunk.count, 0)
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            received += chunk[0..<count]
        }
        return received.isEmpty ? nil : String(decoding: received, as: UTF8.self)
    }
}
