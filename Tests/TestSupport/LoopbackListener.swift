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

    public init(backlog: Int32 = 8) throws(Unavailable) {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue | SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw Unavailable(errno: errno) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
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
        port = UInt16(bigEndian: address.sin_port)
    }
}
