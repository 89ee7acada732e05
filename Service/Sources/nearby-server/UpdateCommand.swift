import ArgumentParser
import Foundation
import NearbyCore
import NearbyData
import OSMFormats
import NearbyServer
import NearbyServerOptions

/// `update FILE --database URL`: an extract in PostGIS brought up to date from its replication feed, the way
/// `nearby update` brings the local store's (run as `nearby update --database URL FILE`).
struct UpdateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "update",
        abstract: "Bring an extract in PostgreSQL/PostGIS up to date from its replication feed (run as `nearby update --database URL FILE`).",
        discussion: """
            FILE is the extract the database was filled from (the same file: its header names the feed and \
            where it stands). Fetches the change files published since, keeps them in --changes-folder, and \
            imports FILE again through all of them in one transaction, as `import` does; the database then \
            records the sequence reached. A damaged change file or a failure leaves the database as it was.
            """)

    @Argument(help: "The extract the database was imported from.", completion: .file(extensions: ["pbf", "osm", "gz"]))
    var file: String

    @OptionGroup var databaseOptions: DatabaseOptions

    @Option(parsing: .unconditional, help: ArgumentHelp("The name the extract was imported under with --region.", valueName: "NAME"))
    var region: String?

    @Option(name: .customLong("updates-url"), parsing: .unconditional,
            help: ArgumentHelp("A mirror of the replication feed to read instead of the one the file names.", valueName: "URL"))
    var updatesURL: String?

    @Option(name: .customLong("changes-folder"), parsing: .unconditional,
            help: ArgumentHelp("Where the change files are kept between runs, a folder for each extract; one update at a time uses it.",
                               valueName: "DIR"))
    var changesFolder: String

    @Flag(help: "Say how far behind the database is, without fetching or changing anything.")
    var dryRun = false

    func run() async throws {
        guard let url = try databaseOptions.primary() else {
            throw ValidationError("update needs --database postgresql://… (or NEARBY_DATABASE_URL).")
        }
        try await ServeCommand.requireMigrated(url)
        let changes = URL(fileURLWithPath: changesFolder)
        let lock: Int32
        do {
            lock = try ExtractUpdate.lock(in: changes)
        } catch {
            throw ServerFailure(error.message)
        }
        defer { close(lock) }
        let key: String
        do {
            key = try PostgresPlacesImport.extractKey(of: file, name: region)
        } catch {
            throw ServerFailure("\(file) cannot be read: \(error)")
        }
        let name = region ?? PlacesExtract.nameStem(String(file.split(separator: "/").last ?? Substring(file)))
        // A folder of the extract's own: two extracts of one name (from two feeds, or named apart with --region)
        // never share their change files.
        let folder = changes.appendingPathComponent(Self.folderName(name: name, key: key))
        let pools = PostgresPools(primary: url, maximumConnections: 2)
        let file = self.file, region = self.region, dryRun = self.dryRun
        let feed = ExtractFeed(file: file, name: name, folder: folder, feedOverride: updatesURL)
        let line: String = try await pools.withRunningPools {
            let importer = PostgresPlacesImport(pools: pools)
            guard let position = try await importer.feedPosition(ofExtract: key) else {
                throw ServerFailure("\(name) is not in the database; import it first "
                                    + "(nearby import \(file) --database …).")
            }
            let plan: ExtractFeed.Plan
            let fetched: Int
            let changes: OSMChangeSet
            do throws(ExtractUpdateError) {
                plan = try await feed.plan(reached: position.sequence)
                if plan.isCurrent { return "\(name): up to date (sequence \(plan.reached))." }
                if dryRun { return "\(name): \(plan.behindText)." }
                fetched = try await feed.fetchMissing(plan)
                changes = try feed.changes(plan)
            } catch {
                throw ServerFailure(error.message)
            }
            let progress = ProgressLine()
            let summary: PostgresPlacesImport.Summary
            do {
                summary = try await importer.importOpenStreetMap(at: file, name: region, changes: changes) {
                    progress.update($0)
                }
            } catch {
                progress.finish()
                throw ServerFailure("The update failed and the database is as it was: \(error)")
            }
            progress.finish()
            let places = summary.osm.placesByCategory.values.reduce(0, +)
            return "\(name): " + plan.appliedText(files: changes.files, fetched: fetched, nodes: changes.nodeCount,
                                                   ways: changes.wayCount)
                + "; \(NumberText.counted(places, "place", "places")), \(NumberText.grouped(summary.removed)) removed."
        }
        // A file's or region's name may carry escape sequences: never printed raw.
        print(NearbyServerMain.safe(line))
    }

    /// The extract's folder under the changes folder: its name made safe for a path, and a hash of its key.
    static func folderName(name: String, key: String) -> String {
        let safe = String(name.unicodeScalars.prefix(40).map { scalar -> Character in
            scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "-" || scalar == "_"
                ? Character(scalar) : "_"
        })
        // FNV-1a: stable across runs and builds, unlike Hasher.
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in key.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return safe + "-" + String(hash, radix: 16)
    }
}
