import Foundation
import Synchronization

/// A listener on 127.0.0.1 that accepts each connection, reads the request, and closes without answering.
final class HangUpServer: Sendable {
    let url: URL
    private let socket: Int32

    init() throws {
        let fd = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw StubServer.StubError.noURL }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let listening = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { raw in
                bind(fd, raw, length) == 0 && getsockname(fd, raw, &length) == 0 && listen(fd, 8) == 0
            }
        }
        guard listening, let url = URL(string: "http://127.0.0.1:\(UInt16(bigEndian: address.sin_port))") else {
            close(fd)
            throw StubServer.StubError.noURL
        }
        self.url = url
        self.socket = fd
        let thread = Thread {
            while true {
                let connection = accept(fd, nil, nil)
                guard connection >= 0 else { return }
                var buffer = [UInt8](repeating: 0, count: 4096)
                _ = read(connection, &buffer, buffer.count)
                close(connection)
            }
        }
        thread.start()
    }

    /// Stops accepting: the blocked accept() fails once the socket is shut down.
    func stop() {
        shutdown(socket, Int32(SHUT_RDWR))
        close(socket)
    }
}
