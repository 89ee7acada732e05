import Foundation
import NearbyData
import NearbyHTTP

/// One request as the server's routes see it, whatever HTTP library carries it.
public struct ServerRequest: Sendable {
    public var method: String
    /// The path without the query, percent-decoded and with dot segments resolved ("/api/friends/3").
    public var path: String
    public var query: [String: String]
    /// Header names lower-cased; a header sent more than once keeps its first value here.
    public var headers: [String: String]
    /// Lower-cased names of the headers that came more than once.
    public var repeatedHeaders: Set<String>
    public var body: Data
    /// The body was larger than the server accepts and was not read.
    public var bodyTooLarge: Bool

    public init(method: String, path: String, query: [String: String] = [:], headers: [String: String] = [:],
                repeatedHeaders: Set<String> = [], body: Data = Data(), bodyTooLarge: Bool = false) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.repeatedHeaders = repeatedHeaders
        self.body = body
        self.bodyTooLarge = bodyTooLarge
    }
}

/// One answer of the server's routes.
public struct ServerResponse: Sendable {
    public var status: Int
    public var headers: [String: String]
    public var body: Data
    /// Close the connection once this answer is sent (a refused body may still be arriving).
    public var closesConnection: Bool

    public init(status: Int, headers: [String: String] = [:], body: Data = Data(), closesConnection: Bool = false) {
        self.status = status
        self.headers = headers
        self.body = body
        self.closesConnection = closesConnection
    }

    /// A JSON answer.
    public static func json(_ status: Int, _ value: JSONValue, headers: [String: String] = [:]) -> ServerResponse {
        var all = headers
        all["Content-Type"] = "application/json; charset=utf-8"
        return ServerResponse(status: status, headers: all, body: value.encoded())
    }

    /// An answer of JSON text already written.
    public static func json(_ status: Int, data: Data, headers: [String: String] = [:]) -> ServerResponse {
        var all = headers
        all["Content-Type"] = "application/json; charset=utf-8"
        return ServerResponse(status: status, headers: all, body: data)
    }

    /// A JSON error answer: `{"error": message}` plus any extra fields.
    public static func error(_ status: Int, _ message: String, extra: [String: JSONValue] = [:],
                             headers: [String: String] = [:]) -> ServerResponse {
        var fields = extra
        fields["error"] = .string(message)
        return json(status, .object(fields), headers: headers)
    }
}
