import ArgumentParser
import FoundationEssentials
import Glibc
import NearbyData
import OSMFormats

/// `nearby import FILE`: fills the store with the points of interest of an OpenStreetMap extract.
struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import the places of an OpenStreetMap extract (.osm.pbf, .osm or .osm.gz).",
        discussion: """
            Keeps named points of interest of the known categories (nodes, and closed ways at their centre) \
            and the named towns and villages. The whole file goes in one transaction: a damaged file leaves \
            the store as it was. Importing a newer file of the same extract (the same region and source, \
            else the same file name without its date) replaces the older one: changed places are updated and \
            places gone from the file removed; favourites stay listed. The summary (on stdout) says how many \
            places were added, updated and removed; progress goes to stderr. The walking network is built \
            through temporary files in a folder beside the store, removed when the import ends (ctrl-c included); \
            the import first checks that the disk has room for about four times the file's size. With room for \
            about seven, it also keeps about three beside the store: what `nearby update` patches the store with.
            """
    )

    @OptionGroup var global: GlobalOptions

    @Argument(help: "The extract to import.", completion: .file(extensions: ["pbf", "osm", "gz"]))
    var file: String

    @Flag(help: "Read the file and report what it holds, without saving anything.")
    var dryRun = false

    @Option(parsing: .unconditional,
            help: ArgumentHelp("Import into the service's PostgreSQL/PostGIS database at this URL instead of the local store (runs nearby-server).",
                               valueName: "URL"))
    var database: String?

    @Option(parsing: .unconditional,
            help: ArgumentHelp("With --database: a name that identifies the extract from one import to the next (default: from the file's header or name).",
                               valueName: "NAME"))
    var region: String?

    func run() throws {
        if let database {
            guard !dryRun else { throw CommandFailure.badValue("--dry-run reads the file without a database; leave out --database.") }
            // The URL goes in the environment, where no process listing shows its password.
            try ServerProgram.become(arguments: ["import", file] + (region.map { ["--region", $0] } ?? []),
                                     environment: ["NEARBY_DATABASE_URL": database])
        }
        if region != nil { throw CommandFailure.badValue("--region goes with --database.") }
        let importer = OSMImporter(path: file)
        let renderer = ImportProgressRenderer()
        do {
            let summary: OSMImportSummary
            if dryRun {
                summary = try importer.run(into: CollectingImportSink(keepingEverything: false),
                                           progress: renderer.update)
            } else {
                // A wrong path or a file of another kind fails before a store is created for nothing.
                _ = try importer.detectFormat()
                let store = LocalPlacesStore(database: try global.openStore())
                Self.stopOnSignals()
                defer { Self.restoreSignals() }
                summary = try store.importOpenStreetMap(at: file, progress: renderer.update)
            }
            renderer.summary(summary, file: file, dryRun: dryRun)
        } catch let failure as CommandFailure {
            renderer.finish()
            throw failure
        } catch OSMImportError.interrupted {
            renderer.finish()
            // Rolled back and cleaned up: the command ends as the signal would have, 128 + its number.
            var failure = CommandFailure("\(OSMImportError.interrupted)")
            failure.status = 128 + (ImportInterruption.signal ?? SIGINT)
            throw failure
        } catch {
            renderer.finish()
            // One line, as every command reports a failure (made safe where it is printed); exit status 1.
            throw CommandFailure("\(error)")
        }
    }

    /// Ctrl-c and SIGTERM ask the import to stop: it rolls its transaction back and removes its temporary files
    /// before the command exits. A second signal ends the process at once (the next import removes the files).
    static func stopOnSignals() {
        // Touched here first, so the handler never initialises anything.
        ImportInterruption.reset()
        for signalNumber in [SIGINT, SIGTERM] {
            signal(signalNumber) { received in
                ImportInterruption.request(bySignal: received)
                signal(received, SIG_DFL)
            }
        }
    }

    static func restoreSignals() {
        signal(SIGINT, SIG_DFL)
        signal(SIGTERM, SIG_DFL)
    }
}
