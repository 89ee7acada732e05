import Foundation
import NearbyData
import TestSupport
import Locking
import NearbyHTTP

/// A stand-in for an Overpass API instance, in the test process, on 127.0.0.1 and a free port.
///
/// It answers `POST /api/interpreter` the way the test scripts it (the fixture, an error status with its
/// headers, a 200 whose `remark` reports a runtime error, a body that is not JSON) and `GET /api/status` with
/// the plain-text page real instances serve (slots free now, or the next slot in so many seconds). Like
/// the real service it refuses a query without `[out:json]`, without a `[timeout:N]`, or without a bound
/// (`around:` or a bounding box). It counts what it was asked, can hold answers until the test releases
/// them, and can be stopped and started again on the same port, like a service that goes away.
public final class OverpassStandIn: Sendable {
    /// What the next queries are answered with.
    public enum Answer: Sendable {
        /// 200 with the fixture JSON.
        case fixture
        /// 200 with the fixture's elements and a `remark`, as Overpass answers a query that ran out of time
        /// or memory part way.
        case remark(String)
        /// `status` with `body` and `headers` (a 429 with `Retry-After`).
        case status(Int, body: String, headers: [String: String] = [:])
    }

    /// The path the app posts its Overpass QL to: the app's `--places-url` plus `/interpreter`.
    public static let interpreterPath = "/api/interpreter"
    /// The status page: the app's `--places-url` plus `/status`.
    public static let statusPath = "/api/status"

    public let port: UInt16
    private let script: Script
    private let server: Locked<LoopbackHTTPServer?>

    private init(port: UInt16, script: Script, server: LoopbackHTTPServer) {
        self.port = port
        self.script = script
        self.server = Locked(server)
    }

    /// Starts answering with `fixture` (Overpass JSON).
    public static func start(fixture: String) async throws -> OverpassStandIn {
        let script = Script(fixture: Data(fixture.utf8))
        let server = try makeServer(port: 0, script: script)
        let port = try await server.start()
        return OverpassStandIn(port: port, script: script, server: server)
    }

    /// What the app's `--places-url` is set to: the API root, as the app documents it.
    public var placesURL: String { "http://127.0.0.1:\(port)/api" }

    /// The endpoint itself, as Overpass instances advertise it; the app takes it to mean the root.
    public var interpreterURL: String { "http://127.0.0.1:\(port)\(Self.interpreterPath)" }

    /// Every request so far, in order of arrival.
    public var requests: [StubRequest] { script.requests }

    /// The queries posted so far (the form's `data`, decoded).
    public var queries: [String] {
        requests.filter { $0.path == Self.interpreterPath }.map { request in
            let form = String(decoding: request.body, as: UTF8.self)
            let data = form.hasPrefix("data=") ? String(form.dropFirst(5)) : form
            return data.replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? data
        }
    }

    /// Answers the next queries with `answer`.
    public func answer(_ answer: Answer) { script.setAnswer(answer) }

    /// What the status page says from now on: the next slot in `seconds`, or (nil) slots free now.
    public func setNextSlot(in seconds: Int?) { script.setNextSlot(seconds) }

    /// Holds every answer from now on until `releaseAnswers()`.
    public func holdAnswers() { script.gate.close() }

    /// Sends the held answers, and answers at once from now on.
    public func releaseAnswers() { script.gate.open() }

    /// Stops listening and closes every connection; held answers are released first so nothing hangs.
    public func stop() async {
        script.gate.open()
        let running = server.withLock { current -> LoopbackHTTPServer? in
            defer { current = nil }
            return current
        }
        await running?.stop()
    }

    /// Listens again on the same port (after `stop()`).
    public func restart() async throws {
        await stop()
        let fresh = try Self.makeServer(port: port, script: script)
        try await fresh.start()
        server.withLock { $0 = fresh }
    }

    private static func makeServer(port: UInt16, script: Script) throws -> LoopbackHTTPServer {
        LoopbackHTTPServer(port: port, bodyLimit: 64 * 1024) { request in
            await script.respond(to: request)
        }
    }
}

/// The stand-in's state, shared by every server it starts: what to answer, what was asked, the gate.
private final class Script: Sendable {
    let fixture: Data
    let gate = AnswerGate()
    private let answer = Locked<OverpassStandIn.Answer>(.fixture)
    private let nextSlot = Locked<Int?>(nil)
    private let received = Locked<[StubRequest]>([])

    init(fixture: Data) { self.fixture = fixture }

    var requests: [StubRequest] { received.withLock { $0 } }

    func setAnswer(_ value: OverpassStandIn.Answer) { answer.withLock { $0 = value } }
    func setNextSlot(_ seconds: Int?) { nextSlot.withLock { $0 = seconds } }

    func respond(to request: StubRequest) async -> StubResponse {
        received.withLock { $0.append(request) }
        if request.method == "GET", request.path == OverpassStandIn.statusPath { return status() }
        guard request.method == "POST", request.path == OverpassStandIn.interpreterPath else {
            return StubResponse(status: 404, body: Data("not an Overpass route".utf8))
        }
        if let refusal = Self.refusal(of: request) { return refusal }
        await gate.pass()
        // The answer in force when the request is released, so a test can change it while holding.
        switch answer.withLock({ $0 }) {
        case .fixture:
            return .json(200, data: fixture)
        case .remark(let remark):
            var document = (try? JSONValue.parse(fixture)) ?? .object([:])
            if case .object(var fields) = document {
                fields["remark"] = .string(remark)
                document = .object(fields)
            }
            return .json(200, document)
        case .status(let status, let body, let headers):
            var all = headers
            all["Content-Type"] = all["Content-Type"] ?? "application/json"
            return StubResponse(status: status, headers: all, body: Data(body.utf8))
        }
    }

    /// What a real instance says about a query it will not run: 400 with its error page.
    private static func refusal(of request: StubRequest) -> StubResponse? {
        let form = String(decoding: request.body, as: UTF8.self)
        guard form.hasPrefix("data=") else { return badRequest("Missing data parameter") }
        let query = String(form.dropFirst(5)).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? ""
        guard query.hasPrefix("[out:json]") else { return badRequest("the stand-in answers JSON only") }
        guard query.range(of: #"\[timeout:[0-9]+\]"#, options: .regularExpression) != nil else {
            return badRequest("no [timeout:N] setting")
        }
        guard query.contains("(around:") || query.contains("(id:") || query.range(of: #"^\[out:json\]\[timeout:[0-9]+\];(node|way|relation)\([0-9]+\);"#, options: .regularExpression) != nil else {
            return badRequest("an unbounded query")
        }
        return nil
    }

    private static func badRequest(_ reason: String) -> StubResponse {
        StubResponse(status: 400, headers: ["Content-Type": "text/html"],
                       body: Data("<p><strong style=\"color:#FF0000\">Error</strong>: \(reason)</p>".utf8))
    }

    /// The status page of an instance with a rate limit of two slots.
    private func status() -> StubResponse {
        var lines = ["Connected as: 2130706433", "Current time: 2026-11-23T10:00:00Z", "Announced endpoint: none",
                     "Rate limit: 2"]
        if let seconds = nextSlot.withLock({ $0 }) {
            lines.append("Slot available after: 2026-11-23T10:00:\(String(format: "%02d", min(seconds, 59)))Z, "
                         + "in \(seconds) seconds.")
            lines.append("Slot available after: 2026-11-23T10:01:30Z, in \(seconds + 90) seconds.")
        } else {
            lines.append("2 slots available now.")
        }
        lines.append("Currently running queries (pid, space limit, time limit, start time):")
        return StubResponse(status: 200, headers: ["Content-Type": "text/plain; charset=utf-8"],
                              body: Data((lines.joined(separator: "\n") + "\n").utf8))
    }
}
