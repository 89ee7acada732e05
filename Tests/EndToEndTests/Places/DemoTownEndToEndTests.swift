import Foundation
import Testing
import TestSupport

/// Home, a category, a place and back again on the Demo town, in a real terminal.
@Suite(.enabled(if: TmuxSession.isAvailable, "tmux is not installed"), .terminal)
struct DemoTownEndToEndTests {
    private func start(_ session: TmuxSession) async throws {
        try session.run("\(TmuxSession.binary.path) --demo --data-dir \(session.dataDirectory.path); echo EXIT=$?")
        try await session.waitFor(text: "Demo town (47.0000, 8.0000)")
        try await session.waitFor(text: "Closest ATMs")
    }

    @Test func homeCategoryPlaceAndBack() async throws {
        let session = try await TmuxSession.start()
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
        // The store was closed as the app ended: its write-ahead log (the favourite was written there) is folded
        // back into the file and removed, as the last connection's close does.
        let left = try FileManager.default.contentsOfDirectory(atPath: session.dataDirectory.path)
        #expect(left.contains("demo.sqlite") && !left.contains { $0.hasSuffix("-wal") || $0.hasSuffix("-shm") },
                "\(left)")
    }

    @Test func homeShowsTheTooSmallMessageAndRecovers() async throws {
        let session = try await TmuxSession.start()
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

/// `--open` jumps straight to a screen, with Home beneath it.
@Suite(.enabled(if: TmuxSession.isAvailable, "tmux is not installed"), .terminal)
struct OpenOptionEndToEndTests {
    private func open(_ session: TmuxSession, _ screen: String) throws {
        try session.run("\(TmuxSession.binary.path) --demo --data-dir \(session.dataDirectory.path) --open '\(screen)';"
                        + " echo EXIT=$?")
    }

    @Test func categoryThenBackToHome() async throws {
        let session = try await TmuxSession.start()
        try open(session, "category:cafe")
        try await session.waitFor(text: "Cafés ·")
        try session.press("Escape")
        try await session.waitFor(text: "Hot picks")
        try session.press("q")
        try await session.waitFor(text: "EXIT=0")
    }

    @Test func everyPlaceAndSearch() async throws {
        let session = try await TmuxSession.start()
        try open(session, "category:all")
        try await session.waitFor(text: "within 2 km")
        try session.press("Q")
        try await session.waitFor(text: "EXIT=0")
        try open(session, "search:harbour")
        try await session.waitFor(text: "Harbour")
        try session.press("Q")
        try await session.waitFor(text: "EXIT=")
    }

    @Test func badScreensSayWhy() async throws {
        let session = try await TmuxSession.start()
        try open(session, "category:nope")
        try await session.waitFor(text: "Unknown category")
        try await session.waitFor(text: "EXIT=64")
        try open(session, "place:osm:n0")
        try await session.waitFor(text: "Cannot open place osm:n0")
    }

    /// A place by id from a real extract (skipped when the shared extract is not beside the project).
    @Test(.enabled(if: SharedData.liechtenstein != nil, Comment(rawValue: SharedData.absentMessage)))
    func aPlaceByIdWithHomeBeneath() async throws {
        let extract = try #require(SharedData.liechtenstein)
        let session = try await TmuxSession.start()
        let data = session.dataDirectory.path
        try await Command.output(Binaries.nearby, ["import", "--data-dir", data, extract.path])
        let json = try await Command.output(Binaries.nearby, [
            "places", "--data-dir", data, "--near", "Vaduz", "--category", "pharmacy", "--limit", "1", "--json"])
        let places = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]]
        let id = try #require(places?.first?["id"] as? String)
        let name = try #require(places?.first?["name"] as? String)
        try session.run("\(TmuxSession.binary.path) --data-dir \(data) --near Vaduz --open 'place:\(id)'; echo EXIT=$?")
        try await session.waitFor(text: name)
        try await session.waitFor(text: "© OpenStreetMap contributors")
        try session.press("Escape")
        try await session.waitFor(text: "Vaduz")
        try await session.waitFor(text: "Hot picks")
        try session.press("q")
        try await session.waitFor(text: "EXIT=0")
    }
}
