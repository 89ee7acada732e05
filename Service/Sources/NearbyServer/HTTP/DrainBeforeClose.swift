import NIOCore

/// Holds a connection's full close back until the bytes written before it have reached the socket.
///
/// A full close drops whatever NIO still queues for a client that reads more slowly than the server writes, so
/// an answer larger than the socket buffers (a long `/listFriends`) was cut short when the connection closed
/// right after it: for `Connection: close`, HTTP/1.0 clients, and answers that end the connection. Sitting
/// next to the socket, this handler sees every write and every close; a close that arrives while writes are
/// still queued waits for them, at most `cap`, so a client that stops reading cannot hold the connection open.
final class DrainBeforeClose: ChannelOutboundHandler, RemovableChannelHandler {
    typealias OutboundIn = NIOAny
    typealias OutboundOut = NIOAny

    private let cap: TimeAmount
    /// Writes handed to the socket whose bytes have not all been written yet.
    private var unwritten = 0
    /// The close held back, with the promises of everyone who asked for it.
    private var held: EventLoopPromise<Void>?
    private var deadline: Scheduled<Void>?

    /// `cap`: how long a close may wait for the client to take the rest of its answer.
    init(cap: Duration) {
        self.cap = TimeAmount(cap)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        let written = promise ?? context.eventLoop.makePromise()
        unwritten += 1
        written.futureResult.assumeIsolated().whenComplete { _ in
            self.unwritten -= 1
            if self.unwritten == 0 { self.release(context: context) }
        }
        context.write(data, promise: written)
    }

    func close(context: ChannelHandlerContext, mode: CloseMode, promise: EventLoopPromise<Void>?) {
        // Closing one direction leaves the queued bytes alone (NIO shuts output down after them). With nothing
        // queued, no close is held either: the last write to finish released it.
        guard mode == .all, unwritten > 0 else {
            context.close(mode: mode, promise: promise)
            return
        }
        if let held {
            promise.map { held.futureResult.cascade(to: $0) }
            return
        }
        let held = context.eventLoop.makePromise(of: Void.self)
        promise.map { held.futureResult.cascade(to: $0) }
        self.held = held
        context.flush()
        deadline = context.eventLoop.assumeIsolated().scheduleTask(in: cap) {
            self.release(context: context)
        }
    }

    private func release(context: ChannelHandlerContext) {
        guard let held else { return }
        self.held = nil
        deadline?.cancel()
        deadline = nil
        context.close(mode: .all, promise: held)
    }

    /// The channel closed another way (the client reset it): whoever waits for the close is told it happened.
    func handlerRemoved(context: ChannelHandlerContext) {
        deadline?.cancel()
        deadline = nil
        held?.succeed(())
        held = nil
    }
}
