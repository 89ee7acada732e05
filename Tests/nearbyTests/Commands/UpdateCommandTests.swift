import Foundation
import Testing
import TestSupport
@testable import nearby

/// `nearby update`: an imported extract brought up to date from a stand-in feed, as a user types it.
@Suite(.serialized)
struct UpdateCommandTests {
    @Test func saysHowFarBehindThenUpdatesThenHasNothingToDo() async throws {
        let made = try await ChangedExtract()
        let data = made.folder.appendingPathComponent("data").path
        _ = try await runCommand(["import", "--data-dir", data, made.base])
        let mirror = ["--updates-url", made.feedURL]

        let dryRun = try await runCommand(["update", "--data-dir", data, "--dry-run"] + mirror).output
        #expect(dryRun.contains("base: 1 change behind (sequence \(made.sequence - 1) → \(made.sequence)); 1 to fetch"),
                "\(dryRun)")
        let near = ["--near", "47.14,9.52", "--radius", "3000", "--search", "Neuanfang"]
        let before = try await runCommand(["places", "--data-dir", data] + near).output
        #expect(!before.contains("Café Neuanfang"))

        let updated = try await runCommand(["update", "--data-dir", data] + mirror)
        #expect(updated.output.contains("base: sequence \(made.sequence - 1) → \(made.sequence), 1 change file applied"),
                "\(updated.output)")
        #expect(updated.output.contains("Changes: 2 places added"), "\(updated.output)")
        #expect(updated.output.contains("The data is from 2022-07-25 20:21 UTC"), "\(updated.output)")
        let after = try await runCommand(["places", "--data-dir", data] + near).output
        #expect(after.contains("Café Neuanfang"), "\(after)")

        let again = try await runCommand(["update", "--data-dir", data] + mirror).output
        #expect(again.contains("base: already up to date (sequence \(made.sequence)"), "\(again)")
        let extracts = try await runCommand(["extracts", "--data-dir", data, "--json"]).output
        #expect(extracts.contains("2022-07-25"), "\(extracts)")
    }

    @Test func aFeedThatCannotBeReachedFailsWithItsReason() async throws {
        let made = try await ChangedExtract()
        let data = made.folder.appendingPathComponent("data").path
        _ = try await runCommand(["import", "--data-dir", data, made.base])
        // The file's header names a feed on a port nothing listens on.
        do {
            _ = try await runCommand(["update", "--data-dir", data])
            Issue.record("an update without its feed succeeded")
        } catch let failure as CommandFailure {
            #expect(failure.description == "Nothing was updated.")
        }
        #expect(try await commandFailure(["update", "atlantis", "--data-dir", data])?
            .contains("No extract is called") == true)
        let empty = made.folder.appendingPathComponent("empty").path
        #expect(try await commandFailure(["update", "--data-dir", empty])?.contains("No extracts imported yet") == true)
    }
}

/// ctrl-c or SIGTERM during `nearby update` of an extract read again (its base removed, as a store imported by
/// an older version has none): the store stays at the sequence it had, the temporary files go, and the command
/// ends as the signal would (128 + its number).
struct UpdateInterruptionTests {
    static let extract = SharedData.liechtenstein?.path

    /// One changed copy of the real extract for both signals (making it takes most of the test's time); a
    /// store of its own for each.
    @Test(.enabled(if: extract != nil && FileManager.default.isExecutableFile(atPath: NearbyProcess.binary.path),
                   "\(SharedData.absentMessage), or the nearby binary is not built"))
    func anInterruptedUpdateLeavesTheStoreAsItWas() async throws {
        // The real extract: its update is under way long enough for the signal to come in the middle.
        let extract: String = try #require(Self.extract)
        let made = try await ChangedExtract(extract: extract)
        let mirror = ["--updates-url", made.feedURL]
        for signal in [SIGINT, SIGTERM] {
            let data = made.folder.appendingPathComponent("data-\(signal)")
            _ = try await runCommand(["import", "--data-dir", data.path, made.base])
            try FileManager.default.removeItem(at: data.appendingPathComponent("osm-base"))
            let log = made.folder.appendingPathComponent("update-\(signal).log").path
            let process = try ChildProcess(NearbyProcess.binary.path, ["update", "--data-dir", data.path] + mirror,
                                           stdout: .file(log), stderr: .file(log))
            // The import's temporary folder beside the store says the update is reading the extract again.
            // Watched until it appears or the update ends, not for a fixed number of polls: with every other
            // suite running beside it on two cores, the update's start and its fetch from the stand-in feed
            // (served by this process) can take seconds.
            var started = false
            let deadline = ContinuousClock.now + .seconds(120)
            while !started && process.isRunning && ContinuousClock.now < deadline {
                let names = (try? FileManager.default.contentsOfDirectory(atPath: data.path)) ?? []
                started = names.contains { $0.hasPrefix("tmp-import-") }
                if !started { try await Task.sleep(for: .milliseconds(5)) }
            }
            let output = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
            try #require(started, "the update never made its temporary folder (\(process.exit.map { "\($0)" } ?? "still running")): \(output)")
            process.signal(signal)
            #expect(await process.wait() == .exited(128 + signal))
            let left = (try? FileManager.default.contentsOfDirectory(atPath: data.path)) ?? []
            #expect(!left.contains { $0.hasPrefix("tmp-import-") }, "\(left)")
            // Still one change behind: the store kept its sequence, and the next update applies it.
            let behind = try await runCommand(["update", "--data-dir", data.path, "--dry-run"] + mirror).output
            #expect(behind.contains("1 change behind"), "signal \(signal): \(behind)")
            let updated = try await runCommand(["update", "--data-dir", data.path] + mirror).output
            #expect(updated.contains("1 change file applied"), "signal \(signal): \(updated)")
        }
    }
}
