import CCurl
import Glibc
import Synchronization

/// The process's one HTTP transport: a dedicated thread that owns a libcurl multi handle and sleeps in
/// `curl_multi_poll` until a socket, a timer of libcurl's or a new command needs it, so that a pending
/// request costs no CPU. Callers queue commands and wake the thread; it resumes each caller exactly once.
final class CurlEngine: Sendable {
    /// Started on first use; libcurl's global set-up runs once, before any handle exists.
    static let shared = CurlEngine(threadName: "nearby-http")

    enum Command: Sendable {
        case start(TransferRequest, TransferTicket)
        case stop(TransferTicket)
    }

    private let multi: MultiHandle?
    private let inbox = Mutex<[Command]>([])

    /// An engine with a thread of its own. The app uses `shared`; a test that measures the thread makes its own.
    init(threadName: String) {
        guard Self.globalSetUp, let pointer = curl_multi_init() else {
            multi = nil
            return
        }
        let multi = MultiHandle(pointer: pointer)
        self.multi = multi
        let started = PThread.start { [self] in
            // Named from inside, before any work, so the name is there as soon as the thread is.
            _ = nearby_name_this_thread(threadName)
            CurlLoop(multi: multi.pointer, engine: self).run()
        }
        if !started { failedToStart.store(true, ordering: .relaxed) }
    }

    /// Set when the system refused a thread: requests then fail at once instead of waiting forever.
    private let failedToStart = Atomic<Bool>(false)

    /// libcurl's process-wide set-up, run once (a lazy static), before the first multi handle.
    private static let globalSetUp = curl_global_init(Int(CURL_GLOBAL_ALL)) == CURLE_OK

    /// Runs `request` and returns its outcome; cancelling the calling task answers `.cancelled` at once and
    /// stops the transfer.
    func perform(_ request: TransferRequest) async -> TransferResult {
        guard multi != nil, !failedToStart.load(ordering: .relaxed) else {
            return .failure(.cannotConnect("the network library could not start"))
        }
        let ticket = TransferTicket()
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                guard ticket.attach(continuation) else { return }
                post(.start(request, ticket))
            }
        } onCancel: {
            if ticket.cancel() { post(.stop(ticket)) }
        }
    }

    /// The engine thread's side: every command queued since the last call.
    func takeCommands() -> [Command] {
        inbox.withLock { commands in
            defer { commands = [] }
            return commands
        }
    }

    private func post(_ command: Command) {
        inbox.withLock { $0.append(command) }
        if let multi { curl_multi_wakeup(multi.pointer) }
    }
}

/// The multi handle's address. Other threads use it for `curl_multi_wakeup` only, which libcurl documents as
/// safe to call from any thread; everything else happens on the engine thread.
struct MultiHandle: @unchecked Sendable {
    let pointer: UnsafeMutableRawPointer
}
