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
