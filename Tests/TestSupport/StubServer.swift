import Foundation
import Locking

/// A local server on 127.0.0.1 and a free port, answering with whatever a test scripts.
public final class StubServer: Sendable {
    public let server: LoopbackHTTPServer
    public let url: URL
    private let received = Locked<[StubRequest]>([])

    private init(server: LoopbackHTTPServer, url: URL) {
        self.server = server
        self.url = url
    }

    /// Starts a server whose every answer comes from `answer`.
    public static func start(bodyLimit: Int = 64 * 1024,
                      _ answer: @escaping @Sendable (StubRequest) async -> StubResponse) async throws -> StubServer {
        let box = Locked<StubServer?>(nil)
        let server = LoopbackHTTPServer(port: 0, bodyLimit: bodyLimit) { request in
            box.withLock { $0 }?.received.withLock { $0.append(request) }
            return await answer(request)
        }
        let port = try await server.start()
        guard let url = URL(string: "http://127.0.0.1:\(port)") else { throw StubError.noURL }
        let stub = StubServer(server: server, url: url)
        box.withLock { $0 = stub }
        return stub
    }

    /// Starts a server answering every request with `status` and `body`.
    public static func answering(_ status: Int = 200, body: Data, headers: [String: String] = [:]) async throws -> StubServer {
        try await start { _ in StubResponse(status: status, headers: headers, body: body) }
    }

    public static func answering(_ status: Int = 200, json: String) async throws -> StubServer {
        try await answering(status, body: Data(json.utf8), headers: ["Content-Type": "application/json"])
    }

    public var requests: [StubRequest] { received.withLock { $0 } }

    public func stop() async { await server.stop() }

    public enum StubError: Error { case noURL }
}

/// A port on 127.0.0.1 that refuses connections: bound, never listening, and kept bound for the rest of the
/// test run, so no other test's server can take it (a released port could be reused and then time out).
public func closedPortURL() async throws -> URL {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { throw StubServer.StubError.noURL }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) { pointer in
        pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { raw in
            bind(fd, raw, length) == 0 && getsockname(fd, raw, &length) == 0
        }
    }
    guard bound, let url = URL(string: "http://127.0.0.1:\(UInt16(bigEndian: address.sin_port))") else {
        close(fd)
        throw StubServer.StubError.noURL
    }
    return url
}

/// Suspends until the calling task is cancelled: a handler that never answers.
public func suspendUntilCancelled() async {
    // Not a wait for readiness: the stub's stop() cancels this long before the hour is up.
    try? await Task.sleep(for: .seconds(3600))
}
