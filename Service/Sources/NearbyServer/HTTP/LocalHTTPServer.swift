import Foundation
import HummingbirdCore
import HummingbirdTLS
import Logging
import NIOCore
import NIOPosix
import NIOSSL
import ServiceLifecycle
import Locking

/// Why the server could not start.
public enum ServerStartError: Error, Hashable, Sendable, CustomStringConvertible {
    case badHost(String)
    case cannotBind(String)
    case badTLSFiles(String)

    public var description: String {
        switch self {
        case .badHost(let host): "\(host) is not an IP address this server can listen on."
        case .cannotBind(let detail): "Cannot listen: \(detail)"
        case .badTLSFiles(let detail): "Cannot use the TLS certificate and key: \(detail)"
        }
    }
}

/// A PEM certificate chain and its private key, for HTTPS.
public struct TLSFiles: Sendable, Hashable {
    public var certificatePath: String
    public var keyPath: String

    public init(certificatePath: String, keyPath: String) {
        self.certificatePath = certificatePath
        self.keyPath = keyPath
    }

    func configuration() throws(ServerStartError) -> TLSConfiguration {
        do {
            let chain = try NIOSSLCertificate.fromPEMFile(certificatePath).map { NIOSSLCertificateSource.certificate($0) }
            guard !chain.isEmpty else { throw ServerStartError.badTLSFiles("\(certificatePath) holds no certificate.") }
            let key = try NIOSSLPrivateKey(file: keyPath, format: .pem)
            return TLSConfiguration.makeServerConfiguration(certificateChain: chain, privateKey: .privateKey(key))
        } catch let error as ServerStartError {
            throw error
        } catch {
            throw .badTLSFiles("\(error)")
        }
    }
}

/// An HTTP/1.1 server (Hummingbird's server core on SwiftNIO) that hands every request, its body read up to a
/// limit, to one handler. Request heads are checked against `HTTPLimits` before they are parsed; slow heads
/// and idle connections time out; connections beyond the cap wait in the backlog.
///
/// Two ways to run it: `start()` (tests and stand-ins: returns the port, `stop()` ends it), or as a
/// `Service` in a `ServiceGroup`, whose graceful shutdown finishes the requests in flight and refuses new ones.
public final class LocalHTTPServer: Service, Sendable {
    public typealias Handler = @Sendable (ServerRequest) async -> ServerResponse
    /// Asked with a request's head alone (its body empty) when a body follows: an answer is sent at once, the
    /// body never read and the connection closed; nil lets the body be read and the handler answer.
    public typealias Screen = @Sendable (ServerRequest) async -> ServerResponse?

    private let runServer: @Sendable () async throws -> Void
    private let shutDownServer: @Sendable () async throws -> Void
    private let state = RunStateBox()
    private let connections = AcceptedConnections()

    /// - Parameters:
    ///   - host: an IPv4 or IPv6 address, or "localhost".
    ///   - port: 0 picks a free port; `start()` says which.
    ///   - bodyLimit: larger request bodies are not read; the handler sees `bodyTooLarge`.
    ///   - log: receives one line per request; nil logs nothing.
    public convenience init(host: String, port: UInt16, bodyLimit: Int = 64 * 1024,
                            log: (@Sendable (String) -> Void)? = nil, handler: @escaping Handler) throws(ServerStartError) {
        try self.init(host: host, port: port, limits: HTTPLimits(body: bodyLimit), events: HTTPServerEvents(log: log),
                      handler: handler)
    }

    /// - Parameter screen: see `Screen`; the service refuses a request without its token there, so a client
    ///   without one cannot hold a connection by sending a body slowly.
    public init(host: String, port: UInt16, limits: HTTPLimits, tls: TLSFiles? = nil, events: HTTPServerEvents,
                screen: Screen? = nil, handler: @escaping Handler) throws(ServerStartError) {
        let address = try Self.bindAddress(host: host, port: port)
        var logger = Logger(label: "nearby.http")
        logger.logLevel = .critical
        let log = events.log
        let roster = ConnectionRoster()
        let configuration = ServerConfiguration(
            address: address, backlog: 256, reuseAddress: true,
            availableConnectionsDelegate: ConnectionCap(limit: limits.maxConnections, roster: roster, log: log))
        let state = self.state
        let onRunning: @Sendable (any Channel) async -> Void = { channel in
            state.withLock {
                $0.listener = channel
                $0.listening(port: channel.localAddress?.port.map { UInt16(clamping: $0) } ?? 0)
            }
        }
        let channel = GuardedHTTPChannel(limits: limits, secure: tls != nil, handler: handler, screen: screen,
                                         events: events, connections: connections, roster: roster)
        if let tls {
            let tlsChannel: TLSChannel<GuardedHTTPChannel>
            do {
                tlsChannel = try TLSChannel(channel, tlsConfiguration: try tls.configuration())
            } catch let error as ServerStartError {
                throw error
            } catch {
                throw .badTLSFiles("\(error)")
            }
            let server = Server(childChannelSetup: tlsChannel, configuration: configuration, onServerRunning: onRunning,
                                eventLoopGroup: MultiThreadedEventLoopGroup.singleton, logger: logger)
            runServer = { try await server.run() }
            shutDownServer = { try await server.shutdownGracefully() }
        } else {
            let server = Server(childChannelSetup: channel, configuration: configuration, onServerRunning: onRunning,
                                eventLoopGroup: MultiThreadedEventLoopGroup.singleton, logger: logger)
            runServer = { try await server.run() }
            shutDownServer = { try await server.shutdownGracefully() }
        }
    }

    /// Starts listening and returns the port, once connections are accepted.
    @discardableResult
    public func start() async throws(ServerStartError) -> UInt16 {
        let run = runServer
        let state = self.state
        let task = Task {
            do {
                try await run()
                state.withLock { $0.finished(failure: nil) }
            } catch {
                state.withLock { $0.finished(failure: "\(error)") }
            }
        }
        state.withLock { $0.task = task }
        return try await waitUntilListening()
    }

    /// Serves until the service group shuts down gracefully (or the task is cancelled).
    public func run() async throws {
        do {
            try await runServer()
        } catch {
            state.withLock { $0.finished(failure: "\(error)") }
            throw error
        }
        state.withLock { $0.finished(failure: nil) }
    }

    /// The port, once listening; throws when the server stopped before it listened (a port in use).
    public func waitUntilListening() async throws(ServerStartError) -> UInt16 {
        let outcome = await withCheckedContinuation { (continuation: CheckedContinuation<Result<UInt16, ServerStartError>, Never>) in
            let ready = state.withLock { state -> Result<UInt16, ServerStartError>? in
                if let outcome = state.outcome { return outcome }
                state.waiters.append(continuation)
                return nil
            }
            if let ready { continuation.resume(returning: ready) }
        }
        return try outcome.get()
    }

    /// The port being listened on, once started.
    public func boundPort() async -> UInt16? {
        state.withLock { $0.port }
    }

    /// Waits until the server stops (after `stop()`, or the calling task is cancelled).
    public func waitUntilStopped() async {
        guard let task = state.withLock({ $0.task }) else { return }
        await withTaskCancellationHandler {
            _ = await task.result
        } onCancel: {
            task.cancel()
        }
    }

    /// Stops listening and closes every connection at once; handlers still running are cancelled.
    public func stop() async {
        guard let task = state.withLock({ $0.task }) else { return }
        // Not a bare cancel: connections accepted but not yet taken up by the serving loop would be dropped with
        // their writers unfinished (see AcceptedConnections). Stop listening, let the loop take up what was
        // accepted, then cancel whatever still runs.
        let shutDown = shutDownServer
        let graceful = Task { try? await shutDown() }
        if let listener = state.withLock({ $0.listener }) {
            try? await listener.closeFuture.get()
            // Taking up what was accepted takes the loop milliseconds. Bounded all the same: NIO may drop a
            // connection set up just as the listener closed, which then never reaches the loop.
            let deadline = ContinuousClock.now + .seconds(2)
            while connections.waiting > 0, ContinuousClock.now < deadline, !Task.isCancelled {
                try? await Task.sleep(for: .milliseconds(2))
            }
        }
        task.cancel()
        _ = await task.result
        graceful.cancel()
    }

    /// Stops listening, lets the requests in flight finish, then closes every connection.
    public func shutDownGracefully() async {
        try? await shutDownServer()
        if let task = state.withLock({ $0.task }) { _ = await task.result }
    }

    private static func bindAddress(host: String, port: UInt16) throws(ServerStartError) -> BindAddress {
        var name = host
        if name.hasPrefix("["), name.hasSuffix("]") { name = String(name.dropFirst().dropLast()) }
        if name == "localhost" { name = "127.0.0.1" }
        var v4 = in_addr(), v6 = in6_addr()
        guard inet_pton(AF_INET, name, &v4) == 1 || inet_pton(AF_INET6, name, &v6) == 1 else { throw .badHost(host) }
        return .hostname(name, port: Int(port))
    }
}

/// The run state, shared with the server's callbacks.
private final class RunStateBox: Sendable {
    private let state = Locked(RunState())

    func withLock<T>(_ body: (inout RunState) -> T) -> T {
        state.withLock { body(&$0) }
    }
}

/// The server's lifecycle as `start()` and the waiters see it.
private struct RunState {
    var task: Task<Void, Never>?
    /// The listening socket's channel, once listening.
    var listener: (any Channel)?
    var port: UInt16?
    /// Set once: the port, or why the server never listened.
    var outcome: Result<UInt16, ServerStartError>?
    var waiters: [CheckedContinuation<Result<UInt16, ServerStartError>, Never>] = []

    mutating func listening(port: UInt16) {
        self.port = port
        settle(.success(port))
    }

    mutating func finished(failure: String?) {
        settle(.failure(.cannotBind(failure ?? "the server stopped")))
    }

    private mutating func settle(_ result: Result<UInt16, ServerStartError>) {
        guard outcome == nil else { return }
        outcome = result
        let waiting = waiters
        waiters = []
        for waiter in waiting { waiter.resume(returning: result) }
    }
}
