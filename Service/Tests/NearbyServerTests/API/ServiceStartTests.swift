import Foundation
import NearbyCore
import NearbyData
import NearbyRemote
import NearbyServer
import Testing

@Suite("Starting the service")
struct ServiceStartTests {
    @Test("without a token only loopback hosts are accepted; an empty token or one with a space is refused")
    func loopbackOnly() async throws {
        #expect(throws: ServiceStartError.needsToken(host: "0.0.0.0")) {
            try NearbyService(backend: MemoryServiceBackend(), host: "0.0.0.0", port: 0)
        }
        #expect(throws: ServiceStartError.needsToken(host: "192.168.1.10")) {
            try NearbyService(backend: MemoryServiceBackend(), host: "192.168.1.10", port: 0)
        }
        #expect(throws: ServiceStartError.badToken) {
            try NearbyService(backend: MemoryServiceBackend(), host: "0.0.0.0", port: 0, token: "")
        }
        #expect(throws: ServiceStartError.badToken) {
            try NearbyService(backend: MemoryServiceBackend(), host: "0.0.0.0", port: 0, token: "a b")
        }
        for host in ["127.0.0.1", "127.1.2.3", "::1", "[::1]", "localhost"] {
            #expect(ServerHost.isLoopback(host), "\(host)")
        }
        for host in ["0.0.0.0", "::", "128.0.0.1", "example.org", "127.0.0.1.example.org", "1270.0.0.1", "::ffff:127.0.0.1"] {
            #expect(!ServerHost.isLoopback(host), "\(host)")
        }
        let open = try NearbyService(backend: MemoryServiceBackend(), host: "0.0.0.0", port: 0, token: "t")
        #expect(try await open.start() > 0)
        await open.stop()
    }

    @Test("a token with a control character is refused as the client side refuses it; every 127.x address may go without one, as the refusal says")
    func tokenCharactersAndLoopbackWords() async throws {
        for token in ["a\u{1B}b", "tab\there", "nul\u{0}", "del\u{7F}", "c1\u{85}"] {
            #expect(throws: ServiceStartError.badToken, "\(token.debugDescription)") {
                try NearbyService(backend: MemoryServiceBackend(), host: "0.0.0.0", port: 0, token: token)
            }
        }
        #expect(ServiceStartError.badToken.description.contains("control characters"))
        // The refusal names the whole loopback range, and the check accepts all of it.
        let refusal = ServiceStartError.needsToken(host: "0.0.0.0").description
        #expect(refusal.contains("127.0.0.0/8"), "\(refusal)")
        let other = try NearbyService(backend: MemoryServiceBackend(), host: "127.0.0.2", port: 0)
        #expect(try await other.start() > 0)
        await other.stop()
    }

    @Test("a host that is not an address, or a port in use, fails to start with a message")
    func startFailures() async throws {
        #expect(throws: ServiceStartError.self) {
            try NearbyService(backend: MemoryServiceBackend(), host: "not-an-ip", port: 0, token: "t")
        }
        let first = try NearbyService(backend: MemoryServiceBackend(), port: 0)
        let port = try await first.start()
        let second = try NearbyService(backend: MemoryServiceBackend(), port: port)
        await #expect(throws: ServiceStartError.self) { try await second.start() }
        await first.stop()
    }

    @Test("every answer, refusals included, waits the response delay")
    func delaysEveryAnswer() async throws {
        let repository = InMemoryFriendsRepository(friends: [
            Friend(id: 1, firstName: "Anna", lastName: "Beck", phoneNumber: "555 0101"),
        ])
        let delay = Duration.milliseconds(300)
        let slow = try NearbyService(backend: MemoryServiceBackend(friends: repository), port: 0, token: "right",
                                     responseDelay: delay)
        let port = try await slow.start()
        let clock = ContinuousClock()
        func timed(token: String) async throws -> (FriendsError?, Duration) {
            let client = RemoteFriendsRepository(baseURL: try #require(URL(string: "http://127.0.0.1:\(port)")),
                                                 token: token, timeout: .seconds(10))
            let start = clock.now
            do throws(FriendsError) {
                _ = try await client.listFriends()
                return (nil, clock.now - start)
            } catch {
                return (error, clock.now - start)
            }
        }
        let (listError, listTime) = try await timed(token: "right")
        #expect(listError == nil)
        #expect(listTime >= delay)
        let (refusal, refusalTime) = try await timed(token: "wrong")
        #expect(refusal == .unauthorized)
        #expect(refusalTime >= delay)
        await slow.stop()
    }
}
