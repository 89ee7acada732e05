import Foundation
import NearbyCore
import NearbyData
import Testing
import TestSupport
import NearbyHTTP
import NearbyRemote

/// The client against servers that fail, stall or answer oddly; against the real service it is tested in
/// Service/Tests (RemoteFriendsContractTests).
@Suite("RemoteFriendsRepository")
struct RemoteFriendsRepositoryTests {
    static let anna = FriendDraft(firstName: "Anna", lastName: "Beck", phoneNumber: "+423 555 0101",
                                  email: "anna@example.org", coordinate: Coordinate(latitude: 47.14, longitude: 9.52))
    static let ben = FriendDraft(firstName: "Ben", lastName: "Adler", phoneNumber: "555 0102")

    private func client(_ stub: StubServer, timeout: Duration = .seconds(5), maxBodySize: Int = 16 << 20)
        -> RemoteFriendsRepository {
        RemoteFriendsRepository(baseURL: stub.url, timeout: timeout, maxBodySize: maxBodySize)
    }

    // MARK: Network failures

    @Test("a server that never answers is a .network failure after the time limit, naming the service")
    func timeout() async throws {
        let stub = try await StubServer.start { _ in
            await suspendUntilCancelled()
            return StubResponse(status: 200)
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
                ? StubResponse(status: 200, body: Data(#"{"id": "12"}"#.utf8))
                : StubResponse(status: 200, body: Data())
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
