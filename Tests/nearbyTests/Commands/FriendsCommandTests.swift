import ArgumentParser
import Foundation
import NearbyCore
import NearbyData
import Testing
import TestSupport
@testable import nearby

struct FriendsCommandTests {
    private func temporaryFolder() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("nearby-cli-\(UUID().uuidString)").path
    }

    @Test func addRejectsABadLocationBeforeTouchingTheStore() throws {
        #expect(throws: (any Error).self) {
            _ = try FriendsAddCommand.parse(["--first", "Anna", "--last", "Beck", "--phone", "123", "--near", "91,0"])
        }
        #expect(throws: (any Error).self) {
            _ = try FriendsAddCommand.parse(["--first", "Anna", "--last", "Beck", "--phone", "123", "--near", "here"])
        }
        let parsed = try FriendsAddCommand.parse(["--first", "Anna", "--last", "Beck", "--phone", "123",
                                                  "--near", "47.141,9.5209"])
        #expect(parsed.near == "47.141,9.5209")
        #expect(throws: (any Error).self) { _ = try FriendsRemoveCommand.parse(["twelve"]) }
    }

    /// `--place` is held to the rules of the form, the server and vCard import, with the same words; nothing is
    /// stored.
    @Test(arguments: [("Vaduz\u{1B}[31m", "Only printable characters"), ("Va\u{202E}duz", "Only printable characters"),
                      ("Va\u{9B}duz", "Only printable characters"),
                      (String(repeating: "L", count: 101), "At most 100 characters")])
    func addRefusesAPlaceNameTheFormWouldRefuse(place: String, reason: String) async throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let failure = try await commandFailure(["friends", "add", "--data-dir", folder, "--first", "Lena", "--last", "Long",
                                                "--phone", "+423 555 0106", "--place", place])
        #expect(failure == "--place: \(reason).")
        let store = try AppDatabase.open(at: DataLocation.storeFile(in: URL(fileURLWithPath: folder)))
        #expect(try await LocalFriendsRepository(database: store).listFriends().isEmpty)
    }

    /// `--phone` again adds more numbers, the first the main one, each held to the same rules; none is refused.
    @Test func addKeepsEveryPhoneGiven() async throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(throws: (any Error).self) { _ = try FriendsAddCommand.parse(["--first", "Mom"]) }
        let add = try FriendsAddCommand.parse(["--data-dir", folder, "--first", "Mom", "--phone", "+1 555.123.4567",
                                               "--phone", "0711/123456 x12", "--phone", "+423 555 0101"])
        try await add.run()
        let store = try AppDatabase.open(at: DataLocation.storeFile(in: URL(fileURLWithPath: folder)))
        let friends = try await LocalFriendsRepository(database: store).listFriends()
        #expect(friends.map(\.phoneNumber) == ["+1 555.123.4567"])
        #expect(friends.first?.otherPhones == ["0711/123456 x12", "+423 555 0101"])

        let failure = try await commandFailure(["friends", "add", "--data-dir", folder, "--first", "Dad",
                                                "--phone", "123", "--phone", "12\u{1B}[31m3"])
        #expect(failure?.hasPrefix("--phone: Phone number 2:") == true, "\(failure ?? "")")
        let tooMany = try await commandFailure(["friends", "add", "--data-dir", folder, "--first", "Dad"]
                                               + (1...10).flatMap { ["--phone", "555 01\($0)"] })
        #expect(tooMany == "--phone: At most 9 phone numbers.")
        #expect(try await LocalFriendsRepository(database: store).listFriends().count == 1)
    }

    @Test func addImportListRemoveAndExportAgainstAStoreOnDisk() async throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let add = try FriendsAddCommand.parse(["--data-dir", folder, "--first", "Anna", "--last", "Beck",
                                               "--phone", "+423 555 0101", "--near", "47.141,9.5209"])
        try await add.run()

        let card = folder + "/in.vcf"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Data("BEGIN:VCARD\nN:Ng;Linh\nTEL:123\nEND:VCARD\nBEGIN:VCARD\nN:Bad;\nEND:VCARD\n".utf8)
            .write(to: URL(fileURLWithPath: card))
        let importer = try FriendsImportCommand.parse(["--data-dir", folder, card])
        try await importer.run()

        let store = try AppDatabase.open(at: DataLocation.storeFile(in: URL(fileURLWithPath: folder)))
        let friends = try await LocalFriendsRepository(database: store).listFriends()
        #expect(friends.map(\.fullName) == ["Anna Beck", "Linh Ng"])

        let remove = try FriendsRemoveCommand.parse(["--data-dir", folder, String(friends[1].id)])
        try await remove.run()
        await #expect(throws: CommandFailure.self) { try await remove.run() }

        let out = folder + "/out.vcf"
        let export = try FriendsExportCommand.parse(["--data-dir", folder, out])
        try await export.run()
        let exported = VCardParser.parse(try Data(contentsOf: URL(fileURLWithPath: out)))
        #expect(exported.count == 1)
    }

    @Test(.computeBound) func importOfAFileWithNothingReadableFails() async throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let junk = folder + "/junk.vcf"
        try Data([0x00, 0xFF, 0x1B, 0x5B, 0x32, 0x4A, 0x0A]).write(to: URL(fileURLWithPath: junk))
        let importer = try FriendsImportCommand.parse(["--data-dir", folder, junk])
        await #expect(throws: CommandFailure.self) { try await importer.run() }
        let missing = try FriendsImportCommand.parse(["--data-dir", folder, folder + "/missing.vcf"])
        await #expect(throws: CommandFailure.self) { try await missing.run() }
    }

    @Test func tableShowsUserDataWithoutEscapeSequencesAndAlignsWideText() {
        let friends = [
            Friend(id: 1, firstName: "Anna", lastName: "Beck", phoneNumber: "+423 555 0101",
                   email: "a\u{9B}2J@x.li", placeName: "\u{1B}]0;owned\u{7}"),
            Friend(id: 12, firstName: "美咲", lastName: "佐藤", phoneNumber: "123"),
        ]
        let table = FriendsOutput.table(friends)
        #expect(!table.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 || $0.value == 0x9B })
        #expect(table == """
            ID  NAME       PHONE          E-MAIL     LOCATION
             1  Anna Beck  +423 555 0101  a\u{FFFD}2J@x.li  \u{241B}]0;owned\u{2407}
            12  佐藤美咲   123

            """)
    }

    @Test func jsonEscapesEveryControlCharacter() throws {
        let friend = Friend(id: 1, firstName: "Anna", lastName: "Beck", phoneNumber: "123",
                            placeName: "\u{1B}[2J\u{9B}\u{7F}\u{202E}")
        let json = FriendsOutput.json([friend])
        #expect(!json.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" || (0x7F...0x9F).contains($0.value) })
        #expect(json.contains(#""place_name": "\u001b[2J\u009b\u007f\u202e""#))
        let decoded = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]]
        #expect(decoded?.first?["place_name"] as? String == "\u{1B}[2J\u{9B}\u{7F}\u{202E}")
    }
}

/// `friends list` piped into grep or a file keeps every name and address whole (the walkthrough's P3).
struct FriendsTableCutTests {
    @Test func onlyATerminalGetsCutColumns() {
        let friend = Friend(id: 1, firstName: "Maximiliane", lastName: "von Hohenzollern-Sigmaringen",
                            phoneNumber: "+49 711 1234567", email: "maximiliane.alexandrina@hohenzollern-sigmaringen.example")
        let piped = FriendsOutput.table([friend], cut: false)
        #expect(piped.contains("maximiliane.alexandrina@hohenzollern-sigmaringen.example"))
        #expect(!piped.contains("…"))
        #expect(FriendsOutput.table([friend], cut: true).contains("…"))
    }
}
