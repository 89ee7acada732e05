import Foundation
import Testing

/// Home, a category, a place and back again on the Demo town, in a real terminal.
@Suite(.enabled(if: TmuxSession.isAvailable, "tmux is not installed"), .serialized)
struct DemoTownEndToEndTests {
    private func start(_ session: TmuxSession) async throws {
        try session.run("\(TmuxSession.binary.path) --demo --data-dir \(session.dataDirectory.path); echo EXIT=$?")
        try await session.waitFor(text: "Demo town (47.0000, 8.0000)")
        try await session.waitFor(text: "Closest ATMs")
    }

    @Test func homeCategoryPlaceAndBack() async throws {
        let session = try TmuxSession()
        try await start(session)

        // Down to the categories, Enter opens the first category's list.
        try session.press("Down")
        try session.press("Enter")
        try await session.waitFor(text: "ATMs ·")
        try await session.waitFor(text: "by distance")
        try await session.waitFor(text: "Demo data")

        // Sort, layout, filter.
        try session.press("s")
        try await session.waitFor(text: "by name")
        try session.press("v")
        try session.press("/")
        try session.type("harbour")
        // The filter matches names and subtitles (the address here), in the detailed two-line layout.
        try await session.waitFor(text: "matching “harbour”")
        try await session.waitFor(text: "Harbour Trust ATM")
        try session.press("Escape")

        // Open a place, favourite it, back, back.
        try session.press("g")
        try session.press("Enter")
        try await session.waitFor(text: "Category")
        try await session.waitFor(text: "Map")
        try session.press("f")
        try await session.waitFor(text: "★")
        try session.resize(width: 60, height: 20)
        try await session.waitFor(text: "Distance")
        try session.resize(width: 100, height: 30)
        try session.press("Escape")
        try await session.waitFor(text: "ATMs ·")
        try session.press("Escape")
        try await session.waitFor(text: "Hot picks")

        try session.press("q")
        try await session.waitFor(text: "EXIT=0")
    }

    @Test func homeShowsTheTooSmallMessageAndRecovers() async throws {
        let session = try TmuxSession()
        try await start(session)
        try session.resize(width: 20, height: 6)
        try await session.waitFor(text: "Terminal too small")
        try session.resize(width: 80, height: 24)
        try await session.waitFor(text: "Hot picks")
        try session.press("F")
        try await session.waitFor(text: "Friends ·")
        try session.press("Q")
        try await session.waitFor(text: "EXIT=0")
    }
}
