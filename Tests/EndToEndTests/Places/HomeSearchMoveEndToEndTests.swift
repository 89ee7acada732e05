import Foundation
import Testing
import TestSupport

/// Home's `f` (favourites), `/` (a search of the whole store, n and N) and `L` (move here), in a real terminal.
@Suite(.enabled(if: TmuxSession.isAvailable, "tmux is not installed"), .terminal)
struct HomeSearchMoveEndToEndTests {
    @Test func favouritesSearchAndMovingOnTheDemoTown() async throws {
        let session = try await TmuxSession.start()
        try session.run("\(TmuxSession.binary.path) --demo --data-dir \(session.dataDirectory.path); echo EXIT=$?")
        try await session.waitFor(text: "Demo town (47.0000, 8.0000)")
        try await session.waitFor(text: "Closest ATMs")

        // Save the nearest ATM from its detail, then find it on the favourites screen.
        try session.press("Down")
        try session.press("Enter")
        try await session.waitFor(text: "ATMs ·")
        // Enter opens only once the rows are there.
        try await session.waitFor(text: "Demo data")
        try await session.waitFor(text: "enter open")
        try session.press("Enter")
        try await session.waitFor(text: "Category")
        try session.press("f")
        try await session.waitFor(text: "Saved to favourites")
        try session.press("Escape")
        try await session.waitFor(text: "ATMs ·")
        try session.press("Escape")
        try await session.waitFor(text: "Hot picks")
        try session.press("f")
        try await session.waitFor(text: "Favourites · 1")
        // The favourite's row opens (the footer offers Enter only on a place).
        try await session.waitFor(text: "enter open")
        try session.press("Escape")
        try await session.waitFor(text: "Hot picks")

        // A search of the whole store, nearest first; n moves to the next name that matches.
        try session.press("/")
        try await session.waitFor(text: "search every place by name")
        try session.type("bank")
        try session.press("Enter")
        try await session.waitFor(text: "“bank” · ")
        try await session.waitFor(text: "anywhere")
        try session.press("n")
        try session.press("Escape")
        try await session.waitFor(text: "Hot picks")

        // Move to the southern hemisphere and back by the town's name.
        try session.press("L")
        try await session.waitFor(text: "move to: a town")
        try session.type("-33.87,151.21")
        try session.press("Enter")
        try await session.waitFor(text: "Nearby · -33.8700, 151.2100")
        try await session.waitFor(text: "No places within 2 km")
        try session.press("L")
        try session.type("Demo town")
        try session.press("Enter")
        try await session.waitFor(text: "Nearby · Demo town (47.0000, 8.0000)")

        try session.press("q")
        try await session.waitFor(text: "EXIT=0")
    }

    /// `--open search:` looks as widely as `/` on Home, unless `--radius` says how far.
    @Test func openSearchLooksThroughTheWholeStore() async throws {
        let session = try await TmuxSession.start()
        let start = "\(TmuxSession.binary.path) --demo --data-dir \(session.dataDirectory.path) --open search:bank"
        try session.run(start + "; echo EXIT=$?")
        try await session.waitFor(text: "“bank” · ")
        try await session.waitFor(text: "anywhere")
        try session.press("q")
        try await session.waitFor(text: "Hot picks")
        try session.press("q")
        try await session.waitFor(text: "EXIT=0")
        try session.run("clear; " + start + " --radius 500; echo EXIT=$?")
        try await session.waitFor(text: "within 500 m")
        try session.press("q")
        try session.press("q")
        try await session.waitFor(text: "EXIT=0")
    }

    @Test func aPlaceMovedToIsWhereTheNextStartOpens() async throws {
        let session = try await TmuxSession.start()
        let start = "\(TmuxSession.binary.path) --data-dir \(session.dataDirectory.path); echo EXIT=$?"
        try session.run(start)
        try await session.waitFor(text: "No places yet")
        try session.press("L")
        try session.type("-33.87,151.21")
        try session.press("Enter")
        try await session.waitFor(text: "Nearby · -33.8700, 151.2100")
        try session.press("q")
        try await session.waitFor(text: "EXIT=0")
        try session.run("clear; " + start)
        try await session.waitFor(text: "Nearby · -33.8700, 151.2100")
        try session.press("q")
        try await session.waitFor(text: "EXIT=0")
    }

    @Test func openFavouritesStartsThereWithHomeBeneath() async throws {
        let session = try await TmuxSession.start()
        try session.run("\(TmuxSession.binary.path) --demo --data-dir \(session.dataDirectory.path) --open favourites;"
                        + " echo EXIT=$?")
        try await session.waitFor(text: "Favourites · 0")
        try await session.waitFor(text: "No favourites yet")
        try session.press("Escape")
        try await session.waitFor(text: "Hot picks")
        try session.press("q")
        try await session.waitFor(text: "EXIT=0")
    }

    @Test func openFriendsStartsThereWithHomeBeneath() async throws {
        let session = try await TmuxSession.start()
        try session.run("\(TmuxSession.binary.path) --demo --data-dir \(session.dataDirectory.path) --open friends;"
                        + " echo EXIT=$?")
        try await session.waitFor(text: "Friends ·")
        try await session.waitFor(text: "esc back")
        try session.press("q")
        try await session.waitFor(text: "Hot picks")
        try session.press("q")
        try await session.waitFor(text: "EXIT=0")
    }
}
