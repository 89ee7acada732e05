import Foundation
import NearbyCore
import NearbyData
import Pictures
import Testing
import TestSupport
@testable import nearby

/// Photos from the command line: `friends add --photo FILE` and `friends photo ID FILE|--remove` keep the store's
/// form of the picture; a file that is no picture is a bad value and changes nothing.
struct FriendsPhotoCommandTests {
    /// A picture file named `name` in `folder` (the test's own, which it removes).
    static func pictureFile(_ bytes: [UInt8], name: String, in folder: String) throws -> String {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let path = folder + "/" + name
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    static func repository(_ folder: String) throws -> LocalFriendsRepository {
        LocalFriendsRepository(database: try AppDatabase.open(at: DataLocation.storeFile(in: URL(fileURLWithPath: folder))))
    }

    @Test func addWithAPhotoKeepsItScaled() async throws {
        let folder = temporaryFolder("photo-add")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let png = try Self.pictureFile(TestPictures.png(width: 900, height: 600, rgba: TestPictures.pattern(width: 900, height: 600)),
                                       name: "anna.png", in: folder)
        let capture = try await runCommand(["friends", "add", "--data-dir", folder, "--first", "Anna",
                                            "--phone", "+423 555 0101", "--photo", png])
        #expect(capture.output.contains("Added friend 1: Anna, with a photo"))
        let stored = try #require(try await Self.repository(folder).photo(of: 1))
        #expect(try PictureCodec.decode(stored).width == 512)
    }

    @Test func aFileThatIsNoPictureIsABadValueAndAddsNoFriend() async throws {
        let folder = temporaryFolder("photo-bad")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let gif = try Self.pictureFile(TestPictures.gifHeader, name: "anna.jpg", in: folder)
        let failure = try await commandFailure(["friends", "add", "--data-dir", folder, "--first", "Anna",
                                                "--phone", "+423 555 0101", "--photo", gif])
        #expect(failure?.hasSuffix("anna.jpg as a photo: GIF pictures are not shown.") == true)
        #expect(try await Self.repository(folder).listFriends().isEmpty)
        #expect(try await commandFailure(["friends", "add", "--data-dir", folder, "--first", "Anna",
                                          "--phone", "+423 555 0101", "--photo", folder + "/none.png"])
                == "Cannot read \(folder)/none.png: no such file.")
    }

    @Test func photoGivesAndRemoves() async throws {
        let folder = temporaryFolder("photo-set")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        _ = try await runCommand(["friends", "add", "--data-dir", folder, "--first", "Bo", "--phone", "+423 555 0102"])
        let png = try Self.pictureFile(TestPictures.png(width: 40, height: 40, rgba: TestPictures.pattern(width: 40, height: 40)),
                                       name: "bo.png", in: folder)
        let given = try await runCommand(["friends", "photo", "--data-dir", folder, "1", png])
        #expect(given.output.contains("Gave friend 1 a photo: Bo"))
        #expect(try await Self.repository(folder).photo(of: 1) != nil)
        _ = try await runCommand(["friends", "photo", "--data-dir", folder, "1", "--remove"])
        #expect(try await Self.repository(folder).photo(of: 1) == nil)
        #expect(try await commandFailure(["friends", "photo", "--data-dir", folder, "7", png])
                == "No friend has the id 7 (see nearby friends list).")
        #expect(try await commandFailure(["friends", "photo", "--data-dir", folder, "1"])
                == "Give the picture's FILE, or --remove.")
        #expect(throws: (any Error).self) { _ = try FriendsPhotoCommand.parse(["1", png, "--remove"]) }
    }
}
