import Foundation
import NearbyCore
import NearbyData
import NearbyRemote
import NearbyServer
import Testing

/// The friends routes, each test run against the local store and against PostgreSQL.
@Suite("Friends routes on every backend")
struct FriendsRoutesTests {
    static let annaJSON = #"{"firstname":"Anna","lastname":"Beck","phonenumber":"+423 555 0101","email":"anna@example.org"}"#

    /// Added in this order, so the database gives Anna id 1 and Ben id 2.
    static let friends = [
        FriendDraft(firstName: "Anna", lastName: "Beck", phoneNumber: "555 0101"),
        FriendDraft(firstName: "Ben", lastName: "Adler", phoneNumber: "555 0102", email: "ben@example.org"),
    ]

    @Test("GET /listFriends and GET /api/friends answer the list in list order", arguments: BackendKind.available)
    func list(_ kind: BackendKind) async throws {
        let running = try await RunningService(kind, friends: Self.friends)
        for path in ["/listFriends", "/api/friends"] {
            let (status, json, headers, _) = try await running.send("GET", path)
            #expect(status == 200)
            #expect(headers["content-type"]?.hasPrefix("application/json") == true)
            let items = try #require(json?.arrayValue)
            #expect(items.map { $0["id"] } == [.integer(2), .integer(1)])
            #expect(items.first?["firstname"] == .string("Ben"))
            #expect(items.first?["lastname"] == .string("Adler"))
            #expect(items.first?["phonenumber"] == .string("555 0102"))
            #expect(items.first?["email"] == .string("ben@example.org"))
        }
        await running.stop()
    }

    /// PostgreSQL writes the whole list from its rows (`FriendRowsJSON`), the other backends from `Friend`s: the
    /// bytes must be the same, with and without every optional field, in any script.
    @Test("GET /listFriends is FriendJSON's list, byte for byte, on every backend", arguments: BackendKind.available)
    func listBytes(_ kind: BackendKind) async throws {
        let drafts = [
            FriendDraft(firstName: "Zoë", lastName: "O'Brien-Ölz", phoneNumber: "+423 555 0101", email: "zoe@example.org",
                        coordinate: Coordinate(latitude: -33.8675, longitude: 151.2070), placeName: "Café \"Sonne\" \\ 2"),
            FriendDraft(firstName: "Émile", lastName: "Jr.", phoneNumber: "555 0102",
                        coordinate: Coordinate(latitude: 47.1410001, longitude: -0.0000001)),
            FriendDraft(firstName: "李", lastName: "小龙", phoneNumber: "(0) 555-0103", placeName: "Vaduz"),
            FriendDraft(firstName: "Ana 👋", lastName: "Beck", phoneNumber: "555 0104"),
            // Whole degrees: "47.0", as `Friend` encodes them.
            FriendDraft(firstName: "Ada", lastName: "Lovelace", phoneNumber: "555 0105",
                        email: "x@example.org", coordinate: Coordinate(latitude: 47, longitude: -9),
                        placeName: "Haus \"Nr. 1\""),
        ]
        let running = try await RunningService(kind, friends: drafts)
        let body = try await running.send("GET", "/listFriends").body
        let expected = FriendJSON.data(of: try await running.friends.listFriends())
        #expect(String(decoding: body, as: UTF8.self) == String(decoding: expected, as: UTF8.self))
        #expect(body == expected)
        await running.stop()
    }

    @Test("the list order folds case and accents the same way on every backend", arguments: BackendKind.available)
    func order(_ kind: BackendKind) async throws {
        let names = ["Zoë", "émile", "Émile", "adam", "Ådne", "Bob", "bob", "Œlaf"]
        let running = try await RunningService(kind, friends: names.map {
            FriendDraft(firstName: "X", lastName: $0, phoneNumber: "555 000")
        })
        let json = try await running.send("GET", "/listFriends").json
        let order = json?.arrayValue?.compactMap { $0["lastname"]?.stringValue } ?? []
        // The local store's own order is the reference.
        let reference = try await TestBackend.make(.sqlite)
        for name in names { _ = try await reference.backend.friends.addFriend(FriendDraft(firstName: "X", lastName: name, phoneNumber: "555 000")) }
        #expect(order == (try await reference.backend.friends.listFriends()).map(\.lastName))
        await reference.close()
        await running.stop()
    }

    @Test("GET /api/friends with a window or a filter answers that window and the total", arguments: BackendKind.available)
    func window(_ kind: BackendKind) async throws {
        let running = try await RunningService(kind, friends: Self.friends)
        let (status, json, headers, _) = try await running.send("GET", "/api/friends?offset=1&limit=5")
        #expect(status == 200)
        #expect(json?.arrayValue?.map { $0["id"] } == [.integer(1)])
        #expect(headers["x-total-count"] == "2")
        let filtered = try await running.send("GET", "/api/friends?filter=BEN%40EXAMPLE")
        #expect(filtered.json?.arrayValue?.map { $0["id"] } == [.integer(2)])
        #expect(filtered.headers["x-total-count"] == "1")
        let none = try await running.send("GET", "/api/friends?filter=%25")
        #expect(none.json?.arrayValue?.isEmpty == true)
        // NUL is a malformed request, on PostgreSQL too (whose text cannot hold one): 400, not a 500.
        for filter in ["%00", "a%00b", "Ben%00"] {
            let nul = try await running.send("GET", "/api/friends?filter=\(filter)")
            #expect(nul.status == 400, "\(filter)")
            #expect(nul.json?["error"]?.stringValue?.contains("NUL") == true, "\(filter)")
        }
        #expect(try await running.send("GET", "/api/friends?limit=-1").status == 400)
        #expect(try await running.send("GET", "/api/friends?limit=1001").status == 400)
        await running.stop()
    }

    @Test("POST /addFriend answers 200 with the friend; POST /api/friends answers 201 with a Location",
          arguments: BackendKind.available)
    func add(_ kind: BackendKind) async throws {
        let running = try await RunningService(kind)
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
        #expect(try await running.friends.listFriends().count == 2)
        await running.stop()
    }

    @Test("PATCH changes only the fields sent; PUT replaces all and needs every required field",
          arguments: BackendKind.available)
    func edit(_ kind: BackendKind) async throws {
        let running = try await RunningService(kind, friends: Self.friends)
        let patched = try await running.send("PATCH", "/editFriend/2", #"{"phonenumber":"555 9999","email":null}"#)
        #expect(patched.status == 200)
        #expect(patched.json?["firstname"] == .string("Ben"))
        #expect(patched.json?["phonenumber"] == .string("555 9999"))
        #expect(patched.json?["email"] == nil)
        let friend = try await running.friends.friend(id: 2)
        #expect(friend.phoneNumber == "555 9999")
        #expect(friend.email == nil)
        // The filter follows the change.
        #expect(try await running.send("GET", "/api/friends?filter=9999").json?.arrayValue?.count == 1)

        let put = try await running.send("PUT", "/api/friends/1",
                                         #"{"firstname":"Anne","lastname":"Beck","phonenumber":"1234","latitude":47.1,"longitude":9.5}"#)
        #expect(put.status == 200)
        #expect(put.json?["latitude"]?.doubleValue == 47.1)
        #expect(try await running.friends.friend(id: 1).coordinate == Coordinate(latitude: 47.1, longitude: 9.5))
        let partialPut = try await running.send("PUT", "/api/friends/1", #"{"firstname":"Anne","lastname":"Beck"}"#)
        #expect(partialPut.status == 400)
        #expect(partialPut.json?["field"] == .string("phonenumber"))
        let badPatch = try await running.send("PATCH", "/api/friends/1", #"{"firstname":""}"#)
        #expect(badPatch.status == 400)
        #expect(badPatch.json?["field"] == .string("firstname"))
        #expect(try await running.friends.friend(id: 1).lastName == "Beck")
        // A last name is optional: a friend of one name.
        let oneName = try await running.send("PATCH", "/api/friends/1", #"{"lastname":""}"#)
        #expect(oneName.status == 200)
        #expect(try await running.friends.friend(id: 1).fullName == "Anne")
        await running.stop()
    }

    @Test("other phone numbers: set, listed, found by the filter, kept by edits that do not name them, cleared by []",
          arguments: BackendKind.available)
    func otherPhones(_ kind: BackendKind) async throws {
        let running = try await RunningService(kind, friends: Self.friends)
        let listed = try await running.send("PATCH", "/api/friends/1",
                                         #"{"otherphones":[" 0711/123456 ","555 0101","","123 x12","0711/123456"]}"#)
        #expect(listed.status == 200)
        // Trimmed, blanks and repeats (also of the main number) dropped, the order kept.
        #expect(listed.json?["otherphones"] == .array([.string("0711/123456"), .string("123 x12")]))
        #expect(try await running.friends.friend(id: 1).otherPhones == ["0711/123456", "123 x12"])
        let filtered = try await running.send("GET", "/api/friends?filter=x12")
        #expect(filtered.json?.arrayValue?.compactMap { $0["id"]?.integerValue } == [1])
        // A client that knows no other numbers edits the main one and drops nothing.
        _ = try await running.send("PATCH", "/api/friends/1", #"{"phonenumber":"555 7777"}"#)
        #expect(try await running.friends.friend(id: 1).otherPhones == ["0711/123456", "123 x12"])
        #expect(try await running.send("GET", "/api/friends?filter=x12").json?.arrayValue?.count == 1)
        _ = try await running.send("PUT", "/api/friends/1", #"{"firstname":"Anna","phonenumber":"555 7777"}"#)
        #expect(try await running.friends.friend(id: 1).otherPhones == ["0711/123456", "123 x12"])
        // A friend without them is listed as clients have always read one (Ben Adler first, then Anna Beck).
        let list = try await running.send("GET", "/listFriends")
        #expect(list.json?.arrayValue?.first?["otherphones"] == nil)
        #expect(list.json?.arrayValue?.last?["otherphones"]?.arrayValue?.count == 2)
        let bad = try await running.send("PATCH", "/api/friends/1", #"{"otherphones":["12"]}"#)
        #expect(bad.status == 400)
        #expect(bad.json?["field"] == .string("phonenumber"))
        // A body's worth of numbers (5,000 distinct ones, near the body limit) is refused as a whole, at once.
        let many = (0..<5_000).map { "\"\(100_000 + $0)\"" }.joined(separator: ",")
        let flood = try await running.send("POST", "/api/friends",
                                           #"{"firstname":"Flo","phonenumber":"555 0103","otherphones":["# + many + "]}")
        #expect(flood.status == 400)
        #expect(flood.json?["field"] == .string("phonenumber"))
        let wrongType = try await running.send("PATCH", "/api/friends/1", #"{"otherphones":"555"}"#)
        #expect(wrongType.status == 400)
        let cleared = try await running.send("PATCH", "/api/friends/1", #"{"otherphones":[]}"#)
        #expect(cleared.status == 200)
        #expect(cleared.json?["otherphones"] == nil)
        #expect(try await running.send("GET", "/api/friends?filter=x12").json?.arrayValue?.isEmpty == true)
        await running.stop()
    }

    @Test("four clients patching different fields of the same friends lose no change", arguments: BackendKind.available)
    func concurrentPatches(_ kind: BackendKind) async throws {
        let drafts = (0..<25).map { FriendDraft(firstName: "Anna", lastName: "Beck", phoneNumber: "555 \($0)") }
        let running = try await RunningService(kind, friends: drafts)
        let ids = try await running.friends.listFriends().map(\.id)
        let fields = [("firstname", "Firsta"), ("lastname", "Lasta"), ("email", "e@example.org"), ("placename", "Vaduz")]
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (field, value) in fields {
                group.addTask {
                    for id in ids {
                        let answer = try await running.send("PATCH", "/editFriend/\(id)", #"{"\#(field)":"\#(value)"}"#)
                        #expect(answer.status == 200)
                    }
                }
            }
            try await group.waitForAll()
        }
        for friend in try await running.friends.listFriends() {
            #expect(friend.firstName == "Firsta" && friend.lastName == "Lasta" && friend.email == "e@example.org"
                    && friend.placeName == "Vaduz", "\(friend)")
        }
        await running.stop()
    }

    @Test("DELETE answers 200 with a JSON body, then 404", arguments: BackendKind.available)
    func delete(_ kind: BackendKind) async throws {
        let running = try await RunningService(kind, friends: Self.friends)
        let legacy = try await running.send("DELETE", "/editFriend/1")
        #expect(legacy.status == 200)
        #expect(legacy.json == .object(["id": .integer(1), "deleted": .bool(true)]))
        #expect(try await running.send("DELETE", "/editFriend/1").status == 404)
        #expect(try await running.send("DELETE", "/api/friends/2").status == 200)
        #expect(try await running.friends.listFriends().isEmpty)
        #expect(try await running.send("PATCH", "/api/friends/2", #"{"firstname":"Back"}"#).status == 404)
        await running.stop()
    }

    @Test("GET /api/friends/{id} answers the friend, 404 for an unknown or non-integer id", arguments: BackendKind.available)
    func one(_ kind: BackendKind) async throws {
        let running = try await RunningService(kind, friends: Self.friends)
        let found = try await running.send("GET", "/api/friends/2")
        #expect(found.status == 200)
        #expect(found.json?["firstname"] == .string("Ben"))
        for path in ["/api/friends/99", "/api/friends/abc", "/api/friends/-1", "/api/friends/0",
                     "/api/friends/9223372036854775807", "/api/friends/1.0"] {
            let missing = try await running.send("GET", path)
            #expect(missing.status == 404, "\(path)")
            #expect(missing.json?["error"]?.stringValue != nil)
        }
        #expect(try await running.send("PATCH", "/editFriend/99", #"{"firstname":"X"}"#).status == 404)
        await running.stop()
    }

    @Test("unknown routes are 404, wrong methods 405, dot segments resolved, all with JSON", arguments: BackendKind.available)
    func routes(_ kind: BackendKind) async throws {
        let running = try await RunningService(kind, friends: Self.friends)
        let unknown = try await running.send("GET", "/nothing/here")
        #expect(unknown.status == 404)
        #expect(unknown.json?["error"] != nil)
        let wrong = try await running.send("DELETE", "/listFriends")
        #expect(wrong.status == 405)
        #expect(wrong.headers["allow"] == "GET")
        for path in ["/listFriends/", "/list%46riends", "/api/friends/../../listFriends"] {
            #expect(try await running.send("GET", path).status == 200, "\(path)")
        }
        for path in ["/../../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd"] {
            #expect(try await running.send("GET", path).status == 404, "\(path)")
        }
        await running.stop()
    }

    @Test("bodies that are not a valid friend answer 400 naming the field", arguments: BackendKind.available, [
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
        (#"{"firstname":"Anna","lastname":"Beck","phonenumber":"555","placename":"\#(String(repeating: "L", count: FriendValidation.maximumLength(of: .location) + 1))"}"#,
         "location"),
    ])
    func validation(_ kind: BackendKind, _ sample: (body: String, field: String)) async throws {
        let (body, field) = sample
        let running = try await RunningService(kind)
        let answer = try await running.send("POST", "/addFriend", body)
        #expect(answer.status == 400)
        #expect(answer.json?["field"] == .string(field))
        #expect(answer.json?["reason"]?.stringValue?.isEmpty == false)
        #expect(try await running.friends.listFriends().isEmpty)
        await running.stop()
    }

    @Test("SQL metacharacters are stored as text", arguments: BackendKind.available)
    func sqlText(_ kind: BackendKind) async throws {
        let running = try await RunningService(kind)
        let answer = try await running.send("POST", "/addFriend",
                                            #"{"firstname":"Robert'); DROP TABLE friend;--","lastname":"Tables","phonenumber":"555"}"#)
        #expect(answer.status == 400 || answer.status == 200)
        let place = try await running.send("POST", "/addFriend",
                                           #"{"firstname":"Bobby","lastname":"Tables","phonenumber":"555","placename":"'); DROP TABLE friend;--"}"#)
        #expect(place.status == 200)
        #expect(try await running.friends.listFriends().contains { $0.placeName == "'); DROP TABLE friend;--" })
        await running.stop()
    }

    @Test("bodies that are not a JSON object answer 400", arguments: BackendKind.available, ["", "nope", "[1,2]", #"{"a":"#, "null"])
    func notJSON(_ kind: BackendKind, body: String) async throws {
        let running = try await RunningService(kind)
        let answer = try await running.send("POST", "/api/friends", body)
        #expect(answer.status == 400)
        #expect(answer.json?["error"]?.stringValue != nil)
        await running.stop()
    }

    @Test("with a token: 401 without it or with a wrong one, 200 with it; two Authorization headers are 400",
          arguments: BackendKind.available)
    func token(_ kind: BackendKind) async throws {
        let running = try await RunningService(kind, token: "s3cret")
        let missing = try await running.send("GET", "/listFriends")
        #expect(missing.status == 401)
        #expect(missing.headers["www-authenticate"] == "Bearer")
        #expect(try await running.send("GET", "/listFriends", token: "s3cre").status == 401)
        #expect(try await running.send("GET", "/listFriends", token: "s3cret!").status == 401)
        #expect(try await running.send("GET", "/nothing", token: "wrong").status == 401)
        #expect(try await running.send("GET", "/api/places?near=47,9", token: "wrong").status == 401)
        #expect(try await running.send("GET", "/listFriends", token: "s3cret").status == 200)
        #expect(try await running.send("POST", "/addFriend", Self.annaJSON, token: "s3cret").status == 200)
        // Operations answer without it.
        #expect(try await running.send("GET", "/healthz").status == 200)
        #expect(try await running.send("GET", "/readyz").status == 200)
        #expect(try await running.send("GET", "/metrics").status == 200)
        await running.stop()
    }

    @Test("logs one line per request with method, path and status, no escape sequences", arguments: BackendKind.available)
    func logging(_ kind: BackendKind) async throws {
        let running = try await RunningService(kind)
        _ = try await running.send("GET", "/listFriends")
        _ = try await running.send("GET", "/nope%1B[2J")
        let log = running.log
        #expect(log.count == 2)
        #expect(log.first?.contains("GET /listFriends 200") == true)
        #expect(log.last?.contains(" 404 ") == true)
        #expect(log.allSatisfy { !$0.contains("\u{1B}") })
        await running.stop()
    }

    @Test("answers many concurrent clients without losing a write", arguments: BackendKind.available)
    func concurrentAdds(_ kind: BackendKind) async throws {
        let running = try await RunningService(kind)
        try await withThrowingTaskGroup(of: Int.self) { group in
            for index in 0..<100 {
                group.addTask {
                    try await running.send("POST", "/addFriend",
                                           #"{"firstname":"Anna","lastname":"Beck","phonenumber":"555 \#(index)"}"#).status
                }
            }
            for try await status in group { #expect(status == 200) }
        }
        let stored = try await running.friends.listFriends()
        #expect(Set(stored.map(\.phoneNumber)).count == 100)
        #expect(Set(stored.map(\.id)).count == 100)
        await running.stop()
    }
}
