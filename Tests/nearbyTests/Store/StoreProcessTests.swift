import Foundation
import NearbyCore
import NearbyData
import Testing

/// The store as separate `nearby` processes share it: writers wait their turn, readers never fail, a
/// read-only store can be read, reading writes nothing, and failures are one sentence with exit status 1.
@Suite("The store across processes")
struct StoreProcessTests {
    private final class Folder: Sendable {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("nearby-proc-\(UUID().uuidString)")
        var path: String { url.path }
        var store: URL { DataLocation.storeFile(in: url) }
        init() throws { try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true) }
        deinit {
            chmod(url.path, 0o755)
            try? FileManager.default.removeItem(at: url)
        }
    }

    private static let binaryIsBuilt = FileManager.default.isExecutableFile(atPath: NearbyProcess.binary.path)

    /// Runs `nearby ARGUMENTS --data-dir FOLDER`.
    private func nearby(_ arguments: [String], _ folder: Folder, prefix: [String] = [],
                        outputIn scratch: URL? = nil) async throws -> NearbyProcess.Result {
        try await NearbyProcess.run(arguments + ["--data-dir", folder.path], prefix: prefix,
                                    environment: ["HOME": folder.path], in: scratch ?? folder.url)
    }

    private func addFriend(_ folder: Folder, writer: Int, index: Int) async throws -> NearbyProcess.Result {
        try await nearby(["friends", "add", "--first", "Ab", "--last", "Cd", "--phone", "+423 \(writer) \(index)\(index)\(index)"],
                         folder)
    }

    @Test(.enabled(if: binaryIsBuilt, "the nearby binary is not built"))
    func threeWritersInParallelAllSucceedAndReadersNeverFail() async throws {
        let folder = try Folder()
        #expect(try await nearby(["friends", "list"], folder).status == 0)
        let perWriter = 15
        let failures = try await withThrowingTaskGroup(of: [String].self) { group in
            for writer in 1...3 {
                group.addTask {
                    var failed: [String] = []
                    for index in 0..<perWriter {
                        let result = try await addFriend(folder, writer: writer, index: index)
                        if result.status != 0 { failed.append(result.stderr) }
                    }
                    return failed
                }
            }
            group.addTask {
                var failed: [String] = []
                for _ in 0..<perWriter {
                    let result = try await nearby(["friends", "list", "--json"], folder)
                    if result.status != 0 { failed.append(result.stderr) }
                }
                return failed
            }
            return try await group.reduce([], +)
        }
        #expect(failures.isEmpty, "\(failures.prefix(3))")
        let friends = try await LocalFriendsRepository(database: AppDatabase.open(at: folder.store, access: .readOnly))
            .listFriends()
        #expect(friends.count == 3 * perWriter)
    }

    @Test(.enabled(if: binaryIsBuilt, "the nearby binary is not built"))
    func readCommandsWriteNothing() async throws {
        let folder = try Folder()
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("nearby-proc-out-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        #expect(try await addFriend(folder, writer: 1, index: 1).status == 0)
        let before = try Data(contentsOf: folder.store)
        for command in [["friends", "list"], ["friends", "list", "--json"], ["categories", "--near", "47.14,9.52"],
                        ["places", "--near", "47.14,9.52"]] {
            _ = try await nearby(command, folder, outputIn: scratch)
            #expect(try Data(contentsOf: folder.store) == before, "\(command) changed the store")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["nearby.sqlite"],
                "no WAL files left behind")
    }

    @Test(.enabled(if: binaryIsBuilt, "the nearby binary is not built"))
    func aStoreThatIsNotADatabaseFailsInOneSentenceWithStatusOne() async throws {
        let folder = try Folder()
        try Data(repeating: 0x42, count: 8192).write(to: folder.store)
        for command in [["friends", "list"], ["friends", "add", "--first", "Ab", "--last", "Cd", "--phone", "123456"],
                        ["categories", "--near", "47.14,9.52"], ["places", "--near", "47.14,9.52"]] {
            let result = try await nearby(command, folder)
            #expect(result.status == 1, "\(command)")
            #expect(result.stderr == "Error: The store at \(folder.store.path) is not a Nearby database; move it aside or "
                + "pass --data-dir.\n", "\(command)")
            #expect(!result.stderr.contains("Usage") && !result.stderr.contains("SQLite"))
        }
    }

    /// Whether this process may switch to another user for a command (root, with setpriv).
    private static let canDropPrivileges = getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")
    /// The words that run a command as nobody.
    private static let asNobody = ["setpriv", "--reuid=nobody", "--regid=nogroup", "--clear-groups"]

    /// A folder anyone may write, for the output of commands run as nobody.
    private static func scratchForNobody() throws -> URL {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("nearby-proc-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        chmod(scratch.path, 0o777)
        return scratch
    }

    @Test(.enabled(if: binaryIsBuilt && canDropPrivileges, "needs root and setpriv to run commands as nobody"))
    func aStoreInAReadOnlyFolderCanBeReadAndRefusesWritesClearly() async throws {
        let folder = try Folder()
        let scratch = try Self.scratchForNobody()
        defer { try? FileManager.default.removeItem(at: scratch) }
        #expect(try await addFriend(folder, writer: 1, index: 1).status == 0)
        let place = """
            <osm version="0.6"><node id="1" lat="47.141" lon="9.5209"><tag k="amenity" v="cafe"/>\
            <tag k="name" v="Café Amadeus"/></node></osm>
            """
        let extract = scratch.appendingPathComponent("town.osm")
        try Data(place.utf8).write(to: extract)
        #expect(try await nearby(["import", extract.path], folder, outputIn: scratch).status == 0)
        chmod(folder.store.path, 0o444)
        chmod(folder.path, 0o555)
        let asNobody = Self.asNobody

        let list = try await nearby(["friends", "list"], folder, prefix: asNobody, outputIn: scratch)
        #expect(list.status == 0, "\(list.stderr)")
        #expect(list.stdout.contains("Ab Cd"))
        let places = try await nearby(["places", "--near", "47.141,9.5209"], folder, prefix: asNobody, outputIn: scratch)
        #expect(places.status == 0, "\(places.stderr)")
        #expect(places.stdout.contains("Café Amadeus"))
        let categories = try await nearby(["categories", "--near", "47.141,9.5209"], folder, prefix: asNobody,
                                          outputIn: scratch)
        #expect(categories.status == 0, "\(categories.stderr)")

        let add = try await nearby(["friends", "add", "--first", "Ef", "--last", "Gh", "--phone", "123456"], folder,
                                   prefix: asNobody, outputIn: scratch)
        #expect(add.status == 1)
        #expect(add.stderr.contains("The store at \(folder.store.path) is read-only, so nothing can be saved"))
        #expect(!add.stderr.contains("Usage"))
    }

    /// A data folder that cannot be entered is said to be so, not taken for an empty store (the walkthrough's P3).
    @Test(.enabled(if: binaryIsBuilt && canDropPrivileges, "needs root and setpriv to run commands as nobody"))
    func anUnreadableDataFolderIsNamed() async throws {
        let folder = try Folder()
        let scratch = try Self.scratchForNobody()
        defer { try? FileManager.default.removeItem(at: scratch) }
        #expect(try await addFriend(folder, writer: 1, index: 1).status == 0)
        chmod(folder.path, 0o700)
        let asNobody = Self.asNobody
        let places = try await nearby(["places", "--near", "47.141,9.5209"], folder, prefix: asNobody, outputIn: scratch)
        #expect(places.status == 1)
        #expect(places.stderr.contains("Cannot read the data folder \(folder.path): permission denied."), "\(places.stderr)")
        #expect(!places.stderr.contains("no places yet"))
    }

    @Test(.enabled(if: binaryIsBuilt, "the nearby binary is not built"))
    func theImportSummaryGoesToStdoutAndProgressToStderr() async throws {
        let folder = try Folder()
        let first = """
            <osm version="0.6"><bounds minlat="47.0" minlon="9.4" maxlat="47.3" maxlon="9.7"/>
            <node id="1" lat="47.141" lon="9.5209"><tag k="amenity" v="cafe"/><tag k="name" v="Old Cafe"/></node>
            <node id="2" lat="47.142" lon="9.5209"><tag k="amenity" v="cafe"/><tag k="name" v="Still Here"/></node>
            <node id="3" lat="47.14" lon="9.52"><tag k="place" v="town"/><tag k="name" v="Testtown"/></node>
            </osm>
            """
        let a = folder.url.appendingPathComponent("a.osm"), b = folder.url.appendingPathComponent("b.osm")
        try Data(first.utf8).write(to: a)
        try Data(first.replacingOccurrences(of: "Still Here", with: "Still Here (renamed)")
            .replacingOccurrences(of: #"<node id="1" lat="47.141" lon="9.5209"><tag k="amenity" v="cafe"/><tag k="name" v="Old Cafe"/></node>"#,
                                  with: "").utf8).write(to: b)
        let added = try await nearby(["import", a.path], folder)
        #expect(added.status == 0)
        #expect(added.stdout.hasPrefix("Imported 2 places and 1 locality from a.osm (XML).\n"
            + "Changes: 2 places added, 1 locality added.\n"), "\(added.stdout)")
        let replaced = try await nearby(["import", b.path], folder)
        #expect(replaced.stdout.hasPrefix("Imported 1 place and 1 locality from b.osm (XML).\n"
            + "Changes: 1 place updated, 1 place removed (no longer in this extract).\n"), "\(replaced.stdout)")
        #expect(!replaced.stderr.contains("Imported"))
    }

    @Test(.enabled(if: binaryIsBuilt, "the nearby binary is not built"))
    func theDemoTownIsReusedWhateverItsSize() async throws {
        let folder = try Folder()
        let made = try await nearby(["demo", "--places", "60"], folder)
        #expect(made.stdout.contains("60 places, generated"))
        let reused = try await nearby(["demo"], folder)
        #expect(reused.stdout.contains("60 places, already there"), "\(reused.stdout)")
    }
}
