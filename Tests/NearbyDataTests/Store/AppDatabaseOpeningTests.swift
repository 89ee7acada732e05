import CSQLite
import Foundation
import NearbyCore
import Testing
@testable import NearbyData
@testable import SQLiteDriver

/// Opening a store: what it writes (nothing, when nothing needs migrating), stores of earlier versions, and
/// the sentences users get when the file is not what it should be.
struct AppDatabaseOpeningTests {
    /// A folder of its own, removed when the test ends.
    private final class Folder {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("nearby-open-\(UUID().uuidString)")
        var store: URL { DataLocation.storeFile(in: url) }
        init() throws { try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true) }
        deinit { try? FileManager.default.removeItem(at: url) }
        var files: [String] { ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).sorted() }
    }

    /// A store on disk holding one friend and one place, closed again.
    private func makeStore(in folder: Folder) async throws {
        let database = try AppDatabase.open(at: folder.store)
        _ = try await LocalFriendsRepository(database: database)
            .addFriend(FriendDraft(firstName: "Anna", lastName: "Beck", phoneNumber: "+423 555 0101"))
        try LocalPlacesStore(database: database).importPlaces { writer in
            try writer.upsert(PlacesFixtures.place("n1", "Café Amadeus", .cafe, at: PlacesFixtures.vaduz))
        }
    }

    /// Mounting a small file system needs root (CI runs as root); elsewhere the test cannot make a full disk.
    static let canMountFullDisk = getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/bin/mount")

    /// On a full disk SQLite cannot make the shared-memory file even readers of a WAL store need: the store is
    /// still read (lists, the app's start), and a write says the disk is full rather than "read-only".
    @Test(.enabled(if: canMountFullDisk, "needs root to mount a tiny file system"))
    func aFullDiskStillReads() async throws {
        let folder = try Folder()
        // The folder outlives the mount (defers run last first): removing it while mounted would leave it behind.
        defer { withExtendedLifetime(folder) {} }
        let disk = folder.url.appendingPathComponent("disk")
        try FileManager.default.createDirectory(at: disk, withIntermediateDirectories: true)
        func run(_ arguments: [String]) throws -> Int32 {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: arguments[0])
            process.arguments = Array(arguments.dropFirst())
            try process.run()
            process.waitUntilExit()
            return process.terminationStatus
        }
        guard try run(["/bin/mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", disk.path]) == 0 else {
            Issue.record("could not mount a tmpfs at \(disk.path)")
            return
        }
        defer { _ = try? run(["/bin/umount", disk.path]) }
        let store = DataLocation.storeFile(in: disk)
        do {
            let database = try AppDatabase.open(at: store)
            _ = try await LocalFriendsRepository(database: database)
                .addFriend(FriendDraft(firstName: "Anna", lastName: "Beck", phoneNumber: "+423 555 0101"))
        }
        // Fill what is left of the disk.
        let filler = disk.appendingPathComponent("filler")
        #expect(FileManager.default.createFile(atPath: filler.path, contents: nil))
        let handle = try FileHandle(forWritingTo: filler)
        let block = Data(count: 64 * 1024)
        while (try? handle.write(contentsOf: block)) != nil {}
        try? handle.close()

        let database = try AppDatabase.open(at: store)
        let friends = LocalFriendsRepository(database: database)
        #expect(try await friends.listFriends().map(\.fullName) == ["Anna Beck"])
        await #expect(throws: FriendsError.self) {
            _ = try await friends.addFriend(FriendDraft(firstName: "Max", lastName: "Adler", phoneNumber: "+423 555 0102"))
        }
        #expect(throws: StoreError.diskFull(path: store.path)) {
            try database.writeWithoutTransaction { _ in }
        }
    }

    @Test func openingAnUpToDateStoreWritesNothing() async throws {
        let folder = try Folder()
        try await makeStore(in: folder)
        #expect(folder.files == ["nearby.sqlite"], "closing the store removed its WAL files")
        let before = try Data(contentsOf: folder.store)
        for access in [AppDatabase.Access.readWrite, .readOnly] {
            let database = try AppDatabase.open(at: folder.store, access: access)
            #expect(try await LocalFriendsRepository(database: database).listFriends().count == 1)
            #expect(try LocalPlacesStore(database: database).fetchCount(near: PlacesFixtures.vaduz, radius: 100,
                                                                        category: nil) == 1)
        }
        // Every byte the same: no migration, no header counter bumped, nothing left beside it.
        #expect(try Data(contentsOf: folder.store) == before)
        #expect(folder.files == ["nearby.sqlite"])
    }

    @Test func readingAMissingStoreCreatesNothing() async throws {
        let folder = try Folder()
        let missing = folder.url.appendingPathComponent("not-yet/nearby.sqlite")
        let database = try AppDatabase.open(at: missing, access: .readOnly)
        #expect(try await LocalFriendsRepository(database: database).listFriends().isEmpty)
        #expect(try LocalPlacesStore(database: database).fetchIsEmpty())
        #expect(!FileManager.default.fileExists(atPath: missing.deletingLastPathComponent().path))
    }

    @Test func aStoreOpenedForReadingRefusesWritesWithASentence() async throws {
        let folder = try Folder()
        try await makeStore(in: folder)
        let before = try Data(contentsOf: folder.store)
        let database = try AppDatabase.open(at: folder.store, access: .readOnly)
        #expect(database.isReadOnly)
        let friends = LocalFriendsRepository(database: database)
        await #expect(throws: FriendsError.storage(StoreError.readOnly(path: folder.store.path).description)) {
            try await friends.addFriend(FriendDraft(firstName: "Max", lastName: "Adler", phoneNumber: "123"))
        }
        await #expect(throws: PlacesError.self) {
            try await LocalPlacesStore(database: database).setFavourite(PlaceID(source: .osm, sourceID: "n1"), true)
        }
        #expect(try Data(contentsOf: folder.store) == before)
    }

    @Test func aStoreOfANewerVersionIsReadButNeverWritten() async throws {
        let folder = try Folder()
        try await makeStore(in: folder)
        // As a newer Nearby would leave it: a schema version this build does not know.
        do {
            // Closed at the end of this block, so the file is whole before it is looked at.
            let older = try AppDatabase.open(at: folder.store)
            try await older.writeWithoutTransaction { connection in try connection.execute(script: "PRAGMA user_version = 999") }
        }
        let before = try Data(contentsOf: folder.store)
        let database = try AppDatabase.open(at: folder.store)
        #expect(database.isReadOnly)
        #expect(database.whyReadOnly == .newerVersion(path: folder.store.path))
        let friends = LocalFriendsRepository(database: database)
        #expect(try await friends.listFriends().map(\.fullName) == ["Anna Beck"])
        #expect(try LocalPlacesStore(database: database).fetchCount(near: PlacesFixtures.vaduz, radius: 100, category: nil) == 1)
        await #expect(throws: FriendsError.storage(StoreError.newerVersion(path: folder.store.path).description)) {
            try await friends.addFriend(FriendDraft(firstName: "Max", lastName: "Adler", phoneNumber: "123"))
        }
        await #expect(throws: StoreError.newerVersion(path: folder.store.path)) {
            try await database.write { connection in try connection.execute(script: "DELETE FROM friend") }
        }
        #expect(StoreError.newerVersion(path: folder.store.path).description.contains("newer Nearby"))
        #expect(try Data(contentsOf: folder.store) == before)
        #expect(try await database.read { connection in try connection.scalar("PRAGMA user_version", as: Int32.self) } == 999)
    }

    @Test func aStoreOfAnEarlierVersionIsBroughtUpToDateOnceKeepingItsData() async throws {
        let folder = try Folder()
        try makeLegacyStore(at: folder.store.path)
        let database = try AppDatabase.open(at: folder.store)
        let anna = try await LocalFriendsRepository(database: database).listFriends()
        #expect(anna.map(\.fullName) == ["Anna Beck"])
        #expect(anna.first?.createdAt == Date(timeIntervalSince1970: 1_735_725_600))
        #expect(try await database.read { db in try db.scalar("PRAGMA user_version", as: Int32.self) }
            == StoreSchema.latestVersion)
        #expect(try LocalPlacesStore(database: database).fetchFavouritePlaces().map(\.isGone) == [true])
        // Once up to date, opening again writes nothing.
        let after = try Data(contentsOf: folder.store)
        _ = try AppDatabase.open(at: folder.store)
        #expect(try Data(contentsOf: folder.store) == after)
    }

    @Test func aStoreOfTheLastGRDBVersionKeepsItsWalkingNetwork() async throws {
        let folder = try Folder()
        try makeLegacyStore(at: folder.store.path, steps: 7)
        try SQLiteConnection(path: folder.store.path, mode: .readWriteCreate)
            .execute("INSERT INTO walk_tile (tile, data) VALUES (?, ?)", Int64(42), [UInt8]([1, 2, 3]))
        let database = try AppDatabase.open(at: folder.store)
        #expect(try await LocalFriendsRepository(database: database).listFriends().map(\.fullName) == ["Anna Beck"])
        let network = try LocalWalkingRouter(database: database).storedSize()
        #expect(network.tiles == 1 && network.bytes == 3)
        #expect(try await database.read { db in try db.scalar("PRAGMA user_version", as: Int32.self) }
            == StoreSchema.latestVersion)
    }

    @Test func aReadingCommandBringsAnOlderStoreUpToDateWhereItMayWriteIt() async throws {
        let folder = try Folder()
        try makeLegacyStore(at: folder.store.path, steps: 7)
        let database = try AppDatabase.open(at: folder.store, access: .readOnly)
        #expect(database.isReadOnly)
        #expect(try await LocalFriendsRepository(database: database).listFriends().map(\.fullName) == ["Anna Beck"])
        #expect(try await database.read { db in try db.scalar("PRAGMA user_version", as: Int32.self) }
            == StoreSchema.latestVersion)
    }

    /// What the GRDB-based versions left: their steps (five, or seven with the walking network and the
    /// refolded keys) recorded in `grdb_migrations`, user_version 0.
    private func makeLegacyStore(at path: String, steps: Int32 = 5) throws {
        let legacy = try SQLiteConnection(path: path, mode: .readWriteCreate)
        try StoreSchema.migrate(legacy, upTo: steps)
        let later = steps >= 7 ? ", ('walk-network-v1'), ('text-v1-refold-keys')" : ""
        try legacy.execute(script: """
            PRAGMA user_version = 0;
            CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY);
            INSERT INTO grdb_migrations VALUES ('friends-v1'), ('friends-v2-folded-keys'), ('friends-v3-list-index'),
                ('places-v1'), ('places-v2-fetched-areas'), ('some-future-step')\(later);
            INSERT INTO friend (firstName, lastName, phoneNumber, createdAt, updatedAt, lastNameKey, firstNameKey,
                searchKey) VALUES ('Anna', 'Beck', '123', '2025-01-01 10:00:00.000', '2025-01-01 10:00:00.000', 'beck',
                'anna', 'anna beck 123 ');
            INSERT INTO favourite (placeID, savedAt) VALUES ('osm:n9', '2025-01-01T10:00:00Z');
            """)
        #expect(try StoreSchema.state(of: legacy) == .version(steps))
    }

    // MARK: Sentences for files that are not a Nearby store

    private func openingError(_ folder: Folder, access: AppDatabase.Access = .readWrite) -> StoreError? {
        do {
            _ = try AppDatabase.open(at: folder.store, access: access)
            return nil
        } catch {
            return error
        }
    }

    @Test(arguments: [AppDatabase.Access.readWrite, .readOnly])
    func aFileThatIsNotADatabaseIsNamedAsSuch(access: AppDatabase.Access) throws {
        let folder = try Folder()
        try Data(repeating: 0x5A, count: 10_000).write(to: folder.store)
        let error = openingError(folder, access: access)
        #expect(error == .notADatabase(path: folder.store.path))
        #expect(error?.description == "The store at \(folder.store.path) is not a Nearby database; move it aside or "
            + "pass --data-dir.")
        #expect(try Data(contentsOf: folder.store) == Data(repeating: 0x5A, count: 10_000), "left as it was")
    }

    @Test func anotherProgramsDatabaseIsNotANearbyDatabase() throws {
        let folder = try Folder()
        try SQLiteConnection(path: folder.store.path, mode: .readWriteCreate)
            .execute(script: "CREATE TABLE notes (body TEXT); INSERT INTO notes VALUES ('keep me')")
        #expect(openingError(folder) == .notADatabase(path: folder.store.path))
        #expect(openingError(folder, access: .readOnly) == .notADatabase(path: folder.store.path))
        // Refused as it was: not switched to WAL (bytes 18 and 19 of the header are 1 for a rollback journal).
        let header = try #require(FileManager.default.contents(atPath: folder.store.path)?.prefix(20))
        #expect(Array(header.suffix(2)) == [1, 1])
        #expect(!folder.files.contains { $0.hasSuffix("-wal") })
    }

    @Test func aFolderWhereTheStoreShouldBeIsNotADatabase() throws {
        let folder = try Folder()
        try FileManager.default.createDirectory(at: folder.store, withIntermediateDirectories: true)
        #expect(openingError(folder) == .notADatabase(path: folder.store.path))
    }

    @Test func aStoreDamagedInsideSaysSoWhenRead() async throws {
        let folder = try Folder()
        try await addFriends(300, to: folder.store)
        // Garbage over every page but the first: the schema reads, the friends do not.
        let handle = try FileHandle(forWritingTo: folder.store)
        let size = try handle.seekToEnd()
        try handle.seek(toOffset: 4096)
        try handle.write(contentsOf: Data(repeating: 0xA5, count: Int(size) - 4096))
        try handle.close()
        let damaged = LocalFriendsRepository(database: try AppDatabase.open(at: folder.store, access: .readOnly))
        await #expect(throws: FriendsError.storage(
            "The store at \(folder.store.path) is damaged; move it aside and import again.")) {
            try await damaged.listFriends()
        }
    }

    /// Adds friends and closes the store again, so that everything is in the main file.
    private func addFriends(_ count: Int, to store: URL) async throws {
        let friends = LocalFriendsRepository(database: try AppDatabase.open(at: store))
        for index in 0..<count {
            _ = try await friends.addFriend(FriendDraft(firstName: "Friend", lastName: "Beck",
                                                        phoneNumber: "+423 555 \(1000 + index)"))
        }
    }

    @Test func aFolderThatCannotBeCreatedIsNamed() throws {
        let folder = try Folder()
        let blocker = folder.url.appendingPathComponent("file")
        try Data("x".utf8).write(to: blocker)
        let inside = blocker.appendingPathComponent("data/nearby.sqlite")
        #expect(throws: StoreError.folderUnavailable(path: blocker.path + "/data", reason: "a file is in the way")) {
            _ = try AppDatabase.open(at: inside)
        }
    }

    @Test func everySentenceNamesTheFileAndHidesSQLite() {
        let path = "/home/anna/.local/share/nearby/nearby.sqlite"
        let errors: [StoreError] = [
            StoreError(SQLiteError(code: SQLITE_NOTADB, message: "file is not a database"), path: path),
            StoreError(SQLiteError(code: SQLITE_CORRUPT, message: "database disk image is malformed"), path: path),
            StoreError(SQLiteError(code: SQLITE_READONLY, message: "attempt to write a readonly database"), path: path),
            StoreError(SQLiteError(code: SQLITE_BUSY, message: "database is locked"), path: path),
            StoreError(SQLiteError(code: SQLITE_FULL, message: "database or disk is full"), path: path),
            .noPermission(path: path), .needsUpgrade(path: path),
        ]
        #expect(errors.map(\.self) == [.notADatabase(path: path), .damaged(path: path), .readOnly(path: path),
                                        .busy(path: path), .diskFull(path: path), .noPermission(path: path),
                                        .needsUpgrade(path: path)])
        for error in errors {
            let sentence = error.description
            #expect(sentence.contains(path))
            #expect(!sentence.contains("SQLite") && !sentence.contains("error 2") && !sentence.contains("NSCocoa"))
            #expect(sentence.hasSuffix("."))
            #expect(!sentence.contains("\n"))
        }
    }
}
