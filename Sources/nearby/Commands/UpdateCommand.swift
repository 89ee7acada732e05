import ArgumentParser
import FoundationEssentials
import Glibc
import Locking
import NearbyCore
import NearbyData
import OSMFormats
import TerminalText

/// `nearby update [NAME…]`: imported extracts brought up to date from their replication feeds.
struct UpdateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "update",
        abstract: "Bring imported extracts up to date with the changes their replication feed has published.",
        discussion: """
            For each extract NAME (every extract whose file names a replication feed when none is given), fetches \
            the feed's state.txt and the change files (.osc.gz) published since the extract's file, keeps them in \
            the data folder's updates/, and reads the file again through all of them in one transaction: places \
            added, changed and removed, areas placed again, and the walking network rebuilt, exactly as importing \
            the changed file would. The file must still be where it was imported from (`nearby download` keeps it). \
            --updates-url (or updates_url, NEARBY_UPDATES_URL) reads a mirror of the feed instead of the address in \
            the file's header. One update runs at a time; a damaged change file or ctrl-c leaves the store as it \
            was. Exit status 1 when any extract could not be updated.
            """)

    @OptionGroup var global: GlobalOptions

    @Argument(help: "The extracts to update, as `nearby extracts` names them (default: every one with a feed).")
    var names: [String] = []

    @Flag(help: "Say how far behind each extract is, without fetching or changing anything.")
    var dryRun = false

    @Option(parsing: .unconditional,
            help: ArgumentHelp("Update the service's PostgreSQL/PostGIS database at this URL instead of the local store (runs nearby-server); NAME is then the extract FILE the database was imported from.",
                               valueName: "URL"))
    var database: String?

    @Option(parsing: .unconditional,
            help: ArgumentHelp("With --database: the name the extract was imported under with --region.", valueName: "NAME"))
    var region: String?

    @Option(name: .customLong("updates-url"), parsing: .unconditional,
            help: ArgumentHelp("A mirror of the replication feed to read instead of the one the file names.", valueName: "URL"))
    var updatesURL: String?

    func run() async throws {
        var flags: [SettingKey: String] = [:]
        flags[.updatesURL] = updatesURL
        let settings = try AppSettings.load(flags: flags)
        if let database {
            guard names.count == 1, let file = names.first else {
                throw CommandFailure.badValue("With --database, name the one extract FILE the database was imported from.")
            }
            // The change files are kept in the data folder (nearby-server makes a folder for each extract there).
            let folder = global.directory.appendingPathComponent("updates").appendingPathComponent("database")
            var arguments = ["update", file, "--changes-folder", folder.path]
            if let region { arguments += ["--region", region] }
            if let mirror = settings.updatesURL?.absoluteString { arguments += ["--updates-url", mirror] }
            if dryRun { arguments.append("--dry-run") }
            // The URL goes in the environment, where no process listing shows its password.
            try ServerProgram.become(arguments: arguments, environment: ["NEARBY_DATABASE_URL": database])
        }
        if region != nil { throw CommandFailure.badValue("--region goes with --database.") }
        let store = LocalPlacesStore(database: try global.openStore())
        let all: [StoredExtract]
        do throws(PlacesError) {
            all = try store.extracts()
        } catch {
            throw CommandFailure(error.explanation)
        }
        let chosen = try choose(from: all, mirror: settings.updatesURL != nil)
        var update = ExtractUpdate(store: store, dataFolder: global.directory,
                                   feedOverride: settings.updatesURL?.absoluteString)
        update.wait = { try await Task.sleep(for: $0) }
        let lock: Int32
        do {
            lock = try update.lock()
        } catch {
            throw CommandFailure(error.message)
        }
        defer { close(lock) }
        ImportCommand.stopOnSignals()
        defer { ImportCommand.restoreSignals() }
        var failures = 0
        for extract in chosen {
            do throws(ExtractUpdateError) {
                let plan = try await update.plan(for: extract)
                if dryRun {
                    Console.line(Self.dryRunLine(plan))
                    continue
                }
                // The import reports from its own thread.
                let renderer = Locked(ImportProgressRenderer())
                let outcome: ExtractUpdate.Outcome
                do {
                    outcome = try await update.run(plan, fetched: { done, all in
                        Console.errorLine("\(TerminalText.safe(extract.name)): change file \(done) of \(all) fetched")
                    }, progress: { step in renderer.withLock { $0.update(step) } })
                } catch {
                    renderer.withLock { $0.finish() }
                    throw error
                }
                renderer.withLock { $0.finish() }
                Console.line(Self.summaryLine(outcome))
            } catch .interrupted {
                var failure = CommandFailure(ExtractUpdateError.interrupted.message)
                failure.status = 128 + (ImportInterruption.signal ?? SIGINT)
                throw failure
            } catch {
                failures += 1
                Console.errorLine(TerminalText.safe(error.message))
            }
        }
        if failures > 0 {
            throw CommandFailure(failures == chosen.count ? "Nothing was updated."
                                 : "\(failures) of \(chosen.count) extracts could not be updated.")
        }
    }

    /// The extracts named, else every one whose file named a feed.
    private func choose(from all: [StoredExtract], mirror: Bool) throws -> [StoredExtract] {
        guard !all.isEmpty else {
            throw CommandFailure("No extracts imported yet: `nearby download NAME` or `nearby import FILE` adds one.")
        }
        guard !names.isEmpty else {
            let fed = all.filter { !($0.replicationURL ?? "").isEmpty }
            if mirror, all.count > 1 {
                throw CommandFailure.badValue("A mirror serves one extract's feed: name the extract to update with it.")
            }
            if mirror { return all }
            guard !fed.isEmpty else {
                throw CommandFailure("No imported extract names a replication feed; import a newer file instead, "
                                     + "or give a feed with --updates-url.")
            }
            return fed
        }
        return try names.map { text in
            let found = LocalPlacesStore.matching(text, in: all)
            guard let first = found.first else {
                throw CommandFailure.badValue("No extract is called \(TerminalText.quoted(text)); `nearby extracts` lists them.")
            }
            if found.count > 1, !found.contains(where: { $0.name == text || $0.key == text }) {
                throw CommandFailure.badValue("\(TerminalText.quoted(text)) could mean: "
                                              + found.map { TerminalText.safe($0.name) }.joined(separator: ", ") + ".")
            }
            return first
        }
    }

    static func dryRunLine(_ plan: ExtractUpdate.Plan) -> String {
        let name = TerminalText.safe(plan.extract.name)
        let latest = Date(timeIntervalSince1970: Double(plan.latest.timestamp))
        if plan.isCurrent {
            return "\(name): up to date (sequence \(plan.reached), data from \(age(of: latest)))."
        }
        return "\(name): \(plan.onFeed.behindText); the data would be from \(age(of: latest))."
    }

    static func summaryLine(_ outcome: ExtractUpdate.Outcome) -> String {
        let plan = outcome.plan
        let name = TerminalText.safe(plan.extract.name)
        let latest = Date(timeIntervalSince1970: Double(plan.latest.timestamp))
        guard let summary = outcome.summary else {
            return "\(name): already up to date (sequence \(plan.reached), data from \(age(of: latest)))."
        }
        var line = "\(name): " + plan.onFeed.appliedText(files: outcome.applied, fetched: outcome.fetched,
                                                         nodes: outcome.nodesChanged, ways: outcome.waysChanged) + ".\n"
        if let changes = summary.changes { line += ImportProgressRenderer.changesLine(changes) + "\n" }
        let ways = summary.network?.ways ?? 0
        line += "Walkable ways: \(NumberText.grouped(ways)) (were \(NumberText.grouped(plan.extract.walkableWays))). "
            + "The data is from \(age(of: latest))."
        return line
    }

    /// "2026-12-05 20:21 UTC (14 hours ago)".
    static func age(of date: Date, now: Date = Date()) -> String {
        let text = CivilDate.iso8601UTC(date)
        let stamp = String(text.prefix(10)) + " " + String(text.dropFirst(11).prefix(5)) + " UTC"
        let hours = Int(now.timeIntervalSince(date) / 3600)
        let ago = hours < 1 ? "less than an hour ago" : hours < 48 ? "\(hours) hours ago" : "\(hours / 24) days ago"
        return "\(stamp) (\(ago))"
    }
}
