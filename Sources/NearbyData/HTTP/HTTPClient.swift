import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A small client over URLSession for one service: an injected base URL, a time limit per request,
/// a cap on the size of answers, and failures typed as `HTTPFailure`. Cancelling the calling task
/// cancels the request.
public final class HTTPClient: Sendable {
    /// What to send; `path` is appended to the base URL ("/listFriends").
    public struct Request: Sendable {
        public var method: String
        public var path: String
        public var query: [URLQueryItem]
        public var headers: [String: String]
        public var body: Data?
        /// Overrides the client's time limit for this request.
        public var timeout: Duration?

        public init(method: String = "GET", path: String, query: [URLQueryItem] = [], headers: [String: String] = [:],
                    body: Data? = nil, timeout: Duration? = nil) {
            self.method = method
            self.path = path
            self.query = query
            self.headers = headers
            self.body = body
            self.timeout = timeout
        }
    }

    /// What came back: any status, its headers (names lower-cased) and the whole body.
    public struct Response: Sendable, Hashable {
        public var status: Int
        public var headers: [String: String]
        public var body: Data

        public init(status: Int, headers: [String: String] = [:], body: Data = Data()) {
            self.status = status
            self.headers = headers
            self.body = body
        }

        /// Whether the status is 2xx.
        public var isSuccess: Bool { (200...299).contains(status) }
    }

    public let baseURL: URL
    public let timeout: Duration
    public let maxBodySize: Int
    private let defaultHeaders: [String: String]
    private let session: URLSession
    private let collector: ResponseCollector

    /// - Parameters:
    ///   - baseURL: where the service lives; a path prefix ("http://host/api") is kept.
    ///   - timeout: the whole exchange, connecting included, must finish within this.
    ///   - maxBodySize: answers larger than this fail with `.tooLarge` without being read further.
    ///   - headers: sent with every request (an `Authorization`, a `User-Agent`).
    public init(baseURL: URL, timeout: Duration = .seconds(15), maxBodySize: Int = 8 << 20,
                headers: [String: String] = [:]) {
        self.baseURL = baseURL
        self.timeout = timeout
        self.maxBodySize = maxBodySize
        self.defaultHeaders = headers
        let configuration = URLSessionConfiguration.ephemeral
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        configuration.httpCookieStorage = nil
        let collector = ResponseCollector()
        self.collector = collector
        self.session = URLSession(configuration: configuration, delegate: collector, delegateQueue: nil)
    }

    deinit {
        // The session keeps its delegate alive until it is invalidated.
        session.invalidateAndCancel()
    }

    /// Sends `request` and returns the answer whatever its status; throws only when there is no usable answer.
    public func send(_ request: Request) async throws(HTTPFailure) -> Response {
        if Task.isCancelled { throw .cancelled }
        let limit = request.timeout ?? timeout
        let urlRequest = try makeURLRequest(request, timeout: limit)
        let task = session.dataTask(with: urlRequest)
        let id = task.taskIdentifier
        collector.register(id, limit: maxBodySize)

        // The session's own timeout is an idle timeout; this makes it a limit on the whole exchange.
        let deadline = Task { [collector] in
            try await Task.sleep(for: limit)
            collector.end(id, because: .timedOut)
            task.cancel()
        }
        defer { deadline.cancel() }

        let result: Result<Response, HTTPFailure> = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                if Task.isCancelled {
                    // Never started: answer at once rather than rely on the session reporting a cancel.
                    collector.discard(id)
                    task.cancel()
                    continuation.resume(returning: .failure(.cancelled))
                    return
                }
                collector.attach(id, continuation)
                task.resume()
            }
        } onCancel: { [collector] in
            collector.end(id, because: .cancelled)
            task.cancel()
        }
        return try result.get()
    }

    /// Sends `request` and returns the answer when its status is 2xx, else throws `.status`.
    public func sendExpectingSuccess(_ request: Request) async throws(HTTPFailure) -> Response {
        let response = try await send(request)
        guard response.isSuccess else { throw .status(response.status, body: response.body.prefix(4096)) }
        return response
    }

    private func makeURLRequest(_ request: Request, timeout: Duration) throws(HTTPFailure) -> URLRequest {
        var base = baseURL.absoluteString
        while base.hasSuffix("/") { base.removeLast() }
        let path = request.path.hasPrefix("/") ? request.path : "/" + request.path
        guard var components = URLComponents(string: base + path) else {
            throw .cannotConnect("Not a valid address: \(base + path)")
        }
        if !request.query.isEmpty { components.queryItems = request.query }
        guard let url = components.url, let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https"
        else {
            throw .cannotConnect("Not an http(s) address: \(base + path)")
        }
        var urlRequest = URLRequest(url: url)
        urlRequest.httpMethod = request.method
        urlRequest.timeoutInterval = Self.seconds(timeout)
        urlRequest.cachePolicy = .reloadIgnoringLocalCacheData
        for (name, value) in defaultHeaders { urlRequest.setValue(value, forHTTPHeaderField: name) }
        for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
        urlRequest.httpBody = request.body
        return urlRequest
    }

    static func seconds(_ duration: Duration) -> TimeInterval {
        let parts = duration.components
        return TimeInterval(parts.seconds) + TimeInterval(parts.attoseconds) / 1e18
    }
}
