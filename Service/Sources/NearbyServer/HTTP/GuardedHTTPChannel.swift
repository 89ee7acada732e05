import Foundation
import HTTPTypes
import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1
import NIOHTTPTypes
import NIOHTTPTypesHTTP1

/// One HTTP/1.1 connection: the head guard in front of NIO's decoder, Hummingbird's connection state (graceful
/// shutdown, keep-alive idle timeout), and a loop that screens each request's head, reads its body up to the
/// limit, asks the handler, and writes the answer in one flush.
struct GuardedHTTPChannel: ServerChildChannel {
    typealias Value = NIOAsyncChannel<HTTPRequestPart, HTTPResponsePart>

    let limits: HTTPLimits
    let secure: Bool
    let handler: LocalHTTPServer.Handler
    /// Asked with the head alone, before a body is read: an answer here is sent at once and the body never read.
    let screen: LocalHTTPServer.Screen?
    let events: HTTPServerEvents
    let connections: AcceptedConnections
    let roster: ConnectionRoster

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        channel.eventLoop.makeCompletedFuture {
            let pipeline = channel.pipeline.syncOperations
            let events = self.events
            // Next to the socket, so every close, the guard's too, waits for the answer written before it.
            try pipeline.addHandler(DrainBeforeClose(cap: limits.closingDrain))
            try pipeline.addHandler(RequestHeadGuard(limits: limits, roster: roster) { refusal in events.refused(refusal) })
            // The guard checks heads first; the decoder's own limits are the same sizes and catch a pipelined
            // head the guard let through unread. NIO counts a header's name and value separately.
            var decoderLimits = NIOHTTPDecoderLimitConfiguration()
            decoderLimits.maxHeaderFieldSize = limits.headerLine
            decoderLimits.maxHeaderListSize = limits.allHeaders + limits.requestLine
            decoderLimits.maxHeaderFieldCount = limits.headerCount
            try pipeline.configureHTTPServerPipeline(
                withPipeliningAssistance: false, withErrorHandling: false, withOutboundHeaderValidation: false,
                withEncoderConfiguration: .init(), withDecoderLimitConfiguration: decoderLimits)
            try pipeline.addHandler(HTTP10ConnectionClose())
            try pipeline.addHandler(RequestBodyWatch())
            try pipeline.addHandler(HTTP1ToHTTPServerCodec(secure: secure))
            try pipeline.addHandler(ResponseBoundaryHandler())
            try pipeline.addHandler(HTTPConnectionStateHandler(idleTimeout: limits.keepAliveIdle, logger: logger))
            let asyncChannel = try NIOAsyncChannel<HTTPRequestPart, HTTPResponsePart>(
                wrappingChannelSynchronously: channel, configuration: .init(isOutboundHalfClosureEnabled: true))
            connections.accepted()
            return asyncChannel
        }
    }

    func handle(value asyncChannel: Value, logger: Logger) async {
        connections.takenUp()
        let channel = asyncChannel.channel
        let remote = channel.remoteAddress?.ipAddress ?? "-"
        do {
            try await withTaskCancellationHandler {
                try await asyncChannel.executeThenClose { inbound, outbound in
                    var parts = inbound.makeAsyncIterator()
                    do {
                        while let part = try await parts.next() {
                            // Parts of a body left unread by an earlier answer are skipped.
                            guard case .head(let head) = part else { continue }
                            let started = ContinuousClock.now
                            var response: ServerResponse
                            let request: ServerRequest
                            if Self.hasBody(head), let screen,
                               let refusal = await screen(Self.request(from: head, body: (Data(), false))) {
                                // Refused on its head (no token): the body is never read, so the connection
                                // cannot carry another request.
                                request = Self.request(from: head, body: (Data(), false))
                                response = refusal
                                response.closesConnection = true
                            } else {
                                // Nil: the connection ended (or was refused as too slow) before the body did.
                                guard let body = try await readBody(of: head, from: &parts) else { break }
                                request = Self.request(from: head, body: body)
                                response = await handler(request)
                                if body.tooLarge { response.closesConnection = true }
                            }
                            let wantsClose = Self.asksToClose(head)
                            // Logged and counted before the answer leaves: a client that has its answer finds it
                            // in the log and the metrics already.
                            events.answered(remote: remote, method: request.method, path: request.path,
                                            status: response.status, elapsed: ContinuousClock.now - started)
                            try await outbound.write(contentsOf: Self.parts(of: response, closing: wantsClose))
                            if response.closesConnection {
                                LingeringClose.begin(channel)
                                // Whatever still arrives is dropped until the connection closes.
                                while (try? await parts.next()) != nil {}
                                return
                            }
                            if wantsClose { break }
                        }
                    } catch HTTPParserError.invalidEOFState {
                        // The connection ended inside a request (the client hung up mid-body, or the guard closed
                        // it as too slow): no one is left to answer, and nothing was malformed.
                    } catch let error as HTTPParserError {
                        let status = error == .headerOverflow ? 431 : 400
                        events.malformed(status: status)
                        let message = status == 431 ? "The request headers are too large." : "The request is not valid HTTP."
                        let answer = ServerResponse.error(status, message)
                        try? await outbound.write(contentsOf: Self.parts(of: answer, closing: true))
                        LingeringClose.begin(channel)
                        while (try? await parts.next()) != nil {}
                    }
                    outbound.finish()
                }
            } onCancel: {
                channel.close(promise: nil)
            }
        } catch {
            // The connection failed or was closed under us; there is no one left to answer.
            logger.trace("connection ended: \(error)")
        }
    }

    /// Whether a body follows the head (a Content-Length above 0, or a transfer coding).
    static func hasBody(_ head: HTTPRequest) -> Bool {
        if head.headerFields[.transferEncoding] != nil { return true }
        return head.headerFields[.contentLength].flatMap(Int.init).map { $0 > 0 } ?? false
    }

    /// Whether the client asked to close after this answer: `close` among the Connection header's options.
    static func asksToClose(_ head: HTTPRequest) -> Bool {
        head.headerFields[values: .connection].contains { value in
            value.split(separator: ",").contains { $0.trimmingCharacters(in: .whitespaces).lowercased() == "close" }
        }
    }

    /// The body, read until `limits.body`; beyond that it is not kept and `tooLarge` is set. Nil when the
    /// connection ended before the body did: a body cut short is never handed on as if it were whole.
    private func readBody(of head: HTTPRequest,
                          from parts: inout NIOAsyncChannelInboundStream<HTTPRequestPart>.AsyncIterator)
        async throws -> (data: Data, tooLarge: Bool)? {
        let limit = limits.body(forPath: head.path ?? "/")
        if let declared = head.headerFields[.contentLength].flatMap(Int.init), declared > limit {
            return (Data(), true)
        }
        var data = Data()
        while let part = try await parts.next() {
            switch part {
            case .head:
                // Cannot happen before .end; treat as the end of a body that had none.
                return (data, false)
            case .body(let chunk):
                if data.count + chunk.readableBytes > limit { return (Data(), true) }
                chunk.withUnsafeReadableBytes { data.append(contentsOf: $0) }
            case .end:
                return (data, false)
            }
        }
        return nil
    }

    static func request(from head: HTTPRequest, body: (data: Data, tooLarge: Bool)) -> ServerRequest {
        let target = RequestTarget(head.path ?? "/")
        var headers: [String: String] = [:]
        var repeated: Set<String> = []
        for field in head.headerFields {
            let name = field.name.canonicalName
            if headers[name] == nil { headers[name] = field.value } else { repeated.insert(name) }
        }
        return ServerRequest(method: head.method.rawValue, path: target.path, query: target.query, headers: headers,
                             repeatedHeaders: repeated, body: body.data, bodyTooLarge: body.tooLarge)
    }

    static func parts(of response: ServerResponse, closing: Bool) -> [HTTPResponsePart] {
        var fields = HTTPFields()
        for (name, value) in response.headers {
            if let name = HTTPField.Name(name) { fields[name] = value }
        }
        fields[.contentLength] = String(response.body.count)
        if closing || response.closesConnection { fields[.connection] = "close" }
        let status = HTTPResponse.Status(code: response.status,
                                         reasonPhrase: HTTPStatusPhrase.phrase(for: response.status))
        var parts: [HTTPResponsePart] = [.head(HTTPResponse(status: status, headerFields: fields))]
        if !response.body.isEmpty { parts.append(.body(ByteBuffer(bytes: response.body))) }
        parts.append(.end(nil))
        return parts
    }
}

extension LingeringClose {
    /// The same, from outside the pipeline.
    static func begin(_ channel: any Channel) {
        channel.close(mode: .output, promise: nil)
        channel.eventLoop.scheduleTask(in: grace) { channel.close(promise: nil) }
    }
}
