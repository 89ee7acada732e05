import Foundation
import NearbyCore
import NearbyData
import TestSupport
import Locking
import NearbyHTTP

/// A stand-in for Google Places API (New), in the test process, on 127.0.0.1 and a free port.
///
/// It checks what the real service checks and answers in its shapes:
/// - `POST /v1/places:searchNearby` (JSON: `includedTypes`, `maxResultCount` 1–20, `rankPreference`,
///   `locationRestriction.circle` with a radius in (0, 50000]), `POST /v1/places:searchText` (`textQuery`,
///   `pageSize`, `pageToken`, `includedType`, `locationRestriction.rectangle`) and `GET /v1/places/{id}`;
/// - the key in `X-Goog-Api-Key` (none: 403 `PERMISSION_DENIED`; a wrong one: 400 `INVALID_ARGUMENT` with
///   reason `API_KEY_INVALID`; a key of a project without the API: 403 with reason `SERVICE_DISABLED`);
/// - an `X-Goog-FieldMask` naming only fields that exist (none: 400 `INVALID_ARGUMENT`), and each answer
///   holds only the fields the mask names;
/// - types from the API's tables only (`Unsupported types: …` otherwise).
/// Places are the `GooglePlacesFixture`'s Place objects. The stand-in counts requests, can hold answers
/// until the test releases them, and can be scripted to fail (429 with `RetryInfo`, 500).
public final class GoogleStandIn: Sendable {
    /// How the stand-in treats keys.
    public enum KeyCheck: Sendable {
        /// Only `key` is accepted.
        case accepts(String)
        /// `key` belongs to a project where Places API (New) is not enabled.
        case serviceDisabled(String)
    }

    public let port: UInt16
    private let script: GoogleScript
    private let server: LoopbackHTTPServer

    private init(port: UInt16, script: GoogleScript, server: LoopbackHTTPServer) {
        self.port = port
        self.script = script
        self.server = server
    }

    /// Starts serving `places` (Places API (New) Place objects, with every field).
    /// The photo every place's media endpoint leads to: orange, a brown square in the middle.
    public static let photo = TestPictures.png(width: 64, height: 48, rgba: TestPictures.pattern(width: 64, height: 48) { x, y in
        (16..<48).contains(x) && (12..<36).contains(y) ? (120, 60, 20, 255) : (255, 140, 0, 255)
    })

    public static func start(keys: KeyCheck, places: [JSONValue] = GooglePlacesFixture.places) async throws
        -> GoogleStandIn {
        let script = GoogleScript(keys: keys, places: places)
        let server = LoopbackHTTPServer(port: 0, bodyLimit: 64 * 1024) { request in
            await script.respond(to: request)
        }
        let port = try await server.start()
        return GoogleStandIn(port: port, script: script, server: server)
    }

    /// The app's `--places-url`.
    public var baseURL: String { "http://127.0.0.1:\(port)" }

    /// Every request so far, in order of arrival.
    public var requests: [StubRequest] { script.requests }

    /// The requests to one route ("/v1/places:searchNearby", "/v1/places:searchText", "/v1/places/").
    public func requests(to route: String) -> [StubRequest] {
        requests.filter { route.hasSuffix("/") ? $0.path.hasPrefix(route) : $0.path == route }
    }

    /// Answers every request with `status` and `body` from now on (nil: serves places again).
    public func fail(status: Int?, body: String = "", headers: [String: String] = [:]) {
        script.setFailure(status.map { ($0, body, headers) })
    }

    /// Holds every answer from now on until `releaseAnswers()`.
    public func holdAnswers() { script.gate.close() }

    /// Sends the held answers, and answers at once from now on.
    public func releaseAnswers() { script.gate.open() }

    public func stop() async {
        script.gate.open()
        await server.stop()
    }

    /// Google's error body: `{"error": {"code", "message", "status", "details"}}`.
    public static func errorBody(code: Int, status: String, message: String, reason: String? = nil,
                                 retryDelay: String? = nil) -> String {
        var details: [JSONValue] = []
        if let reason {
            details.append(.object(["@type": .string("type.googleapis.com/google.rpc.ErrorInfo"),
                                    "reason": .string(reason), "domain": .string("googleapis.com"),
                                    "metadata": .object(["service": .string("places.googleapis.com")])]))
        }
        if let retryDelay {
            details.append(.object(["@type": .string("type.googleapis.com/google.rpc.RetryInfo"),
                                    "retryDelay": .string(retryDelay)]))
        }
        var error: [String: JSONValue] = ["code": .integer(Int64(code)), "message": .string(message),
                                          "status": .string(status)]
        if !details.isEmpty { error["details"] = .array(details) }
        return String(decoding: JSONValue.object(["error": .object(error)]).encoded(), as: UTF8.self)
    }
}

/// The stand-in's state and routes.
private final class GoogleScript: Sendable {
    let keys: GoogleStandIn.KeyCheck
    let places: [JSONValue]
    let gate = AnswerGate()
    private let received = Locked<[StubRequest]>([])
    private let failure = Locked<(Int, String, [String: String])?>(nil)

    init(keys: GoogleStandIn.KeyCheck, places: [JSONValue]) {
        self.keys = keys
        self.places = places
    }

    var requests: [StubRequest] { received.withLock { $0 } }

    func setFailure(_ value: (Int, String, [String: String])?) { failure.withLock { $0 = value } }

    func respond(to request: StubRequest) async -> StubResponse {
        received.withLock { $0.append(request) }
        await gate.pass()
        // Where the media endpoint sends a photo (Google's is another host, and asks for no key).
        if request.path.hasPrefix("/photo-bytes/") {
            return StubResponse(status: 200, headers: ["Content-Type": "image/png"], body: Data(GoogleStandIn.photo))
        }
        if let refusal = checkKey(request) { return refusal }
        // A place photo's media: a width is required, and the answer is a redirect to the picture.
        if request.method == "GET", request.path.hasPrefix("/v1/places/"), request.path.hasSuffix("/media") {
            guard let width = request.query["maxWidthPx"].flatMap(Int.init), (1...4800).contains(width) else {
                return invalid("maxWidthPx or maxHeightPx must be specified, between 1 and 4800.")
            }
            let reference = request.path.split(separator: "/").dropLast().last.map(String.init) ?? ""
            let location = "/photo-bytes/\(reference)?w=\(width)"
            // skipHttpRedirect: the picture's address in JSON, as Google answers; else a redirect to it.
            if request.query["skipHttpRedirect"] == "true" {
                let host = request.headers["host"] ?? "127.0.0.1"
                return .json(200, .object(["name": .string(String(request.path.dropFirst(4).dropLast(6))),
                                           "photoUri": .string("http://\(host)\(location)")]))
            }
            return StubResponse(status: 302, headers: ["Location": location])
        }
        if let (status, body, headers) = failure.withLock({ $0 }) {
            var all = headers
            all["Content-Type"] = "application/json; charset=UTF-8"
            return StubResponse(status: status, headers: all, body: Data(body.utf8))
        }
        let prefix = request.path.hasPrefix("/v1/places/") ? "" : "places."
        guard let mask = request.headers["x-goog-fieldmask"], !mask.isEmpty else {
            return invalid("FieldMask is a required parameter. See https://cloud.google.com/apis/docs/system-parameters "
                           + "on how to provide it. As an example, you can set the header 'X-Goog-FieldMask' to "
                           + "value 'places.displayName', 'places.id' to ask for the display name and the place id "
                           + "of a place.")
        }
        let fields = mask.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        for field in fields where field != "*" && field != "nextPageToken" {
            guard field.hasPrefix(prefix),
                  GooglePlacesFixture.fieldNames.contains(String(field.dropFirst(prefix.count).prefix { $0 != "." }))
            else { return invalid("Invalid field: \(field)") }
        }
        let wanted = Set(fields.map { String($0.dropFirst($0.hasPrefix(prefix) ? prefix.count : 0)) })
        switch (request.method, request.path) {
        case ("POST", "/v1/places:searchNearby"): return searchNearby(request, wanted: wanted)
        case ("POST", "/v1/places:searchText"): return searchText(request, wanted: wanted, withToken: fields.contains("nextPageToken"))
        case ("GET", let path) where path.hasPrefix("/v1/places/"):
            let id = String(path.dropFirst("/v1/places/".count))
            guard let place = places.first(where: { $0["id"]?.stringValue == id }) else {
                return error(404, "NOT_FOUND", "Requested entity was not found.")
            }
            return .json(200, masked(place, wanted))
        default:
            return error(404, "NOT_FOUND", "Method not found.")
        }
    }

    private func checkKey(_ request: StubRequest) -> StubResponse? {
        guard let key = request.headers["x-goog-api-key"] else {
            return error(403, "PERMISSION_DENIED", "The request is missing a valid API key.")
        }
        switch keys {
        case .accepts(let valid) where key == valid:
            return nil
        case .serviceDisabled(let known) where key == known:
            return error(403, "PERMISSION_DENIED", "Places API (New) has not been used in project 123 before or it "
                         + "is disabled. Enable it by visiting the Google Cloud console then retry.",
                         reason: "SERVICE_DISABLED")
        default:
            return error(400, "INVALID_ARGUMENT", "API key not valid. Please pass a valid API key.",
                         reason: "API_KEY_INVALID")
        }
    }

    private func searchNearby(_ request: StubRequest, wanted: Set<String>) -> StubResponse {
        guard let body = try? JSONValue.parse(request.body) else { return invalid("Invalid JSON payload received.") }
        let types = (body["includedTypes"]?.arrayValue ?? []).compactMap(\.stringValue)
        let unsupported = types.filter { !GooglePlacesFixture.tableATypes.contains($0) }
        guard unsupported.isEmpty else { return invalid("Unsupported types: \(unsupported.joined(separator: ", ")).") }
        guard types.count <= 50 else { return invalid("Too many included types.") }
        let count = body["maxResultCount"]?.integerValue ?? 20
        guard (1...20).contains(count) else { return invalid("maxResultCount must be between 1 and 20, inclusively.") }
        let rank = body["rankPreference"]?.stringValue ?? "POPULARITY"
        guard ["POPULARITY", "DISTANCE"].contains(rank) else { return invalid("Invalid rank preference.") }
        guard let circle = body["locationRestriction"]?["circle"],
              let latitude = circle["center"]?["latitude"]?.doubleValue,
              let longitude = circle["center"]?["longitude"]?.doubleValue,
              let radius = circle["radius"]?.doubleValue else {
            return invalid("locationRestriction.circle is required.")
        }
        guard radius > 0, radius <= 50_000 else { return invalid("radius must be greater than 0 and at most 50000.") }
        let center = Coordinate(latitude: latitude, longitude: longitude)
        var matches = places.filter { place in
            let placeTypes = (place["types"]?.arrayValue ?? []).compactMap(\.stringValue)
            guard types.isEmpty || !Set(types).isDisjoint(with: placeTypes), let point = Self.location(place) else {
                return false
            }
            // Google's circle restricts; a fixture place marked "strays" is sent anyway, as a test of the client.
            return center.distance(to: point) <= radius || place["strays"] != nil
        }
        if rank == "DISTANCE" {
            matches.sort { a, b in
                center.distance(to: Self.location(a) ?? center) < center.distance(to: Self.location(b) ?? center)
            }
        }
        let answer = matches.prefix(Int(count)).map { masked($0, wanted) }
        // No places: Google answers an empty object.
        return .json(200, answer.isEmpty ? .object([:]) : .object(["places": .array(Array(answer))]))
    }

    private func searchText(_ request: StubRequest, wanted: Set<String>, withToken: Bool) -> StubResponse {
        guard let body = try? JSONValue.parse(request.body) else { return invalid("Invalid JSON payload received.") }
        guard let text = body["textQuery"]?.stringValue, !text.isEmpty else { return invalid("Empty text_query.") }
        let size = Int(body["pageSize"]?.integerValue ?? 20)
        guard (1...20).contains(size) else { return invalid("page_size must be between 1 and 20.") }
        let type = body["includedType"]?.stringValue
        if let type, !GooglePlacesFixture.tableATypes.contains(type) { return invalid("Unsupported type: \(type).") }
        let rectangle = body["locationRestriction"]?["rectangle"]
        let words = text.lowercased().split(separator: " ").map(String.init)
        let matches = places.filter { place in
            let name = place["displayName"]?["text"]?.stringValue?.lowercased() ?? ""
            let placeTypes = (place["types"]?.arrayValue ?? []).compactMap(\.stringValue)
            guard words.allSatisfy({ name.contains($0) || placeTypes.contains($0) }),
                  type == nil || placeTypes.contains(type ?? ""), let point = Self.location(place) else { return false }
            guard let low = rectangle?["low"], let high = rectangle?["high"] else { return true }
            return point.latitude >= low["latitude"]?.doubleValue ?? -90 && point.latitude <= high["latitude"]?.doubleValue ?? 90
                && point.longitude >= low["longitude"]?.doubleValue ?? -180
                && point.longitude <= high["longitude"]?.doubleValue ?? 180
        }
        let start = body["pageToken"]?.stringValue.flatMap { $0.hasPrefix("page-") ? Int($0.dropFirst(5)) : nil } ?? 0
        let page = matches.dropFirst(start).prefix(size).map { masked($0, wanted) }
        var answer: [String: JSONValue] = [:]
        if !page.isEmpty { answer["places"] = .array(Array(page)) }
        if withToken, start + size < min(matches.count, 60) { answer["nextPageToken"] = .string("page-\(start + size)") }
        return .json(200, .object(answer))
    }

    /// The place with only the fields the mask names (a mask of `*` keeps them all).
    private func masked(_ place: JSONValue, _ wanted: Set<String>) -> JSONValue {
        guard case .object(let fields) = place, !wanted.contains("*") else { return place }
        return .object(fields.filter { wanted.contains($0.key) })
    }

    private static func location(_ place: JSONValue) -> Coordinate? {
        guard let latitude = place["location"]?["latitude"]?.doubleValue,
              let longitude = place["location"]?["longitude"]?.doubleValue else { return nil }
        return Coordinate(latitude: latitude, longitude: longitude)
    }

    private func invalid(_ message: String) -> StubResponse {
        error(400, "INVALID_ARGUMENT", message)
    }

    private func error(_ code: Int, _ status: String, _ message: String, reason: String? = nil) -> StubResponse {
        StubResponse(status: code, headers: ["Content-Type": "application/json; charset=UTF-8"],
                       body: Data(GoogleStandIn.errorBody(code: code, status: status, message: message,
                                                          reason: reason).utf8))
    }
}
