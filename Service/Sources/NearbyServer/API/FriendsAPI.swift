import Foundation
import NearbyCore
import NearbyData
import NearbyRemote
import NearbyHTTP
import Pictures

/// The friends routes over any `FriendsRepository`: the legacy ones (`/listFriends`, `/addFriend`,
/// `/editFriend/{id}`) and the REST ones under `/api/friends`. JSON in and out; errors are JSON too.
/// Authentication is the service's job (`ServiceAPI`), before a request gets here.
public struct FriendsAPI: Sendable {
    private let repository: any FriendsRepository
    private let log: (@Sendable (String) -> Void)?

    /// - Parameter log: receives details of store failures, which clients only see as a 500.
    public init(repository: any FriendsRepository, log: (@Sendable (String) -> Void)? = nil) {
        self.repository = repository
        self.log = log
    }

    /// The route a method and path ask for, or nil when the path is none of the friends routes.
    static func route(method: String, path: String) -> FriendsRoute? {
        FriendsRoute(method: method, path: path)
    }

    /// Answers a request for `route`.
    func respond(to request: ServerRequest, route: FriendsRoute) async -> ServerResponse {
        switch route {
        case .wrongMethod(let allowed):
            return .error(405, "Use \(allowed.joined(separator: " or ")) here.",
                          headers: ["Allow": allowed.joined(separator: ", ")])
        case .unknownID:
            return .error(404, "No friend with that id.")
        default:
            break
        }
        if request.bodyTooLarge {
            return .error(413, "The body is too large.")
        }
        do throws(FriendsError) {
            return try await perform(route, request)
        } catch {
            return respond(to: error, writing: request.method.uppercased() != "GET")
        }
    }

    private func perform(_ route: FriendsRoute, _ request: ServerRequest) async throws(FriendsError) -> ServerResponse {
        switch route {
        case .list:
            return try await list(request)
        case .one(let id):
            return .json(200, data: FriendJSON.data(of: try await repository.friend(id: id)))
        case .add(let legacy):
            let draft: FriendDraft
            switch read(request, FriendInput.draft) {
            case .success(let value): draft = value
            case .failure(let refusal): return refusal.response
            }
            let friend = try await repository.addFriend(draft)
            return .json(legacy ? 200 : 201, data: FriendJSON.data(of: friend),
                         headers: legacy ? [:] : ["Location": "/api/friends/\(friend.id)"])
        case .replace(let id):
            let replacement: FriendChanges
            switch read(request, FriendInput.replacement) {
            case .success(let value): replacement = value
            case .failure(let refusal): return refusal.response
            }
            return .json(200, data: FriendJSON.data(of: try await repository.updateFriend(id: id, changes: replacement)))
        case .patch(let id):
            let changes: FriendChanges
            switch read(request, FriendInput.changes) {
            case .success(let value): changes = value
            case .failure(let refusal): return refusal.response
            }
            // One atomic write of only these fields: edits of other fields made meanwhile survive.
            return .json(200, data: FriendJSON.data(of: try await repository.updateFriend(id: id, changes: changes)))
        case .delete(let id):
            try await repository.deleteFriend(id: id)
            return .json(200, .object(["id": .integer(id), "deleted": .bool(true)]))
        case .photo(let id):
            guard let photos = repository as? any FriendPhotos else { return Self.keepsNoPhotos }
            guard let photo = try await photos.photo(of: id), let type = PictureCodec.mediaType(of: photo) else {
                return .error(404, "That friend has no photo.")
            }
            return ServerResponse(status: 200, headers: ["Content-Type": type, "Cache-Control": "no-cache"],
                                  body: Data(photo))
        case .setPhoto(let id):
            guard let photos = repository as? any FriendPhotos else { return Self.keepsNoPhotos }
            guard PictureCodec.mediaType(of: [UInt8](request.body)) != nil else {
                return .error(415, "The body is not a JPEG, PNG or WebP picture.")
            }
            try await photos.setPhoto([UInt8](request.body), of: id)
            return .json(200, .object(["id": .integer(id), "photo": .bool(true)]))
        case .deletePhoto(let id):
            guard let photos = repository as? any FriendPhotos else { return Self.keepsNoPhotos }
            try await photos.setPhoto(nil, of: id)
            return .json(200, .object(["id": .integer(id), "photo": .bool(false)]))
        case .wrongMethod, .unknownID:
            return .error(404, "No such route.")
        }
    }

    /// A backend whose address book has no photos (none of Nearby's, but a repository handed in may not).
    private static let keepsNoPhotos = ServerResponse.error(404, "This service keeps no photos.")

    /// The whole list, or with `offset`, `limit` or `filter` in the query a window of it, its size in
    /// `X-Total-Count`.
    private func list(_ request: ServerRequest) async throws(FriendsError) -> ServerResponse {
        let query = request.query
        guard query["offset"] != nil || query["limit"] != nil || query["filter"] != nil else {
            if let direct = repository as? any FriendsListJSON {
                return .json(200, data: Data(try await direct.listFriendsJSON()))
            }
            return .json(200, data: FriendJSON.data(of: try await repository.listFriends()))
        }
        guard let offset = Int(query["offset"] ?? "0"), offset >= 0,
              let limit = Int(query["limit"] ?? "100"), (0...1000).contains(limit) else {
            return .error(400, "offset must be 0 or more and limit between 0 and 1000.")
        }
        let page = try await repository.friendsPage(filter: query["filter"], offset: offset, limit: limit)
        return .json(200, data: FriendJSON.data(of: page.friends),
                     headers: ["X-Total-Count": String(page.total)])
    }

    private func read<Value>(_ request: ServerRequest, _ reader: (JSONValue) -> FriendInput.Outcome<Value>)
        -> Result<Value, ServerResponseBox> {
        guard let value = try? JSONValue.parse(request.body) else {
            return .failure(ServerResponseBox(.error(400, "The body must be JSON.")))
        }
        switch reader(value) {
        case .value(let value):
            return .success(value)
        case .notAnObject:
            return .failure(ServerResponseBox(.error(400, "The body must be a JSON object of a friend.")))
        case .problems(let problems):
            return .failure(ServerResponseBox(Self.validationError(problems)))
        }
    }

    /// 400 naming the first field in form order, with every problem under `fields`.
    static func validationError(_ problems: [FriendField: String]) -> ServerResponse {
        let first = FriendField.allCases.first { problems[$0] != nil } ?? .firstName
        let reason = problems[first] ?? "Not accepted"
        var all: [String: JSONValue] = [:]
        for (field, problem) in problems { all[FriendJSON.wireName(of: field)] = .string(problem) }
        return .error(400, "\(FriendJSON.wireName(of: first)): \(reason)",
                      extra: ["field": .string(FriendJSON.wireName(of: first)), "reason": .string(reason),
                              "fields": .object(all)])
    }

    private func respond(to error: FriendsError, writing: Bool) -> ServerResponse {
        switch error {
        case .notFound: return .error(404, "No friend with that id.")
        case .unauthorized: return .error(401, "Not allowed.", headers: ["WWW-Authenticate": "Bearer"])
        case .invalid(let field, let reason): return Self.validationError([field: reason])
        case .network(let detail):
            // From a service's backend: its database could not be reached or did not answer in time.
            log?("store unavailable: \(detail)")
            return DatabaseUnavailable.response(writing: writing)
        case .storage(let detail):
            log?("store failure: \(detail)")
            return .error(500, "The friends store failed; the request was not completed.")
        }
    }
}

/// A response carried as a `Result` failure.
struct ServerResponseBox: Error {
    let response: ServerResponse
    init(_ response: ServerResponse) { self.response = response }
}

/// What a method and path ask of the friends routes.
enum FriendsRoute: Equatable {
    case list
    case one(Friend.ID)
    case add(legacy: Bool)
    case replace(Friend.ID)
    case patch(Friend.ID)
    case delete(Friend.ID)
    /// `/api/friends/{id}/photo`: the friend's photo (GET), a new one (PUT, the picture as the body), none (DELETE).
    case photo(Friend.ID)
    case setPhoto(Friend.ID)
    case deletePhoto(Friend.ID)
    case wrongMethod(allowed: [String])
    case unknownID

    init?(method: String, path: String) {
        let segments = path.split(separator: "/", omittingEmptySubsequences: true)
        let method = method.uppercased()
        switch segments.count {
        case 1 where segments[0] == "listFriends":
            self = method == "GET" ? .list : .wrongMethod(allowed: ["GET"])
        case 1 where segments[0] == "addFriend":
            self = method == "POST" ? .add(legacy: true) : .wrongMethod(allowed: ["POST"])
        case 2 where segments[0] == "editFriend":
            guard let id = Self.id(segments[1]) else { self = .unknownID; return }
            switch method {
            case "PATCH": self = .patch(id)
            case "DELETE": self = .delete(id)
            default: self = .wrongMethod(allowed: ["PATCH", "DELETE"])
            }
        case 2 where segments[0] == "api" && segments[1] == "friends":
            switch method {
            case "GET": self = .list
            case "POST": self = .add(legacy: false)
            default: self = .wrongMethod(allowed: ["GET", "POST"])
            }
        case 3 where segments[0] == "api" && segments[1] == "friends":
            guard let id = Self.id(segments[2]) else { self = .unknownID; return }
            switch method {
            case "GET": self = .one(id)
            case "PUT": self = .replace(id)
            case "PATCH": self = .patch(id)
            case "DELETE": self = .delete(id)
            default: self = .wrongMethod(allowed: ["GET", "PUT", "PATCH", "DELETE"])
            }
        case 4 where segments[0] == "api" && segments[1] == "friends" && segments[3] == "photo":
            guard let id = Self.id(segments[2]) else { self = .unknownID; return }
            switch method {
            case "GET": self = .photo(id)
            case "PUT": self = .setPhoto(id)
            case "DELETE": self = .deletePhoto(id)
            default: self = .wrongMethod(allowed: ["GET", "PUT", "DELETE"])
            }
        default:
            return nil
        }
    }

    private static func id(_ segment: Substring) -> Friend.ID? {
        guard let id = Friend.ID(segment), id > 0 else { return nil }
        return id
    }
}
