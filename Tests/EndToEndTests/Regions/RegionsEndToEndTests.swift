import Foundation
import Testing
import TestSupport

/// The Regions screen in a real terminal: `R` from Home, `u` brings an extract up to date from a stand-in
/// replication feed, and Home's places follow.
@Suite(.enabled(if: TmuxSession.isAvailable, "tmux is not installed"), .terminal)
struct RegionsEndToEndTests {
    @Test func anUpdateFromTheRegionsScreen() async throws {
        let made = try await ChangedExtract()
        let session = try await TmuxSession.start()
        let data = session.dataDirectory.path
        try await Command.output(TmuxSession.binary.path, ["import", "--data-dir", data, made.base])
        try session.run("NEARBY_UPDATES_URL=\(made.feedURL) \(TmuxSession.binary.path) --data-dir \(data) --near 47.1427,9.5232; echo EXIT=$?")
        try await session.waitFor(text: "Hot picks")
        try session.press("R")
        try await session.waitFor(text: "Regions · 1")
        try await session.waitFor(text: "26 places")
        try session.press("u")
        try await session.waitFor(text: "✓ places 2 added")
        try await session.waitFor(text: "27 places")
        try session.press("Escape")
        try await session.waitFor(text: "Hot picks")
        try session.press("q")
        try await session.waitFor(text: "EXIT=0")
    }
}
