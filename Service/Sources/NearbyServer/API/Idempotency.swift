import Foundation
import NearbyData

/// A request sent with an `Idempotency-Key`, as it is remembered: a retry must be the same request.
public struct IdempotentRequest: Sendable, Hashable {
    public var key: String
    public var method: String
    public var path: String
    public var body: Data

    public init(key: String, method: String, path: String, body: Data) {
        self.key = key
        self.method = method
        self.path = path
        self.body = body
    }
}

/// An answer kept for a key: what a retry is answered with.
public struct StoredAnswer: Sendable, Hashable {
    public var status: Int
    public var contentType: String?
    public var location: String?
    public var body: Data

    public init(status: Int, contentType: String?, location: String?, body: Data) {
        self.status = status
        self.contentType = contentType
        self.location = location
        self.body = body
    }

    init(_ response: ServerResponse) {
        self.init(status: response.status, contentType: response.headers["Content-Type"],
                  location: response.headers["Location"], body: response.body)
    }

    /// The answer again, marked as a replay.
    var replayed: ServerResponse {
        var headers = ["Idempotent-Replayed": "true"]
        if let contentType { headers["Content-Type"] = contentType }
        if let location { headers["Location"] = location }
        return ServerResponse(status: status, headers: headers, body: body)
    }
}

/// Where the answers to `Idempotency-Key` requests are kept, so that any instance answers a retry the same.
public protocol IdempotencyStore: Sendable {
    /// The first time a key is seen, runs `operation` and keeps its answer when it succeeded (2xx); a failed
    /// answer is not kept, so the client may retry. Later, within `Idempotency.retention`, answers what was
    /// kept without running anything. The same key with a different request is refused (422). Throws when the
    /// store itself failed, so the caller can log why and answer in words.
    func answer(_ request: IdempotentRequest, operation: @escaping @Sendable () async -> ServerResponse)
        async throws(IdempotencyFailure) -> ServerResponse
}

/// Why an `IdempotencyStore` could not answer; `detail` is for the operator's log.
public enum IdempotencyFailure: Error, Sendable {
    /// The database could not be reached or did not answer in time: worth retrying shortly.
    case unavailable(detail: String)
    /// The store failed otherwise.
    case failed(detail: String)

    public var detail: String {
        switch self {
        case .unavailable(let detail), .failed(let detail): detail
        }
    }

    /// What the client is told.
    var response: ServerResponse {
        switch self {
        case .unavailable: DatabaseUnavailable.response(writing: true)
        case .failed: .error(500, "The store failed; the request was not completed.")
        }
    }
}

/// The rules shared by every `IdempotencyStore`.
public enum Idempotency {
    /// How long an answer is kept.
    public static let retention: Duration = .seconds(24 * 3600)
    /// Keys are opaque text from the client: printable ASCII, at most this long.
    public static let maximumKeyLength = 255

    /// The key of a request, or a 400 when the header is not a usable key.
    static func key(of request: ServerRequest) -> Result<String, ServerResponseBox>? {
        guard let key = request.headers["idempotency-key"] else { return nil }
        if request.repeatedHeaders.contains("idempotency-key") {
            return .failure(ServerResponseBox(.error(400, "Send one Idempotency-Key header, not several.")))
        }
        guard !key.isEmpty, key.utf8.count <= maximumKeyLength,
              key.utf8.allSatisfy({ (0x21...0x7E).contains($0) }) else {
            return .failure(ServerResponseBox(.error(
                400, "Idempotency-Key must be 1 to \(maximumKeyLength) printable ASCII characters without spaces.")))
        }
        return .success(key)
    }

    static let mismatch = ServerResponse.error(
        422, "This Idempotency-Key was already used for a different request; use a new key.")
    static let inProgress = ServerResponse.error(
        409, "A request with this Idempotency-Key is still being processed; retry shortly.",
        headers: ["Retry-After": "1"])
}
