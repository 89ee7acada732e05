import CCurl

/// The engine thread's loop: adds and removes easy handles as commands arrive, drives libcurl, hands finished
/// transfers to their callers, and otherwise blocks in `curl_multi_poll`.
final class CurlLoop {
    private let curl: CurlLibrary
    private let multi: UnsafeMutableRawPointer
    private let engine: CurlEngine
    private var running: [UnsafeMutableRawPointer: CurlTransfer] = [:]

    /// The longest sleep. libcurl shortens it to its own next timer (a time limit), and a command or a socket
    /// wakes it at once, so this only bounds how long a thread with nothing to do sleeps between two checks.
    private static let idleWaitMilliseconds: Int32 = 60_000

    init(curl: CurlLibrary, multi: UnsafeMutableRawPointer, engine: CurlEngine) {
        self.curl = curl
        self.multi = multi
        self.engine = engine
    }

    func run() -> Never {
        while true {
            for command in engine.takeCommands() { handle(command) }
            var stillRunning: Int32 = 0
            _ = nearby_curl_multi_perform(curl.api, multi, &stillRunning)
            collectFinished()
            _ = nearby_curl_multi_poll(curl.api, multi, Self.idleWaitMilliseconds)
        }
    }

    private func handle(_ command: CurlEngine.Command) {
        switch command {
        case .start(let request, let ticket):
            // Cancelled while queued: never touches the network.
            guard !ticket.isAnswered else { return }
            do {
                let transfer = try CurlTransfer(request, ticket: ticket, curl: curl)
                let code = nearby_curl_multi_add_handle(curl.api, multi, transfer.easy)
                guard code == CURLM_OK else {
                    ticket.finish(.failure(.cannotConnect("could not start a transfer (curl multi \(code.rawValue))")))
                    return
                }
                running[transfer.easy] = transfer
            } catch {
                ticket.finish(.failure(error))
            }
        case .stop(let ticket):
            // The caller has had its `.cancelled` already; only the transfer is left to drop.
            guard let easy = running.first(where: { $0.value.ticket === ticket })?.key else { return }
            remove(easy)
        }
    }

    private func collectFinished() {
        var queued: Int32 = 0
        while let message = nearby_curl_multi_info_read(curl.api, multi, &queued) {
            // Read before removing the handle: the message belongs to it.
            guard message.pointee.msg == CURLMSG_DONE, let easy = message.pointee.easy_handle else { continue }
            let code = message.pointee.data.result
            guard let transfer = running[easy] else { continue }
            let result = transfer.result(code)
            remove(easy)
            transfer.ticket.finish(result)
        }
    }

    private func remove(_ easy: UnsafeMutableRawPointer) {
        _ = nearby_curl_multi_remove_handle(curl.api, multi, easy)
        // Dropping the transfer cleans up its easy handle, now that the multi handle has let go of it.
        running[easy] = nil
    }
}
