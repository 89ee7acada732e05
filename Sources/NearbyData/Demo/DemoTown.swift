import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
import NearbyCore
import SQLiteDriver

/// The fictional "Demo town": a store of made-up places, localities and friends in its own file
/// (`demo.sqlite` beside the user's store, which it never touches), so the app runs with no data and no network.
///
/// The file is generated once and reused whatever its size; it is generated again when it is missing, is not
/// a whole demo town (unreadable, cut short, made by another version of the generator), or when a different
/// number of places is asked for.
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
    /// - Parameter places: the size wanted; nil takes the town that is there, whatever its size (or makes one
    ///   of `defaultPlaceCount` places when there is none).
    /// - Throws: `PlacesError.storage` with a sentence for the user when the count is out of range or the
    ///   file cannot be written.
    public static func open(in directory: URL, places wanted: Int? = nil) async throws -> DemoTown {
        if let wanted, !(1...maximumPlaceCount).contains(wanted) {
            throw PlacesError.storage("The demo town needs between 1 and \(maximumPlaceCount) places, not \(wanted).")
        }
        let url = file(in: directory)
        if let stored = Self.storedMetadata(at: url), stored.version == generatorVersion,
           wanted == nil || wanted == stored.places {
            let database = try AppDatabase.open(at: url)
            return DemoTown(database: database, center: center, name: name, placeCount: stored.places,
                            wasGenerated: false)
        }
        let places = wanted ?? defaultPlaceCount
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
        try await store.importPlacesInBackground { writer in
            for locality in generator.localities() { try writer.upsert(locality) }
            for index in 0..<places { try writer.upsert(generator.place(index)) }
        }
        let friends = LocalFriendsRepository(database: database, now: clock)
        for draft in generator.friends() {
            _ = try await friends.addFriend(draft)
        }
        // Written last: a generation cut short leaves no metadata, so the next start generates again.
        try await database.write { db in
            try db.execute(script: Metadata.createSQL)
            try db.execute("DELETE FROM demo_town_meta")
            try db.execute("INSERT INTO demo_town_meta (key, value) VALUES ('version', ?), ('places', ?)",
                           String(generatorVersion), String(places))
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
            let connection = try SQLiteConnection(path: url.path, mode: .readOnly)
            guard try connection.scalar("SELECT count(*) FROM sqlite_master WHERE name = 'demo_town_meta'",
                                        as: Int.self) == 1 else { return nil }
            let rows = try connection.statement("SELECT key, value FROM demo_town_meta").bind()
            var values: [String: String] = [:]
            while try rows.step() {
                let key: String = try rows.column(0), value: String = try rows.column(1)
                if values[key] == nil { values[key] = value }
            }
            guard let version = values["version"].flatMap(Int.init),
                  let places = values["places"].flatMap(Int.init), (1...maximumPlaceCount).contains(places)
            else { return nil }
            return Metadata(version: version, places: places)
        } catch {
            // A damaged demo file is ours to replace.
            return nil
        }
    }

    private static func removeFiles(of url: URL) throws {
        for suffix in ["", "-wal", "-shm"] {
            let path = url.path + suffix
            if unlink(path) != 0 && errno != ENOENT {
                let reason = String(cString: strerror(errno))
                throw PlacesError.storage("Could not replace the demo town at \(path): \(reason).")
            }
        }
    }
}
