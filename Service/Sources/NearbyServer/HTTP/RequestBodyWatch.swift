import NIOCore
import NIOHTTP1

/// Where a request's body stands, sent down the pipeline to `RequestHeadGuard`, which sees only bytes and
/// cannot tell where a body ends.
enum RequestBodyEvent: Sendable {
    /// A head was decoded; its body (if any) follows. `declared`: its Content-Length, nil when chunked or absent.
    case started(declared: Int?, path: String)
    /// The request's last part arrived: the request now waits on the server, not on its client.
    case ended
}

/// Sits after NIO's decoder and tells the guard when each request's body starts and ends, so the guard can
/// give a body a deadline and know which connections wait on their clients.
final class RequestBodyWatch: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        // Told before the part goes on: the guard's deadline must stand before the request reaches the handler.
        switch unwrapInboundIn(data) {
        case .head(let head):
            let declared = head.headers["content-length"].first.flatMap { Int($0) }
            context.triggerUserOutboundEvent(RequestBodyEvent.started(declared: declared, path: head.uri), promise: nil)
        case .body:
            break
        case .end:
            context.triggerUserOutboundEvent(RequestBodyEvent.ended, promise: nil)
        }
        context.fireChannelRead(data)
    }
}
