import FlyingFox
import FlyingSocks
import Foundation
import Synchronization

/// Why the server could not start.
public enum ServerStartError: Error, Hashable, Sendable, CustomStringConvertible {
    case badHost(String)
    case cannotBind(String)

    public var description: String {
        switch self {
        case .badHost(let host): "\(host) is not an IP address this server can listen on."
        case .cannotBind(let detail): "Cannot listen: \(detail)"
        }
    }
}

/// An HTTP/1.1 server (FlyingFox underneath) that hands every request, body read up to a limit,
/// to one handler and logs one line per request.
public final class LocalHTTPServer: Sendable {
    public typealias Handler = @Sendable (ServerRequest) async -> ServerResponse

    private let server: HTTPServer
    private let running = RunningTask()

    /// - Parameters:
    ///   - host: an IPv4 or IPv6 address, or "localhost".
    ///   - port: 0 picks a free port; `start()` says which.
    ///   - bodyLimit: larger request bodies are not read and the handler sees `bodyTooLarge`.
    ///   - log: receives one line per request; nil logs nothing.
    public init(host: String, port: UInt16, bodyLimit: Int = 64 * 1024,
                log: (@Sendable (String) -> Void)? = nil, handler: @escaping Handler) throws(ServerStartError) {
        let address: any SocketAddress
        let name = host == "localhost" ? "127.0.0.1" : host.trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        do {
            if name.contains(":") {
                address = try sockaddr_in6.inet6(ip6: name, port: port)
            } else {
                address = try sockaddr_in.inet(ip4: name, port: port)
            }
        } catch {
            throw .badHost(host)
        }
        let adapter = RequestAdapter(bodyLimit: bodyLimit, log: log, handler: handler)
        // Buffers sized to the body limit: bodies within it are read in one go, larger ones never.
        let config = HTTPServer.Configuration(address: address, timeout: 30,
                                              sharedRequestBufferSize: max(4096, min(bodyLimit, 1 << 20)),
                                              sharedRequestReplaySize: max(4096, min(bodyLimit, 1 << 20)),
                                              pool: NoDelaySocketPool(base: HTTPServer.defaultPool()),
                                              logger: .disabled)
        server = HTTPServer(config: config, handler: adapter)
    }

    /// Starts listening and returns the port, once connections are accepted.
    @discardableResult
    public func start() async throws(ServerStartError) -> UInt16 {
        let server = self.server
        let running = self.running
        // Whichever comes first: listening, or run() failing (a port in use); the other is ignored.
        let outcome = await withCheckedContinuation { (continuation: CheckedContinuation<ServerStartError?, Never>) in
            let once = ResumeOnce(continuation)
            running.set(Task {
                do {
                    try await server.run()
                    once.resume(.cannotBind("the server stopped"))
                } catch {
                    once.resume(.cannotBind(error.localizedDescription))
                }
            })
            Task {
                do {
                    try await server.waitUntilListening(timeout: 10)
                    once.resume(nil)
                } catch {
                    once.resume(.cannotBind("not listening after 10 seconds"))
                }
            }
        }
        if let outcome {
            running.get()?.cancel()
            throw outcome
        }
        guard let port = await boundPort() else {
            running.get()?.cancel()
            throw .cannotBind("no listening address")
        }
        return port
    }

    /// The port being listened on, once started.
    public func boundPort() async -> UInt16? {
        switch await server.listeningAddress {
        case .ip4(_, let port)?: port
        case .ip6(_, let port)?: port
        default: nil
        }
    }

    /// Waits until the server stops (after `stop()`, or the calling task is cancelled).
    public func waitUntilStopped() async {
        guard let task = running.get() else { return }
        await withTaskCancellationHandler {
            _ = await task.result
        } onCancel: {
            task.cancel()
        }
    }

    /// Stops listening and closes every connection.
    public func stop() async {
        await server.stop(timeout: 0)
        running.get()?.cancel()
    }
}

/// The server's run task, set once started.
private final class RunningTask: Sendable {
    private let task = Mutex<Task<Void, any Error>?>(nil)
    func set(_ value: Task<Void, any Error>) { task.withLock { $0 = value } }
    func get() -> Task<Void, any Error>? { task.withLock { $0 } }
}

/// Resumes a continuation the first time only.
private final class ResumeOnce: Sendable {
    private let continuation: Mutex<CheckedContinuation<ServerStartError?, Never>?>

    init(_ continuation: CheckedContinuation<ServerStartError?, Never>) {
        self.continuation = Mutex(continuation)
    }

    func resume(_ value: ServerStartError?) {
        let taken = continuation.withLock { stored -> CheckedContinuation<ServerStartError?, Never>? in
            defer { stored = nil }
            return stored
        }
        taken?.resume(returning: value)
    }
}

/// Turns FlyingFox's requests into `ServerRequest`s and back, reading bodies up to the limit, and logs.
private struct RequestAdapter: HTTPHandler {
    let bodyLimit: Int
    let log: (@Sendable (String) -> Void)?
    let handler: LocalHTTPServer.Handler

    func handleRequest(_ request: FlyingFox.HTTPRequest) async throws -> FlyingFox.HTTPResponse {
        let started = ContinuousClock.now
        var headers: [String: String] = [:]
        for (name, value) in request.headers { headers[name.rawValue.lowercased()] = value }
        var query: [String: String] = [:]
        for item in request.query { query[item.name] = item.value }

        var body = Data()
        var tooLarge = false
        if let declared = request.bodySequence.count, declared > bodyLimit {
            tooLarge = true
        } else {
            for try await chunk in request.bodySequence {
                body.append(chunk)
                if body.count > bodyLimit {
                    tooLarge = true
                    body = Data()
                    break
                }
            }
        }

        let answer = await handler(ServerRequest(method: request.method.rawValue, path: request.path, query: query,
                                                 headers: headers, body: body, bodyTooLarge: tooLarge))
        var responseHeaders = HTTPHeaders()
        for (name, value) in answer.headers { responseHeaders[HTTPHeader(name)] = value }
        if tooLarge { responseHeaders[.connection] = "close" }

        if let log {
            let elapsed = ContinuousClock.now - started
            let micros = elapsed.components.seconds * 1_000_000 + elapsed.components.attoseconds / 1_000_000_000_000
            let remote = request.remoteAddress.map(Self.describe) ?? "-"
            let path = UntrustedText.clean(request.path, maxLength: 200) ?? "(long path)"
            log("\(remote) \(request.method.rawValue) \(path) \(answer.status) \(Double(micros) / 1000)ms")
        }
        // One write for the whole body rather than FlyingFox's default of 4 KB pieces.
        let payload = HTTPBodySequence(data: answer.body, suggestedBufferSize: max(answer.body.count, 1))
        return FlyingFox.HTTPResponse(statusCode: HTTPStatusCode(answer.status, phrase: Self.phrase(answer.status)),
                                      headers: responseHeaders, body: payload)
    }

    private static func describe(_ address: FlyingFox.HTTPRequest.Address) -> String {
        switch address {
        case .ip4(let host, _): host
        case .ip6(let host, _): host
        case .unix(let path): path
        }
    }

    static func phrase(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 201: "Created"
        case 204: "No Content"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 413: "Content Too Large"
        case 415: "Unsupported Media Type"
        case 500: "Internal Server Error"
        default: "Status"
        }
    }
}
