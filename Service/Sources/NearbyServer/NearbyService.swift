import NearbyCore
import NearbyData
import ServiceLifecycle

/// The friends and places service: `ServiceAPI` over a backend, on a `LocalHTTPServer`, with its metrics and
/// one log line per request.
public final class NearbyService: Service, Sendable {
    /// Request bodies larger than this are refused with 413; a friend is a few hundred bytes.
    public static let defaultBodyLimit = 64 * 1024

    public let server: LocalHTTPServer
    public let metrics: ServiceMetrics

    /// - Parameters:
    ///   - token: when set, requests need `Authorization: Bearer <token>`. Without one, only a loopback
    ///     host is accepted, so friends are never served openly to the network.
    ///   - log: one line per request, plus store failures and connection-limit notices.
    ///   - responseDelay: held before every answer, so end-to-end tests can watch a client wait.
    public init(backend: any ServiceBackend, host: String = "127.0.0.1", port: UInt16 = 8080, token: String? = nil,
                limits: HTTPLimits = HTTPLimits(), tls: TLSFiles? = nil, responseDelay: Duration = .zero,
                log: (@Sendable (String) -> Void)? = nil) throws(ServiceStartError) {
        if token == nil, !ServerHost.isLoopback(host) { throw .needsToken(host: host) }
        if let token, !ServiceAPI.isUsableToken(token) { throw .badToken }
        let metrics = ServiceMetrics()
        self.metrics = metrics
        let api = ServiceAPI(backend: backend, token: token, metrics: metrics, log: log)
        let events = HTTPServerEvents(onAnswer: { metrics.record($0) }, onRefusal: { metrics.recordRefusal(status: $0) },
                                      log: log)
        // A request refused on its head is answered before its body is read; it waits the delay like any other.
        let screen: LocalHTTPServer.Screen = { request in
            guard let refusal = api.refusalBeforeBody(request) else { return nil }
            if responseDelay > .zero { try? await Task.sleep(for: responseDelay) }
            return refusal
        }
        do {
            server = try LocalHTTPServer(host: host, port: port, limits: limits, tls: tls, events: events,
                                         screen: screen) { request in
                metrics.requestStarted()
                defer { metrics.requestEnded() }
                if responseDelay > .zero, !ServiceAPI.isOperational(request.path) {
                    try? await Task.sleep(for: responseDelay)
                }
                return await api.respond(to: request)
            }
        } catch {
            throw .cannotStart(error)
        }
    }

    /// Starts listening; returns the port (useful with port 0).
    @discardableResult
    public func start() async throws(ServiceStartError) -> UInt16 {
        do {
            return try await server.start()
        } catch {
            throw .cannotStart(error)
        }
    }

    /// Serves inside a `ServiceGroup` until it shuts down gracefully.
    public func run() async throws {
        try await server.run()
    }

    /// Waits until the server stops or the calling task is cancelled.
    public func waitUntilStopped() async { await server.waitUntilStopped() }

    /// Stops at once, closing every connection.
    public func stop() async { await server.stop() }
}

/// Why the service would not start, in words for the command line.
public enum ServiceStartError: Error, Hashable, Sendable, CustomStringConvertible {
    case needsToken(host: String)
    case badToken
    case cannotStart(ServerStartError)

    public var description: String {
        switch self {
        case .needsToken(let host):
            "Refusing to serve friends on \(host) without --token: only a loopback address (127.0.0.0/8, ::1 or "
                + "localhost) may go without."
        case .badToken: "The token must be non-empty, without spaces or control characters."
        case .cannotStart(let error): error.description
        }
    }
}
