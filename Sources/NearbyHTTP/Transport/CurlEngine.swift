import CCurl
import Locking

/// The process's one HTTP transport: a dedicated thread that owns a libcurl multi handle and sleeps in
/// `curl_multi_poll` until a socket, a timer of libcurl's or a new command needs it, so that a pending
/// request costs no CPU. Callers queue commands and wake the thread; it resumes each caller exactly once.
/// Nothing starts before the first request: libcurl is opened and the thread made then.
final class CurlEngine: Sendable {
    /// The app's engine.
    static let shared = CurlEngine(threadName: "nearby-http")

    enum Command: Sendable {
        case start(TransferRequest, TransferTicket)
        case stop(TransferTicket)
    }

    /// What the engine has once started: libcurl and the multi handle its thread drives.
    struct Running: Sendable {
        let curl: CurlLibrary
        let multi: MultiHandle
    }

    private enum State {
        case notStarted
        case running(Running)
        /// Starting failed; every request fails the same way at once instead of waiting forever.
        case failed(HTTPFailure)
    }

    private let threadName: String
    private let library: @Sendable () -> Result<CurlLibrary, CurlLibrary.LoadFailure>
    private let state = Locked<State>(.notStarted)
    private let inbox = Locked<[Command]>([])

    /// An engine with a thread of its own, started by its first request. The app uses `shared`; a test that
    /// measures the thread, or that has no libcurl, makes its own.
    init(threadName: String,
         library: @escaping @Sendable () -> Result<CurlLibrary, CurlLibrary.LoadFailure> = { CurlLibrary.shared }) {
        self.threadName = threadName
        self.library = library
    }

    /// Runs `request` and returns its outcome; cancelling the calling task answers `.cancelled` at once and
    /// stops the transfer.
    func perform(_ request: TransferRequest) async -> TransferResult {
        let running: Running
        switch start() {
        case .success(let started): running = started
        case .failure(let failure): return .failure(failure)
        }
        let ticket = TransferTicket()
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                guard ticket.attach(continuation) else { return }
                post(.start(request, ticket), to: running)
            }
        } onCancel: {
            if ticket.cancel() { post(.stop(ticket), to: running) }
        }
    }

    /// The engine thread's side: every command queued since the last call.
    func takeCommands() -> [Command] {
        inbox.withLock { commands in
            defer { commands = [] }
            return commands
        }
    }

    /// The running engine, started on the first call: libcurl opened, a multi handle, the thread.
    private func start() -> Result<Running, HTTPFailure> {
        state.withLock { state in
            switch state {
            case .running(let running): return .success(running)
            case .failed(let failure): return .failure(failure)
            case .notStarted: break
            }
            let outcome = launch()
            switch outcome {
            case .success(let running): state = .running(running)
            case .failure(let failure): state = .failed(failure)
            }
            return outcome
        }
    }

    private func launch() -> Result<Running, HTTPFailure> {
        let curl: CurlLibrary
        switch library() {
        case .success(let loaded): curl = loaded
        case .failure(let failure): return .failure(.networkLibraryMissing(failure.detail))
        }
        guard let pointer = nearby_curl_multi_init(curl.api) else {
            return .failure(.cannotConnect("the network library could not start"))
        }
        let running = Running(curl: curl, multi: MultiHandle(pointer: pointer))
        let threadName = threadName
        let started = PThread.start { [self] in
            // Named from inside, before any work, so the name is there as soon as the thread is.
            _ = nearby_name_this_thread(threadName)
            CurlLoop(curl: curl, multi: running.multi.pointer, engine: self).run()
        }
        guard started else { return .failure(.cannotConnect("the network library could not start")) }
        return .success(running)
    }

    private func post(_ command: Command, to running: Running) {
        inbox.withLock { $0.append(command) }
        _ = nearby_curl_multi_wakeup(running.curl.api, running.multi.pointer)
    }
}

/// The multi handle's address. Other threads use it for `curl_multi_wakeup` only, which libcurl documents as
/// safe to call from any thread; everything else happens on the engine thread.
struct MultiHandle: @unchecked Sendable {
    let pointer: UnsafeMutableRawPointer
}
