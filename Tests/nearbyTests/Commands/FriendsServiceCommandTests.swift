import Foundation
import Testing
@testable import nearby

/// `nearby friends …` work on the friends service when one is set, as the app does, never silently on the store.
/// Against the real service they are tested in Service/Tests (FriendsCommandsOnServiceTests).
@Suite("Friends commands on a friends service")
struct FriendsServiceCommandTests {
    private func run(_ arguments: [String], environment: [String: String]) async throws -> Console.Capture {
        try await runCommand(arguments, environment: environment)
    }

    @Test func anUnreachableServiceIsNamedAndTheStoreIsNotUsedInstead() async throws {
        let folder = temporaryFolder("cli-service")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for (arguments, environment) in [
            (["friends", "list", "--data-dir", folder, "--friends-url", "http://127.0.0.1:1"], [String: String]()),
            (["friends", "list", "--data-dir", folder], ["NEARBY_FRIENDS_URL": "http://127.0.0.1:1"]),
        ] {
            do {
                _ = try await run(arguments, environment: environment)
                Issue.record("\(arguments) succeeded without the service")
            } catch let failure as CommandFailure {
                #expect(failure.description == "Could not connect to the friends service at http://127.0.0.1:1; is it running?")
            }
        }
    }
}
