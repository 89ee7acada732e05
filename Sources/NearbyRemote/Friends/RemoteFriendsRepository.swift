import FoundationEssentials
import Logging
import NearbyCore
import NearbyHTTP
import NearbyData

/// Friends kept by a remote JSON service: `GET /listFriends`, `POST /addFriend`,
/// `PATCH /editFriend/{id}`, `DELETE /editFriend/{id}`, optionally with a bearer token.
public struct RemoteFriendsRepository: FriendsRepository {
    private let client: HTTPClient
    private let token: String?
    /// "http://127.0.0.1:8080": where the service is, for messages (no path, no credentials).
    private let address: String?

    /// - Parameters:
    ///   - baseURL: the service's address (from `--friends-url`, the config file or the environment).
    ///   - token: sent as `Authorization: Bearer …` when given.
    public init(baseURL: URL, token: String? = nil, timeout: Duration = .seconds(15), maxBodySize: Int = 16 << 20) {
        self.init(client: HTTPClient(baseURL: baseURL, timeout: timeout, maxBodySize: maxBodySize,
                                     headers: ["Accept": "application/json", "User-Agent": "nearby"]),
                  token: token, address: Self.address(of: baseURL))
    }

    public init(client: HTTPClient, token: String? = nil, address: String? = nil) {
        self.client = client
        self.token = token
        self.address = address
    }

    /// "http://127.0.0.1:8080" for a base URL: scheme, host and port, so a message can name the address it
    /// tried without a path or credentials.
    public static func address(of url: URL) -> String {
        guard let scheme = url.scheme, let host = url.host else { return "the friends service" }
        let shownHost = host.contains(":") ? "[\(host)]" : host
        return "\(scheme)://\(shownHost)" + (url.port.map { ":\($0)" } ?? "")
    }

    public func listFriends() async throws(FriendsError) -> [Friend] {
        let body = try await call("GET", "/listFriends")
        let value = try parse(body)
        guard let list = FriendJSON.friends(from: value) else {
            throw .network("The friends service did not answer with a list.")
        }
        // Unreadable entries are left out rather than failing the whole list; a list of nothing but
        // unreadable entries is an answer this client does not understand.
        if list.friends.isEmpty, list.skipped > 0 {
            throw .network("The friends service answered with \(list.skipped) entries that could not be read.")
        }
        if list.skipped > 0 {
            Logger(label: "nearby.friends").warning("""
                Left out \(list.skipped) of the friends service's entries: no positive id, an id listed twice, \
                a missing name or phone, or an impossible position or date.
                """)
        }
        return FriendListOrder.sorted(list.friends)
    }

    public func addFriend(_ draft: FriendDraft) async throws(FriendsError) -> Friend {
        let body = try await call("POST", "/addFriend", body: FriendJSON.object(of: draft).encoded())
        let value = try parse(body)
        if let friend = FriendJSON.friend(from: value) ?? FriendJSON.friend(from: value["friend"] ?? .null) {
            return friend
        }
        // Some services answer only the new id.
        guard let id = (value["id"] ?? value["friend"]?["id"])?.integerValue else {
            throw .network("The friends service did not say which id the new friend got.")
        }
        return Self.friend(id: id, draft: draft)
    }

    public func updateFriend(id: Friend.ID, with draft: FriendDraft) async throws(FriendsError) -> Friend {
        let body = try await call("PATCH", "/editFriend/\(id)", body: FriendJSON.object(of: draft).encoded())
        // Services differ in what an edit answers (the friend, a status, nothing); what was sent is what is.
        if let value = try? JSONValue.parse(body),
           let friend = FriendJSON.friend(from: value) ?? FriendJSON.friend(from: value["friend"] ?? .null),
           friend.id == id {
            return friend
        }
        return Self.friend(id: id, draft: draft)
    }

    public func deleteFriend(id: Friend.ID) async throws(FriendsError) {
        _ = try await call("DELETE", "/editFriend/\(id)")
    }

    // MARK: -

    private func call(_ method: String, _ path: String, body: Data? = nil) async throws(FriendsError) -> Data {
        let response = try await send(method, path, body: body)
        guard response.isSuccess else { throw Self.friendsError(status: response.status, body: response.body) }
        return response.body
    }

    /// One request with the token; the answer whatever its status (`call` throws for a failure).
    func send(_ method: String, _ path: String, body: Data? = nil, contentType: String = "application/json",
              accept: String? = nil) async throws(FriendsError) -> HTTPClient.Response {
        var headers: [String: String] = [:]
        if let token { headers["Authorization"] = "Bearer \(token)" }
        if body != nil { headers["Content-Type"] = contentType }
        if let accept { headers["Accept"] = accept }
        do {
            return try await client.send(HTTPClient.Request(method: method, path: path, headers: headers, body: body))
        } catch {
            throw Self.friendsError(for: error, address: address)
        }
    }

    private func parse(_ body: Data) throws(FriendsError) -> JSONValue {
        do {
            return try JSONValue.parse(body)
        } catch {
            throw .network("The friends service's answer could not be read.")
        }
    }

    static func friendsError(for failure: HTTPFailure, address: String? = nil) -> FriendsError {
        let service = address.map { "the friends service at \($0)" } ?? "the friends service"
        switch failure {
        case .status(let code, let body): return friendsError(status: code, body: body)
        case .cannotConnect: return .network("Could not connect to \(service); is it running?")
        case .timeout: return .network("No answer from \(service) in time.")
        default: return .network(failure.message)
        }
    }

    static func friendsError(status: Int, body: Data) -> FriendsError {
        switch status {
        case 401: return .unauthorized
        case 404: return .notFound
        case 400, 422:
            if let (field, reason) = fieldError(in: body) { return .invalid(field: field, reason: reason) }
            return .network("The friends service refused the request (HTTP \(status)).")
        default:
            return .network("The friends service answered with an error (HTTP \(status)).")
        }
    }

    /// The first field error in a 400 body: `{"field", "reason"|"message"|"error"}`, the same inside `error`,
    /// or a map of field to reason under `fields` or `errors`.
    static func fieldError(in body: Data) -> (FriendField, String)? {
        guard let value = try? JSONValue.parse(body) else { return nil }
        for candidate in [value, value["error"] ?? .null] {
            if let name = candidate["field"]?.stringValue, let field = FriendJSON.field(named: name) {
                let reason = (candidate["reason"] ?? candidate["message"] ?? candidate["error"])?.stringValue
                return (field, cleanReason(reason))
            }
        }
        for key in ["fields", "errors"] {
            guard case .object(let map)? = value[key] else { continue }
            for name in map.keys.sorted() {
                guard let field = FriendJSON.field(named: name) else { continue }
                let reason = map[name]?.stringValue ?? map[name]?.arrayValue?.first?.stringValue
                return (field, cleanReason(reason))
            }
        }
        return nil
    }

    private static func cleanReason(_ reason: String?) -> String {
        reason.flatMap { UntrustedText.clean($0, maxLength: 200) } ?? "Not accepted"
    }

    private static func friend(id: Friend.ID, draft: FriendDraft) -> Friend {
        let now = Date()
        return Friend(id: id, draft: draft, createdAt: now, updatedAt: now)
    }
}
