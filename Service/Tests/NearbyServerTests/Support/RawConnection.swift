import Foundation

/// A plain TCP connection to 127.0.0.1, for sending what no HTTP client would (oversized heads, repeated
/// headers, a body that never ends) and seeing exactly what comes back. Its blocking calls run on a thread of
/// their own (`Blocking.run`), never on the test's task.
final class RawConnection: @unchecked Sendable {
    // One test task uses a connection at a time; the descriptor is only read after init.
    let fd: Int32
    /// Bytes read past the last answer (pipelined answers arrive together).
    private var pending: [UInt8] = []

    /// `receiveBuffer` shrinks the socket's receive buffer before connecting, so a client that reads slowly
    /// holds the server's answer back in the server's own queue.
    init(port: UInt16, receiveTimeout: Double = 20, receiveBuffer: Int32? = nil) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw RawError.failed("socket") }
        if var size = receiveBuffer {
            setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = port.bigEndian
        let connected = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
        guard connected else {
            close(fd)
            throw RawError.failed("connect: \(String(cString: strerror(errno)))")
        }
        var timeout = timeval(tv_sec: Int(receiveTimeout), tv_usec: Int((receiveTimeout - receiveTimeout.rounded(.down)) * 1e6))
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var on: Int32 = 1
        setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size))
    }

    deinit { close(fd) }

    /// Sends all of `bytes`; returns how many went out before the peer closed or reset.
    @discardableResult
    func send(_ bytes: [UInt8]) -> Int {
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if count <= 0 { break }
            sent += count
        }
        return sent
    }

    func send(_ text: String) { send(Array(text.utf8)) }

    /// Waits for the first bytes to arrive and returns them (empty when the connection closed or failed).
    func readSome() -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: 4_096)
        let count = recv(fd, &buffer, buffer.count, 0)
        return count > 0 ? Array(buffer[0..<count]) : []
    }

    /// Reads until the peer closes, the receive timeout passes, or `limit` bytes came.
    func readToEnd(limit: Int = 1 << 20) -> (data: [UInt8], closed: Bool) {
        var data: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while data.count < limit {
            let count = recv(fd, &buffer, buffer.count, 0)
            if count == 0 { return (data, true) }
            if count < 0 { return (data, errno == ECONNRESET) }
            data += buffer[0..<count]
        }
        return (data, false)
    }

    /// Reads one answer: the head, then as many body bytes as Content-Length says.
    func readResponse() -> RawResponse? {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            if let response = RawResponse(pending), pending.count >= response.headLength + response.contentLength {
                pending.removeFirst(response.headLength + response.contentLength)
                return response
            }
            let count = recv(fd, &buffer, buffer.count, 0)
            if count <= 0 { return RawResponse(pending) }
            pending += buffer[0..<count]
        }
    }

    enum RawError: Error { case failed(String) }
}

/// The status line and headers of an answer read off a raw connection.
struct RawResponse {
    var status: Int
    var headers: [String: String]
    var headLength: Int
    var contentLength: Int
    var body: [UInt8]

    init?(_ data: [UInt8]) {
        let marker: [UInt8] = [13, 10, 13, 10]
        guard data.count >= 4, let end = (0...(data.count - 4)).first(where: { Array(data[$0..<$0 + 4]) == marker }) else {
            return nil
        }
        let head = String(decoding: data[0..<end], as: UTF8.self).split(separator: "\r\n").map(String.init)
        guard let statusLine = head.first, statusLine.split(separator: " ").count >= 2,
              let status = Int(statusLine.split(separator: " ")[1]) else { return nil }
        self.status = status
        var headers: [String: String] = [:]
        for line in head.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        self.headers = headers
        headLength = end + 4
        contentLength = Int(headers["content-length"] ?? "0") ?? 0
        body = Array(data[headLength..<min(data.count, headLength + contentLength)])
    }
}

/// Runs blocking work on a thread of its own and waits for it without holding the cooperative pool.
enum Blocking {
    static func run<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            let thread = Thread {
                continuation.resume(with: Result { try work() })
            }
            thread.start()
        }
    }
}
