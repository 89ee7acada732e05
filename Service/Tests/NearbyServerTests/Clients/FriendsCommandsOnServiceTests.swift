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

    /// Photos travel with the friends: a card's photo is given on the service by `friends import`, comes back in
    /// `friends export`, and `friends photo` gives and takes one away there.
    @Test func photosGoToTheServiceAndComeBackInTheExport() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cli-photo-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let service = InMemoryFriendsRepository()
        let server = try NearbyService(backend: MemoryServiceBackend(friends: service), port: 0)
        let port = try await server.start()
        let environment = ["NEARBY_FRIENDS_URL": "http://127.0.0.1:\(port)"]
        let png = TestPictures.png(width: 64, height: 64, rgba: TestPictures.pattern(width: 64, height: 64) { x, _ in
            x < 32 ? (255, 0, 0, 255) : (0, 0, 255, 255)
        })
        let card = "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Anna Photo\r\nN:Photo;Anna;;;\r\nTEL:+423 555 0101\r\n"
            + "PHOTO;ENCODING=b;TYPE=PNG:" + Data(png).base64EncodedString() + "\r\nEND:VCARD\r\n"
        try Data(card.utf8).write(to: URL(fileURLWithPath: folder + "/anna.vcf"))
        let imported = try await nearby(["friends", "import", "--data-dir", folder, folder + "/anna.vcf"], environment)
        #expect(imported.exit == .exited(0), "\(imported.output)")
        #expect(imported.output.contains("Imported 1 friend with 1 photo."), "\(imported.output)")
        let anna = try #require(try await service.listFriends().first)
        // Kept as the app keeps photos: a JPEG.
        #expect(try await service.photo(of: anna.id)?.starts(with: [0xFF, 0xD8, 0xFF]) == true)

        let exported = try await nearby(["friends", "export", "--data-dir", folder], environment)
        #expect(exported.output.contains("PHOTO:data:image/jpeg;base64,"), "\(exported.output.prefix(300))")

        let removed = try await nearby(["friends", "photo", "--data-dir", folder, String(anna.id), "--remove"], environment)
        #expect(removed.exit == .exited(0), "\(removed.output)")
        #expect(try await service.photo(of: anna.id) == nil)
        try Data(png).write(to: URL(fileURLWithPath: folder + "/anna.png"))
        let given = try await nearby(["friends", "photo", "--data-dir", folder, String(anna.id), folder + "/anna.png"],
                                     environment)
        #expect(given.exit == .exited(0), "\(given.output)")
        #expect(try await service.photo(of: anna.id) != nil)
        await server.stop()
    }
}
