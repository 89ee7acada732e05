import Foundation
import NearbyCore
import NearbyData
import Testing
@testable import nearby

/// The friends commands do not lose data by accident and place friends where the app can find them.
@Suite("Friends commands: export, duplicates, places, width")
struct FriendsCommandSafetyTests {
    @Test func exportNeverOverwritesWithoutForce() async throws {
        let folder = temporaryFolder("cli-export")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let keep = folder + "/keep.vcf"
        try Data("IMPORTANT EXISTING CONTENT\n".utf8).write(to: URL(fileURLWithPath: keep))

        let refused = try await commandFailure(["friends", "export", "--data-dir", folder + "/store", keep])
        #expect(refused?.contains("exists already; add --force to replace it") == true)
        #expect(try String(contentsOfFile: keep, encoding: .utf8) == "IMPORTANT EXISTING CONTENT\n")

        _ = try await runCommand(["friends", "add", "--data-dir", folder + "/store", "--first", "Anna", "--last", "Beck",
                                  "--phone", "+423 555 0101"])
        let replaced = try await runCommand(["friends", "export", "--data-dir", folder + "/store", "--force", keep])
        #expect(replaced.output == "Exported 1 friend to \(keep).\n")
        #expect(try String(contentsOfFile: keep, encoding: .utf8).contains("FN:Anna Beck"))
        // No temporary file is left beside it.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["keep.vcf", "store"])

        let toFolder = try await commandFailure(["friends", "export", "--data-dir", folder + "/store", "--force", folder])
        #expect(toFolder == "Cannot write \(folder): it is a folder.")
    }

    @Test func anExactDuplicateNeedsForce() async throws {
        let folder = temporaryFolder("cli-duplicate")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let anna = ["friends", "add", "--data-dir", folder, "--first", "Anna", "--last", "Beck", "--phone", "+423 555 0101"]
        _ = try await runCommand(anna)
        let refused = try await commandFailure(anna)
        #expect(refused == "Anna Beck (+423 555 0101) is in the address book already, as friend 1; add --force to add another.")
        _ = try await runCommand(anna + ["--force"])
        // Another phone number is another friend.
        _ = try await runCommand(["friends", "add", "--data-dir", folder, "--first", "Anna", "--last", "Beck",
                                  "--phone", "+423 555 0999"])
        let store = try AppDatabase.open(at: DataLocation.storeFile(in: URL(fileURLWithPath: folder)))
        #expect(try await LocalFriendsRepository(database: store).listFriends().count == 3)
    }

    @Test func aPlaceNameIsLocatedWithTheGazetteer() async throws {
        let folder = temporaryFolder("cli-place")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let database = try AppDatabase.open(at: DataLocation.storeFile(in: URL(fileURLWithPath: folder)))
        let store = LocalPlacesStore(database: database)
        try store.importPlaces { writer in
            try writer.upsert(Locality(id: "osm:n1", name: "Vaduz", kind: .town,
                                       coordinate: Coordinate(latitude: 47.141, longitude: 9.5209)))
            try writer.upsert(Locality(id: "osm:n6", name: "Triesen", kind: .village,
                                       coordinate: Coordinate(latitude: 47.107, longitude: 9.528)))
            try writer.upsert(Locality(id: "osm:n7", name: "Triesen", kind: .hamlet,
                                       coordinate: Coordinate(latitude: 46.5, longitude: 7.0)))
        }
        func add(_ first: String, place: String) async throws -> String? {
            try await commandFailure(["friends", "add", "--data-dir", folder, "--first", first, "--last", "Test",
                                      "--phone", "+423 555 01\(first.count)", "--place", place])
        }
        #expect(try await add("Vera", place: "vaduz") == nil)
        let ambiguous = try await add("Tim", place: "Triesen")
        #expect(ambiguous?.contains("“Triesen” could mean Triesen (village") == true)
        #expect(ambiguous?.contains("--near") == true)
        let unknown = try await runCommand(["friends", "add", "--data-dir", folder, "--first", "Una", "--last", "Test",
                                            "--phone", "+423 555 0133", "--place", "Atlantis"])
        #expect(unknown.errors.contains("No town called “Atlantis”"))

        let friends = try await LocalFriendsRepository(database: database).listFriends()
        let vera = try #require(friends.first { $0.firstName == "Vera" })
        #expect(vera.coordinate == Coordinate(latitude: 47.141, longitude: 9.5209))
        #expect(vera.placeName == "Vaduz")
        #expect(friends.first { $0.firstName == "Una" }?.placeName == "Atlantis")
        #expect(friends.first { $0.firstName == "Tim" } == nil)
    }

    @Test func theTableStaysNarrowWithALongName() {
        let long = String(repeating: "Bartholomew-", count: 6) + "Smith"
        let friends = [
            Friend(id: 1, firstName: long, lastName: "Xavier-Montgomery", phoneNumber: "+423 (0) 555-01 23 45",
                   email: "bartholomew.smith@a-very-long-domain-name.example.org"),
            Friend(id: 2, firstName: "Anna", lastName: "Beck", phoneNumber: "+423 555 0101",
                   coordinate: Coordinate(latitude: 47.006002670628, longitude: 8.002947209213)),
        ]
        let lines = FriendsOutput.table(friends).split(separator: "\n")
        #expect(lines.allSatisfy { $0.count <= 140 }, "\(lines.map(\.count))")
        #expect(lines[1].contains("…"))
        // The phone number, the column users copy from, is never cut.
        #expect(lines[1].contains("+423 (0) 555-01 23 45"))
        #expect(lines[2].contains("47.00600, 8.00295"))
    }
}
