import NIOCore
import NIOHTTP1

/// An HTTP/1.0 request without `Connection: keep-alive` ends its connection with its answer (RFC 9112 §9.3);
/// NIO's head type after the decoder no longer carries the version, so the rule is written into the head here,
/// as `Connection: close`, which the serving loop already honours. Without it the answer went out without
/// `Connection: close` and the socket stayed open for the idle timeout, and a client that reads until the end
/// waited that long.
final class HTTP10ConnectionClose: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard case .head(var head) = unwrapInboundIn(data), head.version == .http1_0, !head.isKeepAlive else {
            context.fireChannelRead(data)
            return
        }
        head.headers.replaceOrAdd(name: "connection", value: "close")
        context.fireChannelRead(wrapInboundOut(.head(head)))
    }
}
