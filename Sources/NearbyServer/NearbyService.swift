import Foundation
import NearbyCore

/// The friends service over HTTP: `FriendsAPI` on a `LocalHTTPServer`.
public final class FriendsServer: Sendable {
    /// Request bodies larger than this are refused with 413; a friend is a few hundred bytes.
    public static let defaultBodyLimit = 64 * 1024

    private let server: LocalHTTPServer

    /// - Parameters:
    ///   - token: when set, requests need `Authorization: Bearer <token>`. Without one, only a loopback
    ///     host is accepted, so friends are never served openly to the network.
    ///   - log: one line per request, plus store failures.
    ///   - responseDelay: held before every answer, so end-to-end tests can watch a client wait.
    public init(repository: any FriendsRepository, host: String = "127.0.0.1", port: UInt16 = 8080,
                token: String? = nil, bodyLimit: Int = FriendsServer.defaultBodyLimit,
                responseDelay: Duration = .zero,
                log: (@Sendable (String) -> Void)? = nil) throws(FriendsServerError) {
        if token == nil, !ServerHost.isLoopback(host) { throw .needsToken(host: host) }
        if let token, token.isEmpty || token.contains(where: { $0.isWhitespace }) { throw .badToken }
        let api = FriendsAPI(repository: repository, token: token, log: log)
        do {
            server = try LocalHTTPServer(host: host, port: port, bodyLimit: bodyLimit, log: log) { request in
                if responseDelay > .zero { try? await Task.sleep(for: responseDelay) }
                return await api.respond(to: request)
            }
        } catch {
            throw .cannotStart(error)
        }
    }

    /// Starts listening; returns the port (useful with port 0).
    @discardableResult
    public func start() async throws(FriendsServerError) -> UInt16 {
        do {
            return try await server.start()
        } catch {
            throw .cannotStart(error)
        }
    }

    /// Waits until the server stops or the calling task is cancelled.
    public func waitUntilStopped() async { await server.waitUntilStopped() }

    public func stop() async { await server.stop() }
}

/// Why the friends server would not start, in words for the command line.
public enum FriendsServerError: Error, Hashable, Sendable, CustomStringConvertible {
    case needsToken(host: String)
    case badToken
    case cannotStart(ServerStartError)

    public var description: String {
        switch self {
        case .needsToken(let host):
            "Refusing to serve friends on \(host) without --token: only 127.0.0.1, ::1 and localhost may go without."
        case .badToken: "The token must be non-empty and contain no spaces."
        case .cannotStart(let error): error.description
        }
    }
}
