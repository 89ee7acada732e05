/// What one connection may send and how long it may take: the limits that keep a slow or hostile client from
/// holding the server's memory, descriptors or CPU.
public struct HTTPLimits: Sendable, Hashable {
    /// The request line ("GET /path HTTP/1.1"); longer → 414.
    public var requestLine = 8 * 1024
    /// One header line; longer → 431.
    public var headerLine = 16 * 1024
    /// Every header line together; more → 431.
    public var allHeaders = 64 * 1024
    /// Header lines in one request; more → 431.
    public var headerCount = 100
    /// A request body; larger → 413, and the connection is closed.
    public var body = 64 * 1024
    /// Paths whose bodies may be larger: a friend's photo (`PUT /api/friends/{id}/photo`) is a picture.
    public var largerBodies = [LargerBody(prefix: "/api/friends/", suffix: "/photo", limit: 1024 * 1024)]
    /// From a request's first byte (or the connection's opening) to the end of its headers.
    public var headerReadTimeout: Duration = .seconds(10)
    /// From the end of a request's headers to the end of its body, before `bodyBytesPerSecond` adds its share:
    /// without a deadline a client sending a byte now and then holds its connection for ever.
    public var bodyReadTimeout: Duration = .seconds(10)
    /// Each this many bytes of a body (as declared by Content-Length, or as they arrive when chunked) adds a
    /// second to `bodyReadTimeout`: a large body on a slow line still arrives, a trickle does not.
    public var bodyBytesPerSecond = 500
    /// A kept-alive connection with no request in progress is closed after this long.
    public var keepAliveIdle: Duration = .seconds(60)
    /// How long a connection that is closing may wait for its client to read the rest of the answer.
    public var closingDrain: Duration = .seconds(30)
    /// Connections open at once; more wait in the listen backlog until one closes.
    public var maxConnections = 1024

    public init() {}

    /// The defaults with another body limit.
    public init(body: Int) {
        self.body = body
    }

    /// The body limit for a request to `path` (its query left out).
    public func body(forPath path: String) -> Int {
        let path = path.split(separator: "?", maxSplits: 1).first.map(String.init) ?? path
        return largerBodies.first { $0.matches(path) }.map { max(body, $0.limit) } ?? body
    }
}

/// Paths starting with `prefix` and ending with `suffix` (with something between) may send `limit` bytes.
public struct LargerBody: Sendable, Hashable {
    public var prefix: String
    public var suffix: String
    public var limit: Int

    public init(prefix: String, suffix: String, limit: Int) {
        self.prefix = prefix
        self.suffix = suffix
        self.limit = limit
    }

    func matches(_ path: String) -> Bool {
        path.count > prefix.count + suffix.count && path.hasPrefix(prefix) && path.hasSuffix(suffix)
    }
}
