import Foundation
import Testing
import TestSupport

/// `nearby update --database URL FILE` (which runs `nearby-server update`): a PostGIS database filled from an
/// extract, brought up to date from the extract's replication feed, must hold what importing the changed file
/// holds.
@Suite("Updating a PostGIS database from the feed", .serialized,
       .enabled(if: PostgresCluster.unavailableReason == nil, "needs PostgreSQL 15 and PostGIS 3"))
struct UpdateCommandTests {
    /// A migrated database of its own in the shared cluster: its name and URL.
    private static func database(_ cluster: PostgresCluster) async throws -> (String, String) {
        let name = try await cluster.createDatabase(prefix: "upd")
        let url = cluster.url(database: name)
        let migrated = try await ServerProcess.run(["serve", "migrate"], environment: ["NEARBY_DATABASE_URL": url])
        #expect(migrated.status == 0, "\(migrated.output)")
        return (name, url)
    }

    /// Every place row as text, without the import's own stamps (its run, its time) and its region (the
    /// extract's name, which is the base file's in the updated database).
    private static func places(_ cluster: PostgresCluster, _ database: String) async throws -> [String] {
        try await cluster.psql("""
            SELECT id || '|' || name || '|' || category || '|' || round(lat::numeric, 7) || '|'
                || round(lon::numeric, 7) || '|' || coalesce(opening_hours, '') || '|' || coalesce(street, '')
            FROM place ORDER BY id
            """, database: database).split(separator: "\n").map(String.init)
    }

    /// The app's binary, built beside the service's.
    private static var app: String {
        ServerProcess.binary.deletingLastPathComponent().appendingPathComponent("nearby").path
    }

    @Test("the app's update --database applies the feed's changes: the same places as importing the changed file; again: up to date")
    func updateMatchesChangedImport() async throws {
        let cluster = try #require(try await SharedPostgres.get())
        let extract = try await ChangedExtract()
        let (updated, updatedURL) = try await Self.database(cluster)
        let (fresh, freshURL) = try await Self.database(cluster)
        defer {
            Task { [cluster] in
                _ = try? await cluster.psql("DROP DATABASE \(updated) WITH (FORCE)")
                _ = try? await cluster.psql("DROP DATABASE \(fresh) WITH (FORCE)")
            }
        }
        let base = try await ServerProcess.run(["import", extract.base], environment: ["NEARBY_DATABASE_URL": updatedURL])
        #expect(base.status == 0, "\(base.output)")
        let changed = try await ServerProcess.run(["import", extract.changed], environment: ["NEARBY_DATABASE_URL": freshURL])
        #expect(changed.status == 0, "\(changed.output)")
        let before = try await Self.places(cluster, updated)
        let wanted = try await Self.places(cluster, fresh)
        #expect(before != wanted, "the edits change places")
        #expect(try await cluster.psql("SELECT replication_sequence FROM place_extract", database: updated)
                == String(extract.sequence - 1))

        let data = extract.folder.appendingPathComponent("data")
        var environment = ProcessInfo.processInfo.environment
        environment.removeValue(forKey: "NEARBY_DATABASE_URL")
        let feedURL = extract.feedURL
        func app(_ arguments: [String]) async throws -> (status: Int32, output: String) {
            try await Blocking.run { [environment, feedURL] in
                try Spawned.run(Self.app, ["update", "--data-dir", data.path, "--database", updatedURL,
                                           "--updates-url", feedURL] + arguments, environment: environment)
            }
        }
        let dry = try await app(["--dry-run", extract.base])
        #expect(dry.status == 0, "\(dry.output)")
        #expect(dry.output.contains("1 change behind"), "\(dry.output)")
        #expect(try await Self.places(cluster, updated) == before, "a dry run changes nothing")

        let run = try await app([extract.base])
        #expect(run.status == 0, "\(run.output)")
        #expect(run.output.contains("sequence \(extract.sequence - 1) → \(extract.sequence), 1 change file applied"),
                "\(run.output)")
        #expect(!run.output.contains(PostgresCluster.password), "\(run.output)")
        let after = try await Self.places(cluster, updated)
        #expect(after == wanted, "only updated: \(Set(after).subtracting(wanted).sorted()); only imported: \(Set(wanted).subtracting(after).sorted())")
        #expect(try await cluster.psql("SELECT replication_sequence FROM place_extract", database: updated)
                == String(extract.sequence))
        let renamed = try #require(extract.ids("renamed").first)
        #expect(try await cluster.psql("SELECT count(*) FROM place WHERE id = 'osm:n\(renamed)' AND name LIKE '% Neu'",
                                       database: updated) == "1")

        // The change files are kept in a folder of the extract's own: its name and a hash of its key.
        let kept = try FileManager.default.contentsOfDirectory(
            atPath: data.appendingPathComponent("updates/database").path).filter { !$0.hasPrefix(".") }
        #expect(kept.count == 1 && kept.first?.hasPrefix("base-") == true, "\(kept)")

        let again = try await app([extract.base])
        #expect(again.status == 0, "\(again.output)")
        #expect(again.output.contains("up to date (sequence \(extract.sequence))"), "\(again.output)")
    }

    @Test("a database imported from a file without a feed, or never imported, is refused with what to do")
    func refusals() async throws {
        let cluster = try #require(try await SharedPostgres.get())
        let extract = try await ChangedExtract()
        let (name, url) = try await Self.database(cluster)
        defer { Task { [cluster] in _ = try? await cluster.psql("DROP DATABASE \(name) WITH (FORCE)") } }
        let folder = extract.folder.appendingPathComponent("changes").path
        let never = try await ServerProcess.run(["update", extract.base, "--changes-folder", folder],
                                                environment: ["NEARBY_DATABASE_URL": url])
        #expect(never.status == 1, "\(never.output)")
        #expect(never.output.contains("is not in the database; import it first"), "\(never.output)")

        // A file whose header names no feed: nothing to update from. Its name carries an escape sequence, which
        // neither the import's line nor the refusal may print raw.
        let plain = extract.folder.appendingPathComponent("plain\u{1B}[31m.osm")
        try Data(ChangedExtract.village().utf8).write(to: plain)
        let imported = try await ServerProcess.run(["import", plain.path], environment: ["NEARBY_DATABASE_URL": url])
        #expect(imported.status == 0, "\(imported.output)")
        let noFeed = try await ServerProcess.run(["update", plain.path, "--changes-folder", folder],
                                                 environment: ["NEARBY_DATABASE_URL": url])
        #expect(noFeed.status == 1, "\(noFeed.output)")
        #expect(noFeed.output.contains("its file names no replication feed"), "\(noFeed.output)")
        #expect(!noFeed.output.contains(PostgresCluster.password))
        #expect(!imported.output.contains("\u{1B}") && !noFeed.output.contains("\u{1B}"),
                "\(imported.output.debugDescription) \(noFeed.output.debugDescription)")
    }
}
