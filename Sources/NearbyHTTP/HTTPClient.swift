import FoundationEssentials

/// A small client for one service: an injected base URL, a time limit per request, a cap on the size of
/// answers, and failures typed as `HTTPFailure`. Cancelling the calling task cancels the request.
/// Requests go through the process's one libcurl transport (`CurlEngine`), which costs no CPU while waiting.
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
    private let engine: CurlEngine

    /// - Parameters:
    ///   - baseURL: where the service lives; a path prefix ("http://host/api") is kept.
    ///   - timeout: the whole exchange, connecting included, must finish within this.
    ///   - maxBodySize: answers larger than this fail with `.tooLarge` without being read further.
    ///   - headers: sent with every request (an `Authorization`, a `User-Agent`).
    public convenience init(baseURL: URL, timeout: Duration = .seconds(15), maxBodySize: Int = 8 << 20,
                            headers: [String: String] = [:]) {
        self.init(baseURL: baseURL, timeout: timeout, maxBodySize: maxBodySize, headers: headers, engine: .shared)
    }

    /// The same over a given transport engine (tests that watch one engine's thread).
    init(baseURL: URL, timeout: Duration, maxBodySize: Int, headers: [String: String], engine: CurlEngine) {
        self.baseURL = baseURL
        self.timeout = timeout
        self.maxBodySize = maxBodySize
        self.defaultHeaders = headers
        self.engine = engine
    }

    /// Sends `request` and returns the answer whatever its status; throws only when there is no usable answer.
    /// Redirects (up to five, http and https only) are followed; the answer is the last one's.
    public func send(_ request: Request) async throws(HTTPFailure) -> Response {
        if Task.isCancelled { throw .cancelled }
        let transfer = try makeTransfer(request)
        return try await engine.perform(transfer).get()
    }

    /// Sends `request` and returns the answer when its status is 2xx, else throws `.status`.
    public func sendExpectingSuccess(_ request: Request) async throws(HTTPFailure) -> Response {
        let response = try await send(request)
        guard response.isSuccess else { throw .status(response.status, body: response.body.prefix(4096)) }
        return response
    }

    /// Sends `request` and writes a 2xx answer's body into `sink`'s file as it arrives (an error's body is read
    /// as `send` reads one); the answer returned has an empty body then. No time limit but a stall: below
    /// 1 KB/s for a minute. Cancelling the calling task stops the transfer; the file keeps what arrived.
    public func download(_ request: Request, into sink: DownloadSink) async throws(HTTPFailure) -> Response {
        if Task.isCancelled { throw .cancelled }
        var transfer = try makeTransfer(request)
        transfer.sink = sink
        transfer.maxBodySize = 1 << 42
        return try await engine.perform(transfer).get()
    }

    private func makeTransfer(_ request: Request) throws(HTTPFailure) -> TransferRequest {
        var base = baseURL.absoluteString
        while base.hasSuffix("/"), !request.path.isEmpty { base.removeLast() }
        // An empty path asks for the base URL itself (a file's address), not for a folder under it.
        let path = request.path.isEmpty || request.path.hasPrefix("/") ? request.path : "/" + request.path
        // Messages name the problem, never the address: it may carry an API key.
        guard var components = URLComponents(string: base + path) else {
            throw .cannotConnect("not a valid address")
        }
        if !request.query.isEmpty { components.queryItems = request.query }
        guard let url = components.url, let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https"
        else {
            throw .cannotConnect("not an http(s) address")
        }
        guard Self.isToken(request.method) else { throw .cannotConnect("not a valid HTTP method") }
        return TransferRequest(url: url.absoluteString, method: request.method,
                               headerLines: try headerLines(request.headers), body: request.body,
                               timeoutMilliseconds: TransferRequest.milliseconds(request.timeout ?? timeout),
                               maxBodySize: maxBodySize)
    }

    /// The client's headers overridden by the request's, names compared without case, as "Name: value" lines.
    private func headerLines(_ extra: [String: String]) throws(HTTPFailure) -> [String] {
        var merged: [String: (name: String, value: String)] = [:]
        for (name, value) in defaultHeaders { merged[name.lowercased()] = (name, value) }
        for (name, value) in extra { merged[name.lowercased()] = (name, value) }
        var lines: [String] = []
        for (_, header) in merged.sorted(by: { $0.key < $1.key }) {
            guard Self.isToken(header.name), !header.value.unicodeScalars.contains(where: Self.breaksHeader) else {
                throw .cannotConnect("a header cannot be sent as it is")
            }
            // "Name;" is libcurl's way to send a header with an empty value ("Name:" would remove it).
            lines.append(header.value.isEmpty ? header.name + ";" : header.name + ": " + header.value)
        }
        return lines
    }

    /// Whether `text` is an HTTP token (a method or a header name): no spaces, separators or controls.
    private static func isToken(_ text: String) -> Bool {
        !text.isEmpty && text.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII && scalar.value > 0x20 && scalar.value < 0x7F && !"()<>@,;:\\\"/[]?={}".unicodeScalars.contains(scalar)
        }
    }

    /// Characters that would end a header line early and start another.
    private static func breaksHeader(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "\r" || scalar == "\n" || scalar == "\0"
    }

    public static func seconds(_ duration: Duration) -> TimeInterval {
        let parts = duration.components
        return TimeInterval(parts.seconds) + TimeInterval(parts.attoseconds) / 1e18
    }
}
