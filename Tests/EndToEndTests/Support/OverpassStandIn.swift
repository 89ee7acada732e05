import Foundation
import NearbyData
import NearbyServer
import Synchronization

/// A stand-in for the Overpass API, in the test process, on 127.0.0.1 and a free port.
///
/// It answers `POST /api/interpreter` the way the test scripts it (the fixture, an error status, a body that
/// is not JSON), counts what it was asked, can hold answers until the test releases them (so a screen's
/// loading row stays up exactly as long as the test needs it), and can be stopped and started again on the
/// same port, like a service that goes away and comes back.
final class OverpassStandIn: Sendable {
    /// What the next requests are answered with.
    enum Answer: Sendable {
        /// 200 with the fixture JSON.
        case fixture
        /// `status` with `body`.
        case status(Int, body: String)
    }

    /// The path the app posts its Overpass QL to: the app's `--places-url` plus `/interpreter`.
    static let interpreterPath = "/api/interpreter"

    let port: UInt16
    private let script: Script
    private let server: Mutex<LocalHTTPServer?>

    private init(port: UInt16, script: Script, server: LocalHTTPServer) {
        self.port = port
        self.script = script
        self.server = Mutex(server)
    }

    /// Starts answering with `fixture` (Overpass JSON).
    static func start(fixture: String) async throws -> OverpassStandIn {
        let script = Script(fixture: Data(fixture.utf8))
        let server = try makeServer(port: 0, script: script)
        let port = try await server.start()
        return OverpassStandIn(port: port, script: script, server: server)
    }

    /// What the app's `--places-url` is set to: the API root, as the app documents it.
    var placesURL: String { "http://127.0.0.1:\(port)/api" }

    /// The endpoint itself, as Overpass instances advertise it; the app takes it to mean the root.
    var interpreterURL: String { "http://127.0.0.1:\(port)\(Self.interpreterPath)" }

    /// Every request so far, in order of arrival.
    var requests: [ServerRequest] { script.requests }

    /// Answers the next requests with `answer`.
    func answer(_ answer: Answer) { script.setAnswer(answer) }

    /// Holds every answer from now on until `releaseAnswers()`.
    func holdAnswers() { script.gate.close() }

    /// Sends the held answers, and answers at once from now on.
    func releaseAnswers() { script.gate.open() }

    /// Stops listening and closes every connection; held answers are released first so nothing hangs.
    func stop() async {
        script.gate.open()
        let running = server.withLock { current -> LocalHTTPServer? in
            defer { current = nil }
            return current
        }
        await running?.stop()
    }

    /// Listens again on the same port (after `stop()`).
    func restart() async throws {
        await stop()
        let fresh = try Self.makeServer(port: port, script: script)
        try await fresh.start()
        server.withLock { $0 = fresh }
    }

    private static func makeServer(port: UInt16, script: Script) throws -> LocalHTTPServer {
        try LocalHTTPServer(host: "127.0.0.1", port: port, bodyLimit: 64 * 1024) { request in
            await script.respond(to: request)
        }
    }
}

/// The stand-in's state, shared by every server it starts: what to answer, what was asked, the gate.
private final class Script: Sendable {
    let fixture: Data
    let gate = AnswerGate()
    private let answer = Mutex<OverpassStandIn.Answer>(.fixture)
    private let received = Mutex<[ServerRequest]>([])

    init(fixture: Data) { self.fixture = fixture }

    var requests: [ServerRequest] { received.withLock { $0 } }

    func setAnswer(_ value: OverpassStandIn.Answer) { answer.withLock { $0 = value } }

    func respond(to request: ServerRequest) async -> ServerResponse {
        received.withLock { $0.append(request) }
        guard request.method == "POST", request.path == OverpassStandIn.interpreterPath else {
            return ServerResponse(status: 404, body: Data("not an Overpass route".utf8))
        }
        await gate.pass()
        // The answer in force when the request is released, so a test can change it while holding.
        switch answer.withLock({ $0 }) {
        case .fixture:
            return .json(200, data: fixture)
        case .status(let status, let body):
            return ServerResponse(status: status, headers: ["Content-Type": "application/json"], body: Data(body.utf8))
        }
    }
}

/// Lets requests through while open; while closed, each waits until it opens.
private final class AnswerGate: Sendable {
    private let state = Mutex<(isOpen: Bool, waiting: [CheckedContinuation<Void, Never>])>((true, []))

    func close() { state.withLock { $0.isOpen = false } }

    func open() {
        let waiting = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.isOpen = true
            defer { state.waiting = [] }
            return state.waiting
        }
        for continuation in waiting { continuation.resume() }
    }

    func pass() async {
        await withCheckedContinuation { continuation in
            let isOpen = state.withLock { state -> Bool in
                if !state.isOpen { state.waiting.append(continuation) }
                return state.isOpen
            }
            if isOpen { continuation.resume() }
        }
    }
}
