import NIOCore
import NIOHTTPTypes

/// Sent down the pipeline by `ResponseBoundaryHandler` once an answer's last part is written: the next
/// bytes on the connection start a new request head.
struct ResponseCompleted: Sendable {}

/// Reads each request head's raw bytes before the HTTP decoder does, once, line by line: a request line,
/// a header line, all headers or a header count over the limits is answered at once (414 or 431) and the
/// connection closed, so a client cannot make the server hold or parse megabytes of headers before the token
/// is checked. It also closes a connection whose head does not arrive within the header-read timeout (408),
/// which ends slowloris clients that dribble a byte at a time.
///
/// A head that arrives in pieces is held here until it is complete, so the decoder never starts on a head that
/// is then refused (it would report the cut-off head as a second error). Bodies pass through unread. Once an answer has been written (`ResponseCompleted`), the next bytes start a
/// new head. A pipelined request that arrives in the same read as the previous one's end is checked by the
/// decoder's own limits instead (the same sizes), which answer 431 for any of them.
final class RequestHeadGuard: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    typealias OutboundIn = IOData
    typealias OutboundOut = IOData

    private enum Phase {
        case head(RequestHeadScan)
        case body
        case refused
    }

    private let limits: HTTPLimits
    private let onRefusal: @Sendable (HeadRefusal) -> Void
    private var phase: Phase = .head(RequestHeadScan())
    private var timeout: Scheduled<Void>?
    /// The start of a head whose end has not arrived yet (at most the limits' worth).
    private var held: ByteBuffer?

    init(limits: HTTPLimits, onRefusal: @escaping @Sendable (HeadRefusal) -> Void) {
        self.limits = limits
        self.onRefusal = onRefusal
    }

    func channelActive(context: ChannelHandlerContext) {
        armTimeout(context)
        context.fireChannelActive()
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { armTimeout(context) }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        disarmTimeout()
    }

    func channelInactive(context: ChannelHandlerContext) {
        disarmTimeout()
        held = nil
        context.fireChannelInactive()
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        // After a refusal the decoder is told nothing more: not even that the input ended.
        if case .refused = phase, let event = event as? ChannelEvent, event == .inputClosed { return }
        context.fireUserInboundEventTriggered(event)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch phase {
        case .refused:
            return
        case .body:
            context.fireChannelRead(data)
        case .head(var scan):
            let buffer = unwrapInboundIn(data)
            if timeout == nil { armTimeout(context) }
            switch buffer.withUnsafeReadableBytes({ scan.scan($0, limits: limits) }) {
            case .incomplete:
                phase = .head(scan)
                var start = held ?? context.channel.allocator.buffer(capacity: buffer.readableBytes)
                var piece = buffer
                start.writeBuffer(&piece)
                held = start
            case .complete:
                phase = .body
                disarmTimeout()
                if let start = held {
                    held = nil
                    context.fireChannelRead(wrapInboundOut(start))
                }
                context.fireChannelRead(data)
            case .refused(let refusal):
                held = nil
                refuse(refusal, context: context)
            }
        }
    }

    func triggerUserOutboundEvent(context: ChannelHandlerContext, event: Any, promise: EventLoopPromise<Void>?) {
        if event is ResponseCompleted {
            if case .body = phase { phase = .head(RequestHeadScan()) }
            promise?.succeed(())
            return
        }
        context.triggerUserOutboundEvent(event, promise: promise)
    }

    private func refuse(_ refusal: HeadRefusal, context: ChannelHandlerContext) {
        phase = .refused
        disarmTimeout()
        onRefusal(refusal)
        // The messages hold no quote or backslash, so they need no JSON escaping.
        let body = #"{"error":""# + refusal.message(limits) + #""}"#
        let head = "HTTP/1.1 \(refusal.status) \(HTTPStatusPhrase.phrase(for: refusal.status))\r\n"
            + "Content-Type: application/json; charset=utf-8\r\nContent-Length: \(body.utf8.count)\r\n"
            + "Connection: close\r\n\r\n"
        var buffer = context.channel.allocator.buffer(capacity: head.utf8.count + body.utf8.count)
        buffer.writeString(head)
        buffer.writeString(body)
        context.writeAndFlush(wrapOutboundOut(.byteBuffer(buffer)), promise: nil)
        LingeringClose.begin(context)
    }

    private func armTimeout(_ context: ChannelHandlerContext) {
        disarmTimeout()
        let loop = context.eventLoop.assumeIsolated()
        timeout = loop.scheduleTask(in: TimeAmount(limits.headerReadTimeout)) { [self] in
            timeout = nil
            guard case .head = phase else { return }
            refuse(.headTimedOut, context: context)
        }
    }

    private func disarmTimeout() {
        timeout?.cancel()
        timeout = nil
    }
}

/// Tells `RequestHeadGuard` when an answer has been written in full.
final class ResponseBoundaryHandler: ChannelOutboundHandler, RemovableChannelHandler {
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        let isEnd: Bool
        if case .end = unwrapOutboundIn(data) { isEnd = true } else { isEnd = false }
        context.write(data, promise: promise)
        if isEnd { context.triggerUserOutboundEvent(ResponseCompleted(), promise: nil) }
    }
}

/// Closing a connection whose client is still sending makes the kernel reset it, and a reset can destroy
/// the answer before the client reads it. So the server's side is closed first (the client sees the end
/// of the answer), what still arrives is read and dropped, and the connection is closed for good shortly after.
enum LingeringClose {
    static let grace: TimeAmount = .seconds(2)

    static func begin(_ context: ChannelHandlerContext) {
        context.close(mode: .output, promise: nil)
        context.eventLoop.assumeIsolated().scheduleTask(in: grace) {
            context.close(promise: nil)
        }
    }
}
