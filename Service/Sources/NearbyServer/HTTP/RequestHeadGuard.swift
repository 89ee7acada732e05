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
/// is then refused (it would report the cut-off head as a second error). Bodies pass through unread, but with a
/// deadline: `RequestBodyWatch`, after the decoder, says where each body starts and ends, and a body still
/// arriving after `bodyReadTimeout` plus a second per `bodyBytesPerSecond` bytes is answered 408 too. Once an
/// answer has been written (`ResponseCompleted`), the next bytes start a new head. A pipelined request that
/// arrives in the same read as the previous one's end is checked by the decoder's own limits instead (the same
/// sizes), which answer 431 for any of them.
///
/// The guard also tells the `ConnectionRoster` whether its connection waits on the client (a head or body
/// arriving, or idle) or on the server, and closes it when the roster picks it to make room.
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
    private let roster: ConnectionRoster?
    private let onRefusal: @Sendable (HeadRefusal) -> Void
    private var phase: Phase = .head(RequestHeadScan())
    private var timeout: Scheduled<Void>?
    /// The start of a head whose end has not arrived yet (at most the limits' worth).
    private var held: ByteBuffer?
    /// Whether bytes of the next head have arrived (an evicted connection without any is simply closed).
    private var headStarted = false
    private var body = BodyProgress()
    private var bodyTimer: Scheduled<Void>?
    /// Heads the decoder has read, and answers written in full: more heads means a request is being answered.
    private var requestsRead = 0
    private var answersWritten = 0
    private var rosterID: Int?
    /// Since when the connection has waited on its client: its opening, or its last answer written.
    private var waitingSince = NIODeadline.now()

    init(limits: HTTPLimits, roster: ConnectionRoster? = nil, onRefusal: @escaping @Sendable (HeadRefusal) -> Void) {
        self.limits = limits
        self.roster = roster
        self.onRefusal = onRefusal
    }

    func channelActive(context: ChannelHandlerContext) {
        armTimeout(context)
        register(context)
        context.fireChannelActive()
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive {
            armTimeout(context)
            register(context)
        }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        disarmTimeout()
        disarmBodyTimer()
        unregister()
    }

    func channelInactive(context: ChannelHandlerContext) {
        disarmTimeout()
        disarmBodyTimer()
        unregister()
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
            if body.isOpen { body.received += unwrapInboundIn(data).readableBytes }
            context.fireChannelRead(data)
        case .head(var scan):
            let buffer = unwrapInboundIn(data)
            headStarted = true
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
                headStarted = false
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
            answersWritten += 1
            waitingSince = .now()
            updateRoster()
            promise?.succeed(())
            return
        }
        if let event = event as? RequestBodyEvent {
            switch event {
            case .started(let declared, let path):
                requestsRead += 1
                body = BodyProgress(declared: min(declared ?? 0, limits.body(forPath: path)))
                scheduleBodyCheck(context)
            case .ended:
                body.isOpen = false
                disarmBodyTimer()
            }
            updateRoster()
            promise?.succeed(())
            return
        }
        context.triggerUserOutboundEvent(event, promise: promise)
    }

    private func refuse(_ refusal: HeadRefusal, context: ChannelHandlerContext) {
        answer(refusal, context: context)
        LingeringClose.begin(context)
    }

    /// Writes the refusal's answer and stops reading; the caller closes.
    private func answer(_ refusal: HeadRefusal, context: ChannelHandlerContext) {
        phase = .refused
        disarmTimeout()
        disarmBodyTimer()
        unregister()
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
    }

    // MARK: The body's deadline

    private func scheduleBodyCheck(_ context: ChannelHandlerContext) {
        disarmBodyTimer()
        let loop = context.eventLoop.assumeIsolated()
        bodyTimer = loop.scheduleTask(deadline: body.deadline(limits)) { [self] in
            bodyTimer = nil
            guard body.isOpen, case .body = phase else { return }
            // Bytes of a chunked body that arrived meanwhile earned it more time.
            if NIODeadline.now() < body.deadline(limits) {
                scheduleBodyCheck(context)
            } else {
                refuse(.bodyTimedOut, context: context)
            }
        }
    }

    private func disarmBodyTimer() {
        bodyTimer?.cancel()
        bodyTimer = nil
    }

    // MARK: The roster

    private func register(_ context: ChannelHandlerContext) {
        guard let roster, rosterID == nil else { return }
        waitingSince = .now()
        let bound = NIOLoopBound((handler: self, context: context), eventLoop: context.eventLoop)
        let loop = context.eventLoop
        rosterID = roster.register {
            loop.execute { bound.value.handler.evict(context: bound.value.context) }
        }
    }

    private func unregister() {
        guard let id = rosterID else { return }
        rosterID = nil
        roster?.remove(id)
    }

    /// Waiting on the client: a body arriving, or no request being answered (idle, or a head arriving).
    private var waitsOnClient: Bool { body.isOpen || requestsRead == answersWritten }

    private func updateRoster() {
        guard let roster, let id = rosterID else { return }
        if waitsOnClient { roster.waiting(id, since: waitingSince) } else { roster.busy(id) }
    }

    /// Picked by the roster to make room: a request still arriving is answered 408, an idle connection just
    /// closed, and the connection closed at once (not lingering: the slot is wanted now).
    private func evict(context: ChannelHandlerContext) {
        rosterID = nil
        guard context.channel.isActive else { return }
        if case .refused = phase { return }
        guard waitsOnClient else { return }
        if body.isOpen || headStarted {
            answer(.evicted, context: context)
        } else {
            phase = .refused
            disarmTimeout()
        }
        context.close(promise: nil)
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

/// How far a request's body has come, for its deadline.
struct BodyProgress {
    var isOpen = false
    var started = NIODeadline.now()
    /// Its Content-Length, at most the body limit; 0 when chunked.
    var declared = 0
    var received = 0

    init() {}

    init(declared: Int) {
        isOpen = true
        self.declared = declared
    }

    /// `bodyReadTimeout`, plus a second per `bodyBytesPerSecond` bytes declared or, when more, received.
    func deadline(_ limits: HTTPLimits) -> NIODeadline {
        let bytes = Int64(max(declared, received))
        let rate = Int64(max(1, limits.bodyBytesPerSecond))
        return started + TimeAmount(limits.bodyReadTimeout) + .nanoseconds(bytes * 1_000_000_000 / rate)
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
