import Foundation
import Locking

/// One request as a stand-in server's handler sees it.
public struct StubRequest: Sendable {
    public var method: String
    /// The path without the query, percent-decoded ("/api/friends/3").
    public var path: String
    /// Percent-decoded names and values ("+" is a space); the first of a repeated name wins.
    public var query: [String: String]
    /// Header names lower-cased; a header sent more than once keeps its first value.
    public var headers: [String: String]
    public var body: Data
    /// The body was larger than the server accepts and was not read.
    public var bodyTooLarge: Bool

    public init(method: String, path: String, query: [String: String] = [:], headers: [String: String] = [:],
                body: Data = Data(), bodyTooLarge: Bool = false) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.body = body
        self.bodyTooLarge = bodyTooLarge
    }
}

/// One answer of a stand-in server.
public struct StubResponse: Sendable {
    public var status: Int
    public var headers: [String: String]
    public var body: Data
    /// Close the connection once this answer is sent.
    public var closesConnection: Bool

    public init(status: Int, headers: [String: String] = [:], body: Data = Data(), closesConnection: Bool = false) {
        self.status = status
        self.headers = headers
        self.body = body
        self.closesConnection = closesConnection
    }

    public static func json(_ status: Int, data: Data, headers: [String: String] = [:]) -> StubResponse {
        var all = headers
        all["Content-Type"] = "application/json; charset=utf-8"
        return StubResponse(status: status, headers: all, body: data)
    }
}

/// A small HTTP/1.1 server on 127.0.0.1 for the stand-ins of the tests: a thread per connection, keep-alive,
/// bodies by Content-Length or chunked. The app's tests talk to it rather than to the production service,
/// which lives in a package of its own (Service/) and would bring SwiftNIO into every `swift test`.
public final class LoopbackHTTPServer: Sendable {
    public typealias Handler = @Sendable (StubRequest) async -> StubResponse

    /// Thrown when the server cannot listen.
    public struct StartFailure: Error, CustomStringConvertible {
        public let description: String
    }

    private let handler: Handler
    private let bodyLimit: Int
    private let port: UInt16
    private let state = Locked<State>(State())

    private struct State {
        var listener: Int32 = -1
        var connections: Set<Int32> = []
        var stopped = false
        var acceptDone: OneShotSignal?
    }

    /// `port` 0 lets the system pick one.
    public init(port: UInt16 = 0, bodyLimit: Int = 64 * 1024, _ handler: @escaping Handler) {
        self.port = port
        self.bodyLimit = bodyLimit
        self.handler = handler
    }

    deinit {
        let (listener, connections) = state.withLock { ($0.listener, $0.connections) }
        if listener >= 0 { shutdown(listener, Int32(SHUT_RDWR)) }
        for fd in connections { shutdown(fd, Int32(SHUT_RDWR)) }
    }

    /// Starts listening and accepting; returns the port.
    @discardableResult
    public func start() async throws -> UInt16 {
        let listener: LoopbackListener
        do { listener = try LoopbackListener(port: port, backlog: 64) } catch { throw StartFailure(description: "\(error)") }
        let done = OneShotSignal()
        state.withLock {
            $0.listener = listener.descriptor
            $0.acceptDone = done
        }
        let thread = Thread { [self] in
            acceptLoop(listener.descriptor)
            done.fire()
        }
        thread.name = "loopback-http"
        thread.start()
        return listener.port
    }

    /// Stops accepting, cuts every open connection, and waits until the listener is closed.
    public func stop() async {
        let (listener, connections, done) = state.withLock { s -> (Int32, Set<Int32>, OneShotSignal?) in
            s.stopped = true
            return (s.listener, s.connections, s.acceptDone)
        }
        // shutdown wakes a blocked accept() or recv(); each thread closes its own descriptor.
        if listener >= 0 { shutdown(listener, Int32(SHUT_RDWR)) }
        for fd in connections { shutdown(fd, Int32(SHUT_RDWR)) }
        await done?.wait()
    }

    private func acceptLoop(_ listener: Int32) {
        while true {
            let fd = accept(listener, nil, nil)
            if fd < 0 {
                if errno == EINTR || errno == ECONNABORTED { continue }
                break
            }
            let admitted = state.withLock { s -> Bool in
                guard !s.stopped else { return false }
                s.connections.insert(fd)
                return true
            }
            guard admitted else { close(fd); break }
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            let thread = Thread { [self] in
                serve(fd)
                state.withLock { _ = $0.connections.remove(fd) }
                close(fd)
            }
            thread.name = "loopback-http-connection"
            thread.start()
        }
        close(listener)
        state.withLock { $0.listener = -1 }
    }

    private func serve(_ fd: Int32) {
        var reader = SocketReader(fd: fd)
        while let head = reader.readHead() {
            guard let request = parse(head: head, reader: &reader) else { return }
            guard let response = answer(request.request, on: fd) else { return }
            var bytes = Data()
            let isHead = request.request.method == "HEAD"
            var headers = response.headers
            if !headers.keys.contains(where: { $0.lowercased() == "content-length" }) {
                headers["Content-Length"] = "\(response.body.count)"
            }
            let closing = response.closesConnection || request.closes || request.request.bodyTooLarge
            if closing { headers["Connection"] = "close" }
            var text = "HTTP/1.1 \(response.status) \(Self.phrase(response.status))\r\n"
            for (name, value) in headers.sorted(by: { $0.key < $1.key }) { text += "\(name): \(value)\r\n" }
            text += "\r\n"
            bytes.append(Data(text.utf8))
            if !isHead { bytes.append(response.body) }
            guard writeAll(fd, bytes), !closing else { return }
        }
    }

    /// Runs the async handler on this connection's thread (see ConnectionExecutor) and waits for its answer.
    /// A client that hangs up meanwhile, or the server stopping, cancels the handler (as a real server does),
    /// so a handler that waits for cancellation ends; nil then, and the connection closes.
    private func answer(_ request: StubRequest, on fd: Int32) -> StubResponse? {
        let result = Locked<StubResponse?>(nil)
        let executor = ConnectionExecutor()
        let handler = handler
        let task = Task(executorPreference: executor) {
            let response = await handler(request)
            result.withLock { $0 = response }
        }
        var cancelled = false
        while result.withLock({ $0 == nil }) {
            executor.runJobs(until: Date().addingTimeInterval(0.02))
            guard !cancelled else { continue }
            var watch = pollfd(fd: fd, events: Self.peerClosed, revents: 0)
            let hungUp = poll(&watch, 1, 0) > 0 && watch.revents & (Self.peerClosed | Int16(POLLHUP | POLLERR)) != 0
            if hungUp || state.withLock({ $0.stopped }) {
                task.cancel()
                cancelled = true
            }
        }
        executor.close()
        return cancelled ? nil : result.withLock { $0 }
    }

    private func parse(head: [String], reader: inout SocketReader) -> (request: StubRequest, closes: Bool)? {
        let parts = head[0].split(separator: " ")
        guard parts.count == 3 else { return nil }
        var headers: [String: String] = [:]
        for line in head.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].lowercased()
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            if headers[name] == nil { headers[name] = value }
        }
        let target = String(parts[1])
        let (path, query) = Self.split(target: target)
        var request = StubRequest(method: String(parts[0]), path: path, query: query, headers: headers)
        if headers["transfer-encoding"]?.lowercased().contains("chunked") == true {
            guard let body = reader.readChunked(limit: bodyLimit) else { return nil }
            if let body { request.body = body } else { request.bodyTooLarge = true }
        } else if let length = headers["content-length"].flatMap(Int.init), length > 0 {
            if length > bodyLimit {
                request.bodyTooLarge = true
            } else {
                guard let body = reader.read(count: length) else { return nil }
                request.body = body
            }
        }
        let version = parts[2]
        let connection = headers["connection"]?.lowercased() ?? ""
        let closes = connection.contains("close") || (version == "HTTP/1.0" && !connection.contains("keep-alive"))
        return (request, closes)
    }

    /// Linux's POLLRDHUP (the peer shut its side), which Glibc's module leaves out without _GNU_SOURCE.
    private static let peerClosed: Int16 = 0x2000

    static func split(target: String) -> (path: String, query: [String: String]) {
        let pieces = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        let path = decoded(pieces[0], plusIsSpace: false)
        var query: [String: String] = [:]
        if pieces.count > 1 {
            for pair in pieces[1].split(separator: "&") {
                let halves = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                let name = decoded(halves[0], plusIsSpace: true)
                if query[name] == nil { query[name] = halves.count > 1 ? decoded(halves[1], plusIsSpace: true) : "" }
            }
        }
        return (path.isEmpty ? "/" : path, query)
    }

    private static func decoded(_ text: Substring, plusIsSpace: Bool) -> String {
        let spaced = plusIsSpace ? text.replacingOccurrences(of: "+", with: " ") : String(text)
        return spaced.removingPercentEncoding ?? spaced
    }

    private static func phrase(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 201: "Created"
        case 204: "No Content"
        case 206: "Partial Content"
        case 304: "Not Modified"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 413: "Content Too Large"
        case 429: "Too Many Requests"
        case 500: "Internal Server Error"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        default: "Status"
        }
    }

    private func writeAll(_ fd: Int32, _ data: Data) -> Bool {
        data.withUnsafeBytes { raw -> Bool in
            guard var pointer = raw.baseAddress else { return true }
            var left = raw.count
            while left > 0 {
                let written = send(fd, pointer, left, Int32(MSG_NOSIGNAL))
                if written < 0, errno == EINTR { continue }
                guard written > 0 else { return false }
                pointer += written
                left -= written
            }
            return true
        }
    }
}

/// Buffered reads from a connected socket: header lines, a counted body, a chunked body.
private struct SocketReader {
    let fd: Int32
    private var buffer: [UInt8] = []
    private var start = 0

    init(fd: Int32) { self.fd = fd }

    /// Reads more bytes into the buffer; false at the end of the stream or on an error.
    private mutating func fill() -> Bool {
        if start > 0 {
            buffer.removeFirst(start)
            start = 0
        }
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return false }
            buffer += chunk[0..<count]
            return true
        }
    }

    /// One CRLF-ended line, without its ending.
    mutating func readLine() -> String? {
        while true {
            if let newline = buffer[start...].firstIndex(of: UInt8(ascii: "\n")) {
                var end = newline
                if end > start, buffer[end - 1] == UInt8(ascii: "\r") { end -= 1 }
                let line = String(decoding: buffer[start..<end], as: UTF8.self)
                start = newline + 1
                return line
            }
            // A header line longer than this is not something any client of the tests sends.
            guard buffer.count - start < 1 << 20, fill() else { return nil }
        }
    }

    /// The request line and the header lines; nil when the connection ends first.
    mutating func readHead() -> [String]? {
        var lines: [String] = []
        while let line = readLine() {
            if line.isEmpty {
                if lines.isEmpty { continue }
                return lines
            }
            lines.append(line)
        }
        return nil
    }

    mutating func read(count: Int) -> Data? {
        while buffer.count - start < count {
            guard fill() else { return nil }
        }
        let data = Data(buffer[start..<(start + count)])
        start += count
        return data
    }

    /// A chunked body: nil when the connection ends first, `.some(nil)` when it is over the limit.
    mutating func readChunked(limit: Int) -> Data?? {
        var body = Data()
        while true {
            guard let sizeLine = readLine(),
                  let size = Int(sizeLine.split(separator: ";").first.map(String.init) ?? "", radix: 16) else { return nil }
            if size == 0 {
                while let trailer = readLine(), !trailer.isEmpty {}
                return .some(body)
            }
            guard body.count + size <= limit else { return .some(nil) }
            guard let chunk = read(count: size), readLine() != nil else { return nil }
            body.append(chunk)
        }
    }
}
