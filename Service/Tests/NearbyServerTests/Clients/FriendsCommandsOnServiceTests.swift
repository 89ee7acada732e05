import Foundation
import NearbyCore
import NearbyData
import NearbyServer
import TestSupport
import Testing

/// `nearby friends …` (the app's binary, run as a user runs it) against the real service: they work on the
/// service when one is set, never silently on the local store. Without a service they are tested with the app.
@Suite("Friends commands against the service")
struct FriendsCommandsOnServiceTests {
    private func nearby(_ arguments: [String], _ extra: [String: String]) async throws -> Command.Result {
        var environment = ProcessInfo.processInfo.environment
        for (key, value) in extra { environment[key] = value }
        return try await Command.run(Binaries.nearby, arguments, environment: environment)
    }

    @Test func listAddExportAndRemoveUseTheServiceNotTheStore() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cli-service-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let service = InMemoryFriendsRepository(friends: [Friend(id: 1, firstName: "Sam", lastName: "Served",
                                                                 phoneNumber: "+423 555 0199")])
        let server = try NearbyService(backend: MemoryServiceBackend(friends: service), port: 0, token: "secret")
        let port = try await server.start()
        let environment = ["NEARBY_FRIENDS_URL": "http://127.0.0.1:\(port)", "NEARBY_FRIENDS_TOKEN": "secret"]

        let listed = try await nearby(["friends", "list", "--data-dir", folder], environment)
        #expect(listed.exit == .exited(0), "\(listed.output)")
        #expect(listed.output.contains("Sam Served"))

        let added = try await nearby(["friends", "add", "--data-dir", folder, "--first", "Ada", "--last", "Added",
                                      "--phone", "+423 555 0102"], environment)
        #expect(added.exit == .exited(0), "\(added.output)")
        #expect(try await service.listFriends().map(\.fullName) == ["Ada Added", "Sam Served"])
        // Nothing went to the local store.
        #expect(!FileManager.default.fileExists(atPath: folder + "/nearby.sqlite"))

        let exported = try await nearby(["friends", "export", "--data-dir", folder], environment)
        #expect(exported.output.contains("FN:Ada Added"))

        let ada = try #require(try await service.listFriends().first { $0.lastName == "Added" })
        let removed = try await nearby(["friends", "remove", "--data-dir", folder, String(ada.id)], environment)
        #expect(removed.exit == .exited(0), "\(removed.output)")
        #expect(try await service.listFriends().map(\.fullName) == ["Sam Served"])
        await server.stop()
    }

    @Test func aWrongTokenNamesWhereTheTokenIsSet() async throws {
        let server = try NearbyService(backend: MemoryServiceBackend(), port: 0, token: "secret")
        let port = try await server.start()
        let result = try await nearby(["friends", "list", "--friends-url", "http://127.0.0.1:\(port)"],
                                      ["NEARBY_FRIENDS_TOKEN": "wrong"])
        await server.stop()
        #expect(result.exit != .exited(0), "a wrong token was accepted")
        #expect(result.output.contains("refused the token"))
        #expect(result.output.contains("NEARBY_FRIENDS_TOKEN"))
        #expect(!result.output.contains("log in"))
    }
}
