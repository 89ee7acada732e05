import Foundation
import Synchronization

/// A listener on 127.0.0.1 that accepts each connection, reads the request, and closes without answering.
public final class HangUpServer: Sendable {
    public let url: URL
    private let socket: Int32

    public init() throws {
        let listener = try LoopbackListener()
        let fd = listener.descriptor
        guard let url = URL(string: "http://127.0.0.1:\(listener.port)") else {
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
    public func stop() {
        shutdown(socket, Int32(SHUT_RDWR))
        close(socket)
    }
}
