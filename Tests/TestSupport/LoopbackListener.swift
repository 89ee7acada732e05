import Glibc

/// A listening TCP socket on 127.0.0.1, on a free port the system picks: what every stand-in server starts from.
public struct LoopbackListener: Sendable {
    /// The listening descriptor; the stand-in owns it and closes it when it stops.
    public let descriptor: Int32
    public let port: UInt16

    /// Thrown when the system gives no socket, or no port on the loopback address.
    public struct Unavailable: Error, CustomStringConvertible {
        public let errno: Int32
        public var description: String { "cannot listen on 127.0.0.1: \(String(cString: strerror(errno)))" }
    }

    /// `port` 0 lets the system pick; a stand-in that restarts asks for the port it had.
    public init(port: UInt16 = 0, backlog: Int32 = 8) throws(Unavailable) {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue | SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw Unavailable(errno: errno) }
        // A restarted stand-in takes its port back while the old connections sit in TIME_WAIT.
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = port.bigEndian
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let listening = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { raw in
                bind(fd, raw, length) == 0 && getsockname(fd, raw, &length) == 0 && listen(fd, backlog) == 0
            }
        }
        guard listening else {
            let code = errno
            close(fd)
            throw Unavailable(errno: code)
        }
        descriptor = fd
        self.port = UInt16(bigEndian: address.sin_port)
    }
}
