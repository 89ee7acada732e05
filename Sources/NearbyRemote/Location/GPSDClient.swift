import Locking
import Glibc
import NearbyCore
import Synchronization
import NearbyHTTP
import NearbyData

/// Positions from gpsd over its JSON protocol (`?WATCH={"enable":true,"json":true}`), by default on
/// localhost:2947.
///
/// Each stream has a thread of its own that sleeps in `poll(2)` on the socket: no CPU while gpsd says
/// nothing, and identical reports (a receiver standing still repeats its fix every second) are passed on
/// once. When gpsd is absent or goes away the stream says so and the thread tries again every
/// `retryInterval`.
public struct GPSDClient: PositionSource, Hashable {
    public static let defaultPort: UInt16 = 2947

    public let host: String
    public let port: UInt16
    public let retryInterval: Duration

    public init(host: String = "localhost", port: UInt16 = GPSDClient.defaultPort,
                retryInterval: Duration = .seconds(5)) {
        self.host = host
        self.port = port
        self.retryInterval = retryInterval
    }

    /// Parses "HOST:PORT", "HOST" or ":PORT" (the address `--gpsd` takes); nil when it is none of those.
    public init?(address: String, retryInterval: Duration = .seconds(5)) {
        var text = Substring(address)
        while text.first?.isWhitespace == true { text.removeFirst() }
        while text.last?.isWhitespace == true { text.removeLast() }
        let trimmed = String(text)
        guard !trimmed.isEmpty, !trimmed.contains(where: \.isWhitespace) else { return nil }
        if let colon = trimmed.lastIndex(of: ":"), !trimmed[..<colon].contains(":") {
            guard let port = UInt16(trimmed[trimmed.index(after: colon)...]), port > 0 else { return nil }
            let host = String(trimmed[..<colon])
            self.init(host: host.isEmpty ? "localhost" : host, port: port, retryInterval: retryInterval)
        } else {
            self.init(host: trimmed, port: Self.defaultPort, retryInterval: retryInterval)
        }
    }

    /// "localhost:2947", for messages.
    public var address: String { "\(host):\(port)" }

    public func updates() -> AsyncStream<PositionUpdate> {
        let (stream, continuation) = AsyncStream.makeStream(of: PositionUpdate.self,
                                                            bufferingPolicy: .bufferingNewest(8))
        guard let connection = GPSDConnection(client: self, continuation: continuation) else {
            continuation.yield(.unavailable("gpsd cannot be watched: no thread or pipe could be made"))
            continuation.finish()
            return stream
        }
        continuation.onTermination = { _ in connection.stop() }
        connection.start()
        return stream
    }
}

/// One watch of gpsd on a thread of its own; `stop()` wakes it through a pipe and it ends.
private final class GPSDConnection: Sendable {
    private let client: GPSDClient
    private let continuation: AsyncStream<PositionUpdate>.Continuation
    private let stopped = Atomic(false)
    private let wakeRead: Int32
    private let wakeWrite: Int32
    /// A line longer than this is not gpsd talking: the connection is dropped.
    private static let maximumLine = 64 * 1024

    init?(client: GPSDClient, continuation: AsyncStream<PositionUpdate>.Continuation) {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { return nil }
        for fd in fds {
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            _ = fcntl(fd, F_SETFL, O_NONBLOCK)
        }
        self.client = client
        self.continuation = continuation
        wakeRead = fds[0]
        wakeWrite = fds[1]
    }

    func start() {
        let started = PThread.start { [self] in
            run()
            close(wakeRead)
            close(wakeWrite)
        }
        if !started {
            continuation.yield(.unavailable("gpsd cannot be watched: no thread could be started"))
            continuation.finish()
        }
    }

    func stop() {
        guard !stopped.exchange(true, ordering: .sequentiallyConsistent) else { return }
        var byte: UInt8 = 1
        _ = write(wakeWrite, &byte, 1)
    }

    private var isStopped: Bool { stopped.load(ordering: .sequentiallyConsistent) }

    private func run() {
        var last: PositionUpdate?
        let report = { [continuation] (update: PositionUpdate) in
            if update != last {
                last = update
                continuation.yield(update)
            }
        }
        while !isStopped {
            guard let socket = connectToGPSD() else {
                report(.unavailable("gpsd is not running at \(client.address)"))
                waitForRetry()
                continue
            }
            let watch = Array(#"?WATCH={"enable":true,"json":true}"#.utf8) + [10]
            let sent = watch.withUnsafeBytes { send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if sent == watch.count {
                readReports(socket, report: report)
            }
            close(socket)
            if !isStopped {
                report(.unavailable("gpsd at \(client.address) closed the connection"))
                waitForRetry()
            }
        }
        continuation.finish()
    }

    /// Reads lines until the connection ends or the watch is stopped.
    private func readReports(_ socket: Int32, report: (PositionUpdate) -> Void) {
        var pending: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !isStopped {
            var fds = [pollfd(fd: socket, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0)]
            let ready = poll(&fds, 2, -1)
            if ready < 0 {
                if errno == EINTR { continue }
                return
            }
            if fds[1].revents != 0 { return }
            let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            if count <= 0 {
                if count < 0, errno == EINTR { continue }
                return
            }
            pending.append(contentsOf: buffer[0..<count])
            while let newline = pending.firstIndex(of: 10) {
                let line = String(decoding: pending[..<newline], as: UTF8.self)
                pending.removeSubrange(...newline)
                if let update = GPSDReport.parse(line)?.update { report(update) }
            }
            if pending.count > Self.maximumLine { return }
        }
    }

    /// Sleeps for the retry interval, or until stopped.
    private func waitForRetry() {
        var fds = [pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0)]
        let milliseconds = client.retryInterval.components.seconds * 1000
            + client.retryInterval.components.attoseconds / 1_000_000_000_000_000
        _ = poll(&fds, 1, Int32(clamping: milliseconds))
    }

    /// A connected socket to gpsd, or nil.
    private func connectToGPSD() -> Int32? {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(client.host, String(client.port), &hints, &list) == 0, let first = list else { return nil }
        defer { freeaddrinfo(first) }
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let info = entry {
            let fd = socket(info.pointee.ai_family, info.pointee.ai_socktype | Int32(SOCK_CLOEXEC.rawValue),
                            info.pointee.ai_protocol)
            if fd >= 0 {
                if connect(fd, info.pointee.ai_addr, info.pointee.ai_addrlen) == 0 { return fd }
                close(fd)
            }
            entry = info.pointee.ai_next
        }
        return nil
    }
}
