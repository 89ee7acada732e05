import Foundation
import NearbyCore
import NearbyData
import NearbyServer
import Testing
@testable import nearby

/// `nearby friends …` work on the friends service when one is set, as the app does, never silently on the store.
@Suite("Friends commands on a friends service")
struct FriendsServiceCommandTests {
    private func run(_ arguments: [String], environment: [String: String]) async throws -> Console.Capture {
        try await runCommand(arguments, environment: environment)
    }

    @Test func listAddExportAndRemoveUseTheServiceNotTheStore() async throws {
        let folder = temporaryFolder("cli-service")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let service = InMemoryFriendsRepository(friends: [Friend(id: 1, firstName: "Sam", lastName: "Served",
                                                                 phoneNumber: "+423 555 0199")])
        let server = try NearbyService(backend: MemoryServiceBackend(friends: service), port: 0, token: "secret")
        let port = try await server.start()
        defer { Task { await server.stop() } }
        let environment = ["NEARBY_FRIENDS_URL": "http://127.0.0.1:\(port)", "NEARBY_FRIENDS_TOKEN": "secret"]

        let listed = try await run(["friends", "list", "--data-dir", folder], environment: environment)
        #expect(listed.output.contains("Sam Served"))

        _ = try await run(["friends", "add", "--data-dir", folder, "--first", "Ada", "--last", "Added",
                           "--phone", "+423 555 0102"], environment: environment)
        #expect(try await service.listFriends().map(\.fullName) == ["Ada Added", "Sam Served"])
        // Nothing went to the local store.
        #expect(!FileManager.default.fileExists(atPath: folder + "/nearby.sqlite"))

        let exported = try await run(["friends", "export", "--data-dir", folder], environment: environment)
        #expect(exported.output.contains("FN:Ada Added"))

        let added = try #require(try await service.listFriends().first { $0.lastName == "Added" })
        _ = try await run(["friends", "remove", "--data-dir", folder, String(added.id)], environment: environment)
        #expect(try await service.listFriends().map(\.fullName) == ["Sam Served"])
    }

    @Test func aWrongTokenNamesWhereTheTokenIsSet() async throws {
        let server = try NearbyService(backend: MemoryServiceBackend(), port: 0, token: "secret")
        let port = try await server.start()
        defer { Task { await server.stop() } }
        do {
            _ = try await run(["friends", "list", "--friends-url", "http://127.0.0.1:\(port)"],
                              environment: ["NEARBY_FRIENDS_TOKEN": "wrong"])
            Issue.record("a wrong token was accepted")
        } catch let failure as CommandFailure {
            #expect(failure.description.contains("refused the token"))
            #expect(failure.description.contains("NEARBY_FRIENDS_TOKEN"))
            #expect(!failure.description.contains("log in"))
        }
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
