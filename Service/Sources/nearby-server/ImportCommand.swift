import ArgumentParser
import Foundation
import NearbyCore
import NearbyData
import OSMFormats
import NearbyServer
import NearbyServerOptions
import Locking
import Synchronization

/// `import FILE --database URL`: an OpenStreetMap extract's places into PostGIS.
struct ImportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import the places of an OpenStreetMap extract into PostgreSQL/PostGIS (run as `nearby import FILE --database URL`).",
        discussion: """
            The same importer and mapping as the local store's import, in one transaction. Importing the same \
            extract again replaces what it contributed before: places the new file no longer has are removed. \
            The extract is recognised as the local store recognises it: by the replication feed or the region \
            its header names, else by the file's name without dates, "latest" and extensions, so a renamed \
            file or a newer download of the same region replaces, and another extract adds. --region NAME \
            names the extract instead.
            """)

    @Argument(help: "The extract to import.", completion: .file(extensions: ["pbf", "osm", "gz"]))
    var file: String

    @OptionGroup var databaseOptions: DatabaseOptions

    @Option(parsing: .unconditional, help: ArgumentHelp("A name that identifies the extract from one import to the next (default: from the file's header or name).", valueName: "NAME"))
    var region: String?

    func validate() throws {
        if let region, region.isEmpty || region.count > 100 || region.contains(where: { $0.isNewline }) {
            throw ValidationError("--region wants a name of 1 to 100 characters.")
        }
    }

    func run() async throws {
        guard let url = try databaseOptions.primary() else {
            throw ValidationError("import needs --database postgresql://… (or NEARBY_DATABASE_URL).")
        }
        try await ServeCommand.requireMigrated(url)
        let pools = PostgresPools(primary: url, maximumConnections: 2)
        let progress = ProgressLine()
        let summary: PostgresPlacesImport.Summary
        do {
            let file = self.file, region = self.region
            summary = try await pools.withRunningPools {
                try await PostgresPlacesImport(pools: pools).importOpenStreetMap(at: file, name: region) {
                    progress.update($0)
                }
            }
        } catch {
            progress.finish()
            throw ServerFailure("The import failed and the database is as it was: \(Self.describe(error))")
        }
        progress.finish()
        let osm = summary.osm
        let places = osm.placesByCategory.values.reduce(0, +)
        // The region is the file's or the operator's name, which may carry escape sequences.
        print(NearbyServerMain.safe("Imported \(places) places of \(summary.region) into \(url) in "
              + "\((osm.seconds * 10).rounded() / 10) s; \(summary.removed) no longer in the extract were removed."))
    }

    private static func describe(_ error: any Error) -> String {
        if let error = error as? OSMImportError { return "\(error)" }
        if case .storage(let reason)? = error as? PlacesError { return reason }
        return DatabaseFailure.describe(error)
    }
}

/// A progress line on standard error, redrawn at most twice a second, only when it is a terminal.
final class ProgressLine: Sendable {
    private let last = Locked<ContinuousClock.Instant?>(nil)
    private let drawn = Atomic<Bool>(false)
    private let isTerminal = isatty(STDERR_FILENO) == 1

    func update(_ progress: OSMImportProgress) {
        guard isTerminal else { return }
        let now = ContinuousClock.now
        let due = last.withLock { last -> Bool in
            if let previous = last, now - previous < .milliseconds(500) { return false }
            last = now
            return true
        }
        guard due else { return }
        let percent = progress.totalBytes > 0 ? Int(Double(progress.bytesRead) / Double(progress.totalBytes) * 100) : 0
        StandardError.write("\r\(progress.phase == .reading ? "reading" : "placing ways") \(percent)% · "
                            + "\(progress.places) places\u{1B}[K")
        drawn.store(true, ordering: .relaxed)
    }

    func finish() {
        if drawn.load(ordering: .relaxed) { StandardError.write("\r\u{1B}[K") }
    }
}
