import Foundation
import NearbyCore
import NearbyData
import NearbyServer
import Testing

@Suite("RemoteFriendsRepository")
struct RemoteFriendsRepositoryTests {
    static let anna = FriendDraft(firstName: "Anna", lastName: "Beck", phoneNumber: "+423 555 0101",
                                  email: "anna@example.org", coordinate: Coordinate(latitude: 47.14, longitude: 9.52))
    static let ben = FriendDraft(firstName: "Ben", lastName: "Adler", phoneNumber: "555 0102")

    /// A real friends server over an in-memory repository, and a client pointed at it.
    private func withServer(token: String? = nil, clientToken: String? = nil,
                            _ body: @Sendable (RemoteFriendsRepository) async throws -> Void) async throws {
        let server = try NearbyService(backend: MemoryServiceBackend(), host: "127.0.0.1", port: 0, token: token)
        let port = try await server.start()
        let url = try #require(URL(string: "http://127.0.0.1:\(port)"))
        do {
            try await body(RemoteFriendsRepository(baseURL: url, token: clientToken, timeout: .seconds(5)))
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
    }

    private func client(_ stub: StubServer, timeout: Duration = .seconds(5), maxBodySize: Int = 16 << 20)
        -> RemoteFriendsRepository {
        RemoteFriendsRepository(baseURL: stub.url, timeout: timeout, maxBodySize: maxBodySize)
    }

    // MARK: Against the real server

    @Test("list, add, edit and delete against the friends server")
    func lifecycle() async throws {
        try await withServer { (friends: RemoteFriendsRepository) async throws in
            #expect(try await friends.listFriends().isEmpty)
            let anna = try await friends.addFriend(Self.anna)
            let ben = try await friends.addFriend(Self.ben)
            #expect(anna.id != ben.id)
            #expect(anna.draft == Self.anna)
            // List order: last name first.
            #expect(try await friends.listFriends().map(\.firstName) == ["Ben", "Anna"])

            var edited = Self.anna
            edited.phoneNumber = "+423 555 9999"
            edited.email = nil
            let updated = try await friends.updateFriend(id: anna.id, with: edited)
            #expect(updated.id == anna.id)
            #expect(updated.phoneNumber == "+423 555 9999")
            #expect(updated.email == nil)
            #expect(try await friends.friend(id: anna.id) == updated)

            try await friends.deleteFriend(id: ben.id)
            #expect(try await friends.listFriends().map(\.id) == [anna.id])
            let page = try await friends.friendsPage(filter: "beck", offset: 0, limit: 10)
            #expect(page.total == 1)
        }
    }

    @Test("the client against a server over the SQLite store")
    func overTheStore() async throws {
        let store = LocalFriendsRepository(database: try AppDatabase.inMemory())
        let server = try NearbyService(backend: MemoryServiceBackend(friends: store), port: 0)
        let port = try await server.start()
        let friends = RemoteFriendsRepository(baseURL: try #require(URL(string: "http://127.0.0.1:\(port)")),
                                              timeout: .seconds(5))
        let anna = try await friends.addFriend(Self.anna)
        #expect(try await store.friend(id: anna.id).draft == Self.anna)
        var edited = Self.anna
        edited.coordinate = nil
        edited.email = nil
        #expect(try await friends.updateFriend(id: anna.id, with: edited).draft == edited)
        #expect(try await friends.listFriends().map(\.draft) == [edited])
        try await friends.deleteFriend(id: anna.id)
        await #expect(throws: FriendsError.notFound) { try await friends.deleteFriend(id: anna.id) }
        #expect(try await store.listFriends().isEmpty)
        await server.stop()
    }

    @Test("with a token: the right one works, a wrong or missing one is .unauthorized")
    func tokens() async throws {
        try await withServer(token: "s3cret", clientToken: "s3cret") { (friends: RemoteFriendsRepository) async throws in
            #expect(try await friends.listFriends().isEmpty)
        }
        try await withServer(token: "s3cret", clientToken: "wrong") { (friends: RemoteFriendsRepository) async throws in
            await #expect(throws: FriendsError.unauthorized) { try await friends.listFriends() }
            await #expect(throws: FriendsError.unauthorized) { try await friends.addFriend(Self.anna) }
        }
        try await withServer(token: "s3cret", clientToken: nil) { (friends: RemoteFriendsRepository) async throws in
            await #expect(throws: FriendsError.unauthorized) { try await friends.listFriends() }
        }
    }

    @Test("an unknown id is .notFound for edit, delete and lookup")
    func notFound() async throws {
        try await withServer { (friends: RemoteFriendsRepository) async throws in
            await #expect(throws: FriendsError.notFound) { try await friends.updateFriend(id: 42, with: Self.anna) }
            await #expect(throws: FriendsError.notFound) { try await friends.deleteFriend(id: 42) }
            await #expect(throws: FriendsError.notFound) { try await friends.friend(id: 42) }
        }
    }

    @Test("the server's validation comes back as .invalid naming the field")
    func validation() async throws {
        try await withServer { (friends: RemoteFriendsRepository) async throws in
            var draft = Self.anna
            draft.firstName = "  "
            await #expect(throws: FriendsError.invalid(field: .firstName, reason: "Required")) {
                try await friends.addFriend(draft)
            }
            draft = Self.anna
            draft.phoneNumber = "call me"
            await #expect(throws: FriendsError.invalid(field: .phoneNumber, reason: "At least 3 digits")) {
                try await friends.addFriend(draft)
            }
            draft = Self.anna
            draft.lastName = "\u{1B}[31mRed"
            await #expect(throws: FriendsError.invalid(field: .lastName, reason: FriendValidation.nameRule)) {
                try await friends.addFriend(draft)
            }
            #expect(try await friends.listFriends().isEmpty)
        }
    }

    // MARK: Network failures

    @Test("a server that never answers is a .network failure after the time limit, naming the service")
    func timeout() async throws {
        let stub = try await StubServer.start { _ in
            await suspendUntilCancelled()
            return ServerResponse(status: 200)
        }
        let friends = client(stub, timeout: .milliseconds(300))
        let address = "http://127.0.0.1:\(stub.url.port ?? 0)"
        await #expect(throws: FriendsError.network("No answer from the friends service at \(address) in time.")) {
            try await friends.listFriends()
        }
        await stub.stop()
    }

    @Test("a refused connection is a .network failure naming the address it tried")
    func refused() async throws {
        let url = try await closedPortURL()
        let friends = RemoteFriendsRepository(baseURL: url, timeout: .seconds(5))
        let address = "http://127.0.0.1:\(url.port ?? 0)"
        await #expect(throws: FriendsError.network("Could not connect to the friends service at \(address); is it running?")) {
            try await friends.listFriends()
        }
        #expect(RemoteFriendsRepository.address(of: try #require(URL(string: "https://user:secret@friends.example:8443/api")))
                == "https://friends.example:8443")
    }

    @Test("other statuses are .network failures", arguments: [403, 409, 500, 502])
    func otherStatuses(status: Int) async throws {
        let stub = try await StubServer.answering(status, json: #"{"error":"nope"}"#)
        await #expect(throws: FriendsError.self) { try await client(stub).listFriends() }
        do {
            _ = try await client(stub).listFriends()
        } catch {
            guard case .network = error else { Issue.record("got \(error)"); return }
        }
        await stub.stop()
    }

    @Test("field errors in the shapes services use", arguments: [
        (#"{"field":"firstname","reason":"Required"}"#, FriendField.firstName, "Required"),
        (#"{"error":{"field":"phone_number","message":"Too short"}}"#, .phoneNumber, "Too short"),
        (#"{"errors":{"lastName":["Too long"]}}"#, .lastName, "Too long"),
        (#"{"field":"email","error":"\u001b[2JBad"}"#, .email, "\u{FFFD}[2JBad"),
    ])
    func fieldErrors(body: String, field: FriendField, reason: String) async throws {
        let stub = try await StubServer.answering(400, json: body)
        await #expect(throws: FriendsError.invalid(field: field, reason: reason)) {
            try await client(stub).addFriend(Self.anna)
        }
        await stub.stop()
    }

    @Test("a 400 without a known field is a .network failure")
    func badRequestWithoutField() async throws {
        let stub = try await StubServer.answering(400, json: #"{"field":"shoe size","reason":"odd"}"#)
        do {
            _ = try await client(stub).addFriend(Self.anna)
            Issue.record("expected a failure")
        } catch {
            guard case .network = error else { Issue.record("got \(error)"); return }
        }
        await stub.stop()
    }

    // MARK: Hostile and odd bodies

    @Test("ids as numbers or strings, extra fields, a wrapped list")
    func lenientShapes() async throws {
        let stub = try await StubServer.answering(json: """
            {"friends": [
              {"id": "7", "firstname": "Anna", "lastname": "Beck", "phonenumber": "555 0101",
               "email": "anna@example.org", "avatar": {"url": "x"}, "tags": [1, 2]},
              {"id": 8, "firstname": "Ben", "lastname": "Adler", "phonenumber": 5550102, "email": 12}
            ]}
            """)
        let friends = try await client(stub).listFriends()
        #expect(friends.map(\.id) == [8, 7])
        #expect(friends.first?.phoneNumber == "5550102")
        #expect(friends.first?.email == nil)
        #expect(friends.last?.email == "anna@example.org")
        await stub.stop()
    }

    @Test("entries with wrong types or missing fields are skipped, the rest kept")
    func skipsBadEntries() async throws {
        let stub = try await StubServer.answering(json: """
            [{"id": 1, "firstname": "Anna", "lastname": "Beck", "phonenumber": "555 0101"},
             {"id": 2, "firstname": ["not", "text"], "lastname": "X", "phonenumber": "1"},
             {"firstname": "No", "lastname": "Id", "phonenumber": "1"},
             {"id": "abc", "firstname": "Bad", "lastname": "Id", "phonenumber": "1"},
             {"id": 3, "lastname": "Missing", "phonenumber": "1"},
             "a string", 42, null]
            """)
        #expect(try await client(stub).listFriends().map(\.id) == [1])
        await stub.stop()
    }

    @Test("ids that are not positive or are listed twice, impossible dates and positions are refused row by row")
    func refusesImpossibleRows() async throws {
        let stub = try await StubServer.answering(json: """
            [{"id": 1, "firstname": "Anna", "lastname": "Beck", "phonenumber": "555 0101"},
             {"id": 1, "firstname": "Twin", "lastname": "Of Anna", "phonenumber": "555 0102"},
             {"id": -5, "firstname": "Negative", "lastname": "Id", "phonenumber": "555 0103"},
             {"id": 0, "firstname": "Zero", "lastname": "Id", "phonenumber": "555 0103"},
             {"id": 4, "firstname": "Bad", "lastname": "Date", "phonenumber": "555 0104", "createdAt": "9999-99-99"},
             {"id": 5, "firstname": "Far", "lastname": "Out", "phonenumber": "555 0105", "latitude": 1e308,
              "longitude": -1e308},
             {"id": 6, "firstname": "Half", "lastname": "Place", "phonenumber": "555 0106", "latitude": 47.1},
             {"id": 7, "firstname": "Max", "lastname": "Adler", "phonenumber": "555 0107", "latitude": 47.1,
              "longitude": 9.5, "createdAt": null}]
            """)
        let friends = try await client(stub).listFriends()
        #expect(Set(friends.map(\.id)) == [1, 7])
        #expect(friends.first { $0.id == 1 }?.firstName == "Anna")
        await stub.stop()
    }

    @Test("escape sequences in names cannot reach the terminal")
    func escapeSequences() async throws {
        let stub = try await StubServer.answering(json: #"""
            [{"id": 1, "firstname": "\u001b]0;pwned\u0007Anna", "lastname": "\u009b2JBeck", "phonenumber": "1\r\n2"}]
            """#)
        let friend = try #require(try await client(stub).listFriends().first)
        #expect(friend.firstName == "\u{FFFD}]0;pwned\u{FFFD}Anna")
        #expect(friend.lastName == "\u{FFFD}2JBeck")
        #expect(friend.phoneNumber == "1\u{FFFD}\u{FFFD}2")
        await stub.stop()
    }

    @Test("a 10 MB name is refused for that entry only")
    func hugeStrings() async throws {
        let huge = String(repeating: "A", count: 10 << 20)
        let body = #"[{"id": 1, "firstname": "\#(huge)", "lastname": "Beck", "phonenumber": "1"},"#
            + #"{"id": 2, "firstname": "Ben", "lastname": "Adler", "phonenumber": "2"}]"#
        let stub = try await StubServer.answering(json: body)
        #expect(try await client(stub).listFriends().map(\.id) == [2])
        // Above the client's size cap the answer is not read at all.
        await #expect(throws: FriendsError.network(HTTPFailure.tooLarge(limit: 1 << 20).message)) {
            try await client(stub, maxBodySize: 1 << 20).listFriends()
        }
        await stub.stop()
    }

    @Test("answers that are not a list of friends are .network failures", arguments: [
        "not json at all", #"{"friends": "none"}"#, "42", #"[{"id": 1}]"#, "", "[[[[[[[[[[[[[[[[",
    ])
    func unreadable(body: String) async throws {
        let stub = try await StubServer.answering(json: body)
        do {
            _ = try await client(stub).listFriends()
            Issue.record("expected a failure")
        } catch {
            guard case .network = error else { Issue.record("got \(error)"); return }
        }
        await stub.stop()
    }

    @Test("add accepts an answer holding only the new id; edit accepts an empty answer")
    func minimalAnswers() async throws {
        let stub = try await StubServer.start { request in
            request.method == "POST"
                ? ServerResponse(status: 200, body: Data(#"{"id": "12"}"#.utf8))
                : ServerResponse(status: 200, body: Data())
        }
        let friends = client(stub)
        let added = try await friends.addFriend(Self.anna)
        #expect(added.id == 12)
        #expect(added.draft == Self.anna)
        let edited = try await friends.updateFriend(id: 12, with: Self.ben)
        #expect(edited.id == 12)
        #expect(edited.draft == Self.ben)
        try await friends.deleteFriend(id: 12)
        #expect(stub.requests.map { "\($0.method) \($0.path)" }
                    == ["POST /addFriend", "PATCH /editFriend/12", "DELETE /editFriend/12"])
        await stub.stop()
    }

    @Test("sends the token and the friend's JSON")
    func requestShape() async throws {
        let stub = try await StubServer.answering(json: #"{"id": 3}"#)
        _ = try await RemoteFriendsRepository(baseURL: stub.url, token: "t0k").addFriend(Self.anna)
        let request = try #require(stub.requests.first)
        #expect(request.headers["authorization"] == "Bearer t0k")
        let body = try JSONValue.parse(request.body)
        #expect(body["firstname"] == .string("Anna"))
        #expect(body["lastname"] == .string("Beck"))
        #expect(body["phonenumber"] == .string("+423 555 0101"))
        #expect(body["email"] == .string("anna@example.org"))
        #expect(body["latitude"]?.doubleValue == 47.14)
        await stub.stop()
    }
}
