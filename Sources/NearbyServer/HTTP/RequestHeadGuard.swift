import NIOCore
import NIOHTTPTypes

/// Sent down the pipeline by `ResponseBoundaryHandler` once an answer's last part is written: the next
/// bytes on the connection start a new request head.
struct ResponseCompleted: Sendable {}

/// Why a request head was refused before it reached the HTTP decoder.
enum HeadRefusal: Sendable {
    case requestLineTooLong
    case headerLineTooLong
    case headersTooLarge
    case tooManyHeaders
    case headTimedOut

    var status: Int {
        switch self {
        case .requestLineTooLong: 414
        case .headerLineTooLong, .headersTooLarge, .tooManyHeaders: 431
        case .headTimedOut: 408
        }
    }

    func message(_ limits: HTTPLimits) -> String {
        switch self {
        case .requestLineTooLong: "The request line is longer than \(limits.requestLine) bytes."
        case .headerLineTooLong: "A header line is longer than \(limits.headerLine) bytes."
        case .headersTooLarge: "The headers are larger than \(limits.allHeaders) bytes in all."
        case .tooManyHeaders: "More than \(limits.headerCount) header lines."
        case .headTimedOut: "The request headers did not arrive within \(limits.headerReadTimeout)."
        }
    }
}

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

    /// Where the head being read stands.
    private struct Scan {
        /// Bytes of the current line so far, without its line feed.
        var line = 0
        /// Whether the last byte of the current line so far is a carriage return.
        var endsWithCR = false
        /// Complete lines so far, the request line included.
        var lines = 0
        /// Bytes of complete header lines.
        var headerBytes = 0
    }

    private enum Phase {
        case head(Scan)
        case body
        case refused
    }

    private let limits: HTTPLimits
    private let onRefusal: @Sendable (HeadRefusal) -> Void
    private var phase: Phase = .head(Scan())
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
            switch scanHead(buffer, &scan) {
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
            if case .body = phase { phase = .head(Scan()) }
            promise?.succeed(())
            return
        }
        context.triggerUserOutboundEvent(event, promise: promise)
    }

    private enum ScanResult {
        case incomplete
        case complete
        case refused(HeadRefusal)
    }

    /// Walks `buffer` line by line (a `memchr` per line, not a look at every byte in Swift).
    private func scanHead(_ buffer: ByteBuffer, _ scan: inout Scan) -> ScanResult {
        buffer.withUnsafeReadableBytes { bytes -> ScanResult in
            var index = bytes.startIndex
            while index < bytes.endIndex {
                guard let newline = bytes[index...].firstIndex(of: 0x0A) else {
                    let count = bytes.endIndex - index
                    scan.line += count
                    scan.endsWithCR = bytes[bytes.endIndex - 1] == 0x0D
                    // Refuse a line as soon as it is too long, not when (if ever) its end arrives.
                    return check(scan, lineLength: scan.line - (scan.endsWithCR ? 1 : 0), complete: false)
                }
                let count = newline - index
                let endsWithCR = count > 0 ? bytes[newline - 1] == 0x0D : scan.endsWithCR
                let length = scan.line + count - (endsWithCR ? 1 : 0)
                index = newline + 1
                scan.line = 0
                scan.endsWithCR = false
                if length == 0 {
                    // An empty line before the request line is tolerated (RFC 9112 §2.2); after it, it ends the head.
                    if scan.lines == 0 { continue }
                    return .complete
                }
                if case .refused(let refusal) = check(scan, lineLength: length, complete: true) { return .refused(refusal) }
                if scan.lines > 0 { scan.headerBytes += length }
                scan.lines += 1
            }
            return .incomplete
        }
    }

    private func check(_ scan: Scan, lineLength: Int, complete: Bool) -> ScanResult {
        if scan.lines == 0 {
            return lineLength > limits.requestLine ? .refused(.requestLineTooLong) : .incomplete
        }
        if lineLength > limits.headerLine { return .refused(.headerLineTooLong) }
        if scan.headerBytes + lineLength > limits.allHeaders { return .refused(.headersTooLarge) }
        // `lines` counts the request line, so header lines so far are `lines - 1`, plus this one.
        if complete, scan.lines > limits.headerCount { return .refused(.tooManyHeaders) }
        return .incomplete
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
