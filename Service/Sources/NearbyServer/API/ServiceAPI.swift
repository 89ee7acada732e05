import Foundation
import NearbyCore
import NearbyData
import NearbyHTTP

/// Every route of the service: `/healthz`, `/readyz` and `/metrics` without a token; then, behind the bearer
/// token when one is set, the friends routes, the places routes, and `Idempotency-Key` on POST.
public struct ServiceAPI: Sendable {
    private let backend: any ServiceBackend
    private let token: String?
    private let metrics: ServiceMetrics
    private let friendsAPI: FriendsAPI
    private let placesAPI: PlacesAPI?
    private let log: (@Sendable (String) -> Void)?

    /// - Parameters:
    ///   - token: when set, every route but the operational ones needs `Authorization: Bearer <token>`.
    ///   - log: receives details of store failures, which clients only see as a 500.
    public init(backend: any ServiceBackend, token: String?, metrics: ServiceMetrics,
                log: (@Sendable (String) -> Void)? = nil) {
        self.backend = backend
        self.token = token
        self.metrics = metrics
        self.log = log
        friendsAPI = FriendsAPI(repository: backend.friends, log: log)
        placesAPI = backend.places.map { places in
            PlacesAPI(provider: places, acceptsCursor: { [backend] in backend.acceptsCursor($0) }, log: log)
        }
    }

    public func respond(to request: ServerRequest) async -> ServerResponse {
        if let operational = await operational(request) { return operational }
        if let refusal = authorizationRefusal(request) { return refusal }
        let recorder = WritePositionRecorder()
        var response = await ReadYourWrites.$readAfter.withValue(request.headers[ReadYourWrites.readAfterHeader]) {
            await ReadYourWrites.$recorder.withValue(recorder) { await route(request) }
        }
        if let position = recorder.value { response.headers[ReadYourWrites.writtenHeader] = position }
        return response
    }

    private func route(_ request: ServerRequest) async -> ServerResponse {
        // No name, id or search holds a NUL, and no PostgreSQL text can: one in the path or a parameter is a
        // malformed request on every backend, said as one (the local store and PostgreSQL once differed).
        if request.path.unicodeScalars.contains("\0")
            || request.query.contains(where: { $0.key.unicodeScalars.contains("\0") || $0.value.unicodeScalars.contains("\0") }) {
            return .error(400, "A parameter holds a NUL character (%00), which no name, id or search can hold.")
        }
        if let route = PlacesAPI.route(method: request.method, path: request.path) {
            guard let placesAPI else { return .error(404, "This service keeps no places.") }
            return await placesAPI.respond(to: request, route: route)
        }
        guard let route = FriendsAPI.route(method: request.method, path: request.path) else {
            return .error(404, "No such route.")
        }
        guard request.method.uppercased() == "POST" else { return await friendsAPI.respond(to: request, route: route) }
        switch Idempotency.key(of: request) {
        case nil:
            return await friendsAPI.respond(to: request, route: route)
        case .failure(let refusal)?:
            return refusal.response
        case .success(let key)?:
            let remembered = IdempotentRequest(key: key, method: "POST", path: request.path, body: request.body)
            let api = friendsAPI
            do {
                return try await backend.idempotency.answer(remembered) { await api.respond(to: request, route: route) }
            } catch {
                log?("idempotency key store failure: \(error.detail)")
                return error.response
            }
        }
    }

    /// The answer to a request its head alone refuses: a route that wants the token, without it (or with a wrong
    /// one). Asked before the body is read, so a client without the token cannot hold a connection with a slow
    /// body; nil when the body should be read.
    public func refusalBeforeBody(_ request: ServerRequest) -> ServerResponse? {
        Self.isOperational(request.path) ? nil : authorizationRefusal(request)
    }

    /// 400 for two Authorization headers, 401 without the token; nil when no token is set or it was given.
    private func authorizationRefusal(_ request: ServerRequest) -> ServerResponse? {
        guard let token else { return nil }
        if request.repeatedHeaders.contains("authorization") {
            return .error(400, "Send one Authorization header, not several.")
        }
        if !Self.authorizes(request.headers["authorization"], token: token) {
            return .error(401, "A valid bearer token is required.", headers: ["WWW-Authenticate": "Bearer"])
        }
        return nil
    }

    /// Whether `token` can be a bearer token: not empty, no spaces, no control characters (as the client side
    /// checks its own), since a header cannot carry them intact.
    public static func isUsableToken(_ token: String) -> Bool {
        !token.isEmpty && !token.contains(where: { $0.isWhitespace })
            && !token.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
    }

    /// Whether `path` is one of the routes that answer without a token.
    static func isOperational(_ path: String) -> Bool {
        path == "/healthz" || path == "/readyz" || path == "/metrics"
    }

    /// `/healthz` (the process answers), `/readyz` (the data can be served) and `/metrics`.
    private func operational(_ request: ServerRequest) async -> ServerResponse? {
        guard Self.isOperational(request.path) else { return nil }
        guard ["GET", "HEAD"].contains(request.method.uppercased()) else {
            return .error(405, "Use GET here.", headers: ["Allow": "GET"])
        }
        switch request.path {
        case "/healthz":
            return .json(200, .object(["status": .string("alive")]))
        case "/readyz":
            let readiness = await backend.readiness()
            var checks: [String: JSONValue] = [:]
            for check in readiness.checks { checks[check.name] = .string(check.state) }
            return .json(readiness.isReady ? 200 : 503,
                         .object(["status": .string(readiness.isReady ? "ready" : "not ready"), "checks": .object(checks)]))
        default:
            return ServerResponse(status: 200, headers: ["Content-Type": "text/plain; version=0.0.4; charset=utf-8"],
                                  body: Data(metrics.exposition(gauges: backend.gauges()).utf8))
        }
    }

    /// Compares in time independent of where the strings differ, so the token cannot be guessed byte by byte.
    static func authorizes(_ header: String?, token: String) -> Bool {
        guard let header else { return false }
        let parts = header.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else { return false }
        let given = Array(parts[1].trimmingCharacters(in: .whitespaces).utf8), wanted = Array(token.utf8)
        var difference = UInt8(given.count == wanted.count ? 0 : 1)
        for index in wanted.indices {
            difference |= wanted[index] ^ (index < given.count ? given[index] : 0)
        }
        return difference == 0
    }
}
