import Foundation
import NearbyCore
import NearbyData
import Testing

@Suite("FriendsServer response delay")
struct FriendsServerDelayTests {
    @Test("every answer, refusals included, waits the delay")
    func delaysEveryAnswer() async throws {
        let repository = InMemoryFriendsRepository(friends: [
            Friend(id: 1, firstName: "Anna", lastName: "Beck", phoneNumber: "555 0101"),
        ])
        let delay = Duration.milliseconds(300)
        let slow = try FriendsServer(repository: repository, port: 0, token: "right", responseDelay: delay)
        let slowPort = try await slow.start()
        let clock = ContinuousClock()

        func timed(_ port: UInt16, token: String) async throws -> (FriendsError?, Duration) {
            let url = try #require(URL(string: "http://127.0.0.1:\(port)"))
            let client = RemoteFriendsRepository(baseURL: url, token: token, timeout: .seconds(10))
            let start = clock.now
            do throws(FriendsError) {
                _ = try await client.listFriends()
                return (nil, clock.now - start)
            } catch {
                return (error, clock.now - start)
            }
        }

        let (listError, listTime) = try await timed(slowPort, token: "right")
        #expect(listError == nil)
        #expect(listTime >= delay)
        let (refusal, refusalTime) = try await timed(slowPort, token: "wrong")
        #expect(refusal == .unauthorized)
        #expect(refusalTime >= delay)
        await slow.stop()
    }
}
