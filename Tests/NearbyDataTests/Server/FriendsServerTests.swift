import Foundation
import NearbyCore
import NearbyData
import Synchronization
import Testing

@Suite("FriendsServer over HTTP")
struct FriendsServerTests {
    static let annaJSON = #"{"firstname":"Anna","lastname":"Beck","phonenumber":"+423 555 0101","email":"anna@example.org"}"#

    /// A started server over `repository`, a raw client to it, and the log lines it wrote.
    private final class Running: Sendable {
        let server: FriendsServer
        let client: HTTPClient
        let repository: InMemoryFriendsRepository
        private let lines = LogLines()

        init(token: String? = nil, friends: [Friend] = [], bodyLimit: Int = FriendsServer.defaultBodyLimit)
            async throws {
            repository = InMemoryFriendsRepository(friends: friends)
            let lines = self.lines
            server = try FriendsServer(repository: repository, host: "127.0.0.1", port: 0, token: token,
                                       bodyLimit: bodyLimit, log: { line in lines.append(line) })
            let port = try await server.start()
            client = HTTPClient(baseURL: try #require(URL(string: "http://127.0.0.1:\(port)")), timeout: .seconds(5))
        }

        var log: [String] { lines.all }

        func send(_ method: String, _ path: String, _ body: String? = nil, token: String? = nil)
            async throws -> (status: Int, json: JSONValue?, headers: [String: String]) {
            var headers = ["Content-Type": "application/json"]
            if let token { headers["Authorization"] = "Bearer \(token)" }
            let response = try await client.send(.init(method: method, path: path, headers: headers,
                                                       body: body.map { Data($0.utf8) }))
            return (response.status, try? JSONValue.parse(response.body), response.headers)
        }
    }

    static let friends = [
        Friend(id: 1, firstName: "Anna", lastName: "Beck", phoneNumber: "555 0101"),
        Friend(id: 2, firstName: "Ben", lastName: "Adler", phoneNumber: "555 0102", email: "ben@example.org"),
    ]

    @Test("GET /listFriends and GET /api/friends answer the list in list order")
    func list() async throws {
        let running = try await Running(friends: Self.friends)
        for path in ["/listFriends", "/api/friends"] {
            let (status, json, headers) = try await running.send("GET", path)
            #expect(status == 200)
            #expect(headers["content-type"]?.hasPrefix("application/json") == true)
            let items = try #require(json?.arrayValue)
            #expect(items.map { $0["id"] } == [.integer(2), .integer(1)])
            #expect(items.first?["firstname"] == .string("Ben"))
            #expect(items.first?["lastname"] == .string("Adler"))
            #expect(items.first?["phonenumber"] == .string("555 0102"))
            #expect(items.first?["email"] == .string("ben@example.org"))
        }
        await running.server.stop()
    }

    @Test("GET /api/friends with a window answers that window and the total")
    func window() async throws {
        let running = try await Running(friends: Self.friends)
        let (status, json, headers) = try await running.send("GET", "/api/friends?offset=1&limit=5")
        #expect(status == 200)
        #expect(json?.arrayValue?.map { $0["id"] } == [.integer(1)])
        #expect(headers["x-total-count"] == "2")
        #expect(try await running.send("GET", "/api/friends?limit=-1").status == 400)
        await running.server.stop()
    }

    @Test("POST /addFriend answers 200 with the friend; POST /api/friends answers 201 with a Location")
    func add() async throws {
        let running = try await Running()
        let legacy = try await running.send("POST", "/addFriend", Self.annaJSON)
        #expect(legacy.status == 200)
        #expect(legacy.json?["id"] == .integer(1))
        #expect(legacy.json?["firstname"] == .string("Anna"))
        let rest = try await running.send("POST", "/api/friends",
                                          #"{"firstname":"Ben","lastname":"Adler","phonenumber":5550102}"#)
        #expect(rest.status == 201)
        #expect(rest.json?["id"] == .integer(2))
        #expect(rest.json?["phonenumber"] == .string("5550102"))
        #expect(rest.headers["location"] == "/api/friends/2")
        #expect(try await running.repository.listFriends().count == 2)
        await running.server.stop()
    }

    @Test("PATCH /editFriend/{id} changes only the fields sent; PUT replaces all")
    func edit() async throws {
        let running = try await Running(friends: Self.friends)
        let patched = try await running.send("PATCH", "/editFriend/2", #"{"phonenumber":"555 9999","email":null}"#)
        #expect(patched.status == 200)
        #expect(patched.json?["firstname"] == .string("Ben"))
        #expect(patched.json?["phonenumber"] == .string("555 9999"))
        #expect(patched.json?["email"] == nil)
        let friend = try await running.repository.friend(id: 2)
        #expect(friend.phoneNumber == "555 9999")
        #expect(friend.email == nil)

        let put = try await running.send("PUT", "/api/friends/1",
                                         #"{"firstname":"Anne","lastname":"Beck","phonenumber":"1234","latitude":47.1,"longitude":9.5}"#)
        #expect(put.status == 200)
        #expect(put.json?["latitude"]?.doubleValue == 47.1)
        #expect(try await running.repository.friend(id: 1).coordinate == Coordinate(latitude: 47.1, longitude: 9.5))
        // PUT needs every required field.
        let partialPut = try await running.send("PUT", "/api/friends/1", #"{"firstname":"Anne"}"#)
        #expect(partialPut.status == 400)
        #expect(partialPut.json?["field"] == .string("lastname"))
        await running.server.stop()
    }

    @Test("DELETE answers 200 with a JSON body, then 404")
    func delete() async throws {
        let running = try await Running(friends: Self.friends)
        let legacy = try await running.send("DELETE", "/editFriend/1")
        #expect(legacy.status == 200)
        #expect(legacy.json == .object(["id": .integer(1), "deleted": .bool(true)]))
        #expect(try await running.send("DELETE", "/editFriend/1").status == 404)
        #expect(try await running.send("DELETE", "/api/friends/2").status == 200)
        #expect(try await running.repository.listFriends().isEmpty)
        await running.server.stop()
    }

    @Test("GET /api/friends/{id} answers the friend, 404 for an unknown or non-integer id")
    func one() async throws {
        let running = try await Running(friends: Self.friends)
        let found = try await running.send("GET", "/api/friends/2")
        #expect(found.status == 200)
        #expect(found.json?["firstname"] == .string("Ben"))
        for path in ["/api/friends/99", "/api/friends/abc", "/api/friends/-1", "/api/friends/0"] {
            let missing = try await running.send("GET", path)
            #expect(missing.status == 404, "\(path)")
            #expect(missing.json?["error"]?.stringValue != nil)
        }
        #expect(try await running.send("PATCH", "/editFriend/99", #"{"firstname":"X"}"#).status == 404)
        await running.server.stop()
    }

    @Test("unknown routes are 404 and wrong methods 405, both with JSON")
    func routes() async throws {
        let running = try await Running()
        let unknown = try await running.send("GET", "/nothing/here")
        #expect(unknown.status == 404)
        #expect(unknown.json?["error"] != nil)
        let wrong = try await running.send("DELETE", "/listFriends")
        #expect(wrong.status == 405)
        #expect(wrong.headers["allow"] == "GET")
        await running.server.stop()
    }

    @Test("bodies that are not a valid friend answer 400 naming the field", arguments: [
        (#"{"firstname":"","lastname":"Beck","phonenumber":"555"}"#, "firstname"),
        (#"{"firstname":42,"lastname":"Beck","phonenumber":"555"}"#, "firstname"),
        (#"{"firstname":"Anna","lastname":"Beck"}"#, "phonenumber"),
        (#"{"firstname":"Anna","lastname":"\u001b[2JBeck","phonenumber":"555"}"#, "lastname"),
        (#"{"firstname":"Anna","lastname":"Beck","phonenumber":"555","email":"nope"}"#, "email"),
        (#"{"firstname":"Anna","lastname":"Beck","phonenumber":"555","latitude":91,"longitude":0}"#, "location"),
        (#"{"firstname":"Anna","lastname":"Beck","phonenumber":"555","latitude":"x","longitude":0}"#, "location"),
        (#"{"firstname":"Anna","lastname":"Beck","phonenumber":"555","latitude":1}"#, "location"),
        // The same rules as the form's and vCard import's: C1 controls, bidi overrides, the same length.
        (#"{"firstname":"Anna","lastname":"Beck","phonenumber":"555","email":"a\u009b31m@b.co"}"#, "email"),
        (#"{"firstname":"Anna","lastname":"Beck","phonenumber":"555","placename":"Va\u202educ"}"#, "location"),
        (#"{"firstname":"Anna","lastname":"Beck","phonenumber":"555","placename":"\#(String(repeating: "L", count: 101))"}"#,
         "location"),
    ])
    func validation(body: String, field: String) async throws {
        let running = try await Running()
        let answer = try await running.send("POST", "/addFriend", body)
        #expect(answer.status == 400)
        #expect(answer.json?["field"] == .string(field))
        #expect(answer.json?["reason"]?.stringValue?.isEmpty == false)
        #expect(try await running.repository.listFriends().isEmpty)
        await running.server.stop()
    }

    @Test("bodies that are not a JSON object answer 400", arguments: ["", "nope", "[1,2]", #"{"a":"#, "null"])
    func notJSON(body: String) async throws {
        let running = try await Running()
        let answer = try await running.send("POST", "/api/friends", body)
        #expect(answer.status == 400)
        #expect(answer.json?["error"]?.stringValue != nil)
        await running.server.stop()
    }

    @Test("a body over the limit answers 413 and stores nothing")
    func tooLarge() async throws {
        let running = try await Running(bodyLimit: 1024)
        let name = String(repeating: "A", count: 2000)
        let answer = try await running.send("POST", "/addFriend",
                                            #"{"firstname":"\#(name)","lastname":"B","phonenumber":"555"}"#)
        #expect(answer.status == 413)
        #expect(try await running.repository.listFriends().isEmpty)
        // The server still answers afterwards.
        #expect(try await running.send("GET", "/listFriends").status == 200)
        await running.server.stop()
    }

    @Test("with --token: 401 without it or with a wrong one, 200 with it")
    func token() async throws {
        let running = try await Running(token: "s3cret")
        let missing = try await running.send("GET", "/listFriends")
        #expect(missing.status == 401)
        #expect(missing.headers["www-authenticate"] == "Bearer")
        #expect(try await running.send("GET", "/listFriends", token: "s3cre").status == 401)
        #expect(try await running.send("GET", "/listFriends", token: "s3cret!").status == 401)
        #expect(try await running.send("GET", "/nothing", token: "wrong").status == 401)
        #expect(try await running.send("GET", "/listFriends", token: "s3cret").status == 200)
        #expect(try await running.send("POST", "/addFriend", Self.annaJSON, token: "s3cret").status == 200)
        await running.server.stop()
    }

    @Test("without a token only loopback hosts are accepted")
    func loopbackOnly() async throws {
        #expect(throws: FriendsServerError.needsToken(host: "0.0.0.0")) {
            try FriendsServer(repository: InMemoryFriendsRepository(), host: "0.0.0.0", port: 0)
        }
        #expect(throws: FriendsServerError.needsToken(host: "192.168.1.10")) {
            try FriendsServer(repository: InMemoryFriendsRepository(), host: "192.168.1.10", port: 0)
        }
        #expect(throws: FriendsServerError.badToken) {
            try FriendsServer(repository: InMemoryFriendsRepository(), host: "0.0.0.0", port: 0, token: "")
        }
        for host in ["127.0.0.1", "127.1.2.3", "::1", "[::1]", "localhost"] {
            #expect(ServerHost.isLoopback(host), "\(host)")
        }
        for host in ["0.0.0.0", "::", "128.0.0.1", "example.org", "127.0.0.1.example.org", "1270.0.0.1"] {
            #expect(!ServerHost.isLoopback(host), "\(host)")
        }
        let open = try FriendsServer(repository: InMemoryFriendsRepository(), host: "0.0.0.0", port: 0, token: "t")
        #expect(try await open.start() > 0)
        await open.stop()
    }

    @Test("a host that is not an address, or a port in use, fails to start with a message")
    func startFailures() async throws {
        #expect(throws: FriendsServerError.self) {
            try FriendsServer(repository: InMemoryFriendsRepository(), host: "not-an-ip", port: 0, token: "t")
        }
        let first = try FriendsServer(repository: InMemoryFriendsRepository(), port: 0)
        let port = try await first.start()
        let second = try FriendsServer(repository: InMemoryFriendsRepository(), port: port)
        await #expect(throws: FriendsServerError.self) { try await second.start() }
        await first.stop()
    }

    @Test("logs one line per request with method, path and status")
    func logging() async throws {
        let running = try await Running()
        _ = try await running.send("GET", "/listFriends")
        _ = try await running.send("GET", "/nope%1B")
        let log = running.log
        #expect(log.count == 2)
        #expect(log.first?.contains("GET /listFriends 200") == true)
        #expect(log.last?.contains(" 404 ") == true)
        #expect(log.allSatisfy { !$0.contains("\u{1B}") })
        await running.server.stop()
    }

    @Test("answers many concurrent clients without losing a write")
    func concurrentAdds() async throws {
        let running = try await Running()
        try await withThrowingTaskGroup(of: Int.self) { group in
            for index in 0..<100 {
                group.addTask {
                    try await running.send("POST", "/addFriend",
                                           #"{"firstname":"Anna","lastname":"Beck","phonenumber":"555 \#(index)"}"#).status
                }
            }
            for try await status in group { #expect(status == 200) }
        }
        #expect(Set(try await running.repository.listFriends().map(\.phoneNumber)).count == 100)
        await running.server.stop()
    }
}

/// Lines a server logged, gathered from its tasks.
final class LogLines: Sendable {
    private let lines = Mutex<[String]>([])
    func append(_ line: String) { lines.withLock { $0.append(line) } }
    var all: [String] { lines.withLock { $0 } }
}
