import Foundation
import GRDB
import NearbyCore

/// The fictional "Demo town": a store of made-up places, localities and friends in its own file
/// (`demo.sqlite` beside the user's store, which it never touches), so the app runs with no data and no network.
///
/// The file is generated once and reused; it is generated again when it is missing, unreadable, or was made
/// for another number of places or by another version of the generator.
public struct DemoTown: Sendable {
    /// The name the app shows for "here"; clearly not a real town.
    public static let name = "Demo town"
    /// A fictional centre for the town.
    public static let center = Coordinate(latitude: 47.0, longitude: 8.0)
    /// How many places `nearby --demo` makes.
    public static let defaultPlaceCount = 500
    /// The most places a demo town may have.
    public static let maximumPlaceCount = 2_000_000
    /// Bumped whenever the generator changes what it makes, so old files are replaced.
    static let generatorVersion = 1

    /// The demo store, open.
    public let database: AppDatabase
    public let center: Coordinate
    public let name: String
    public let placeCount: Int
    /// Whether this call generated the file (false when an existing one was reused).
    public let wasGenerated: Bool

    /// The demo's file inside the data directory.
    public static func file(in directory: URL) -> URL {
        directory.appendingPathComponent("demo.sqlite")
    }

    /// Opens the demo town in `directory`, generating it first when needed.
    /// - Throws: `PlacesError.storage` with a sentence for the user when the count is out of range or the
    ///   file cannot be written.
    public static func open(in directory: URL, places: Int = defaultPlaceCount) async throws -> DemoTown {
        guard (1...maximumPlaceCount).contains(places) else {
            throw PlacesError.storage("The demo town needs between 1 and \(maximumPlaceCount) places, not \(places).")
        }
        let url = file(in: directory)
        if Self.storedMetadata(at: url) == Metadata(version: generatorVersion, places: places) {
            let database = try AppDatabase.open(at: url)
            return DemoTown(database: database, center: center, name: name, placeCount: places, wasGenerated: false)
        }
        try removeFiles(of: url)
        let database = try AppDatabase.open(at: url)
        try await generate(into: database, places: places)
        return DemoTown(database: database, center: center, name: name, placeCount: places, wasGenerated: true)
    }

    /// Fills an empty store with the demo town (tests use an in-memory store).
    static func generate(into database: AppDatabase, places: Int) async throws {
        let generator = DemoTownGenerator(center: center, placeCount: places)
        // A fixed clock: the same town has the same timestamps, byte for byte.
        let clock: @Sendable () -> Date = { Date(timeIntervalSince1970: 1_767_225_600) }
        let store = LocalPlacesStore(database: database, now: clock)
        try store.importPlaces { writer in
            for locality in generator.localities() { try writer.upsert(locality) }
            for index in 0..<places { try writer.upsert(generator.place(index)) }
        }
        let friends = LocalFriendsRepository(database: database, now: clock)
        for draft in generator.friends() {
            _ = try await friends.addFriend(draft)
        }
        // Written last: a generation cut short leaves no metadata, so the next start generates again.
        try await database.writer.write { db in
            try db.execute(sql: Metadata.createSQL)
            try db.execute(sql: "DELETE FROM demo_town_meta")
            try db.execute(sql: "INSERT INTO demo_town_meta (key, value) VALUES ('version', ?), ('places', ?)",
                           arguments: [String(generatorVersion), String(places)])
        }
    }

    // MARK: Metadata

    struct Metadata: Equatable {
        static let createSQL = "CREATE TABLE IF NOT EXISTS demo_town_meta (key TEXT PRIMARY KEY NOT NULL, value TEXT NOT NULL)"
        var version: Int
        var places: Int
    }

    /// What the file says it holds; nil when it is missing, is not a demo town, or cannot be read.
    static func storedMetadata(at url: URL) -> Metadata? {
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        do {
            let queue = try DatabaseQueue(path: url.path)
            defer { try? queue.close() }
            return try queue.read { db -> Metadata? in
                guard try db.tableExists("demo_town_meta") else { return nil }
                let values = try Dictionary(
                    Row.fetchAll(db, sql: "SELECT key, value FROM demo_town_meta").map { row in
                        (row["key"] as String, row["value"] as String)
                    }, uniquingKeysWith: { first, _ in first })
                guard let version = values["version"].flatMap(Int.init),
                      let places = values["places"].flatMap(Int.init) else { return nil }
                return Metadata(version: version, places: places)
            }
        } catch {
            // A damaged demo file is ours to replace.
            return nil
        }
    }

    private static func removeFiles(of url: URL) throws {
        for suffix in ["", "-wal", "-shm"] {
            let path = url.path + suffix
            guard FileManager.default.fileExists(atPath: path) else { continue }
            do {
                try FileManager.default.removeItem(atPath: path)
            } catch {
                throw PlacesError.storage("Could not replace the demo town at \(path): \(error.localizedDescription)")
            }
        }
    }
}
