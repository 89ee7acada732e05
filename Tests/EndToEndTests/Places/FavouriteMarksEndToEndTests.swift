import Foundation
import Testing
import TestSupport

/// `f` in the Places list, the ★ on favourite rows (kept after a detail), and Home's Favourites section,
/// in a real terminal.
@Suite(.enabled(if: TmuxSession.isAvailable, "tmux is not installed"), .terminal)
struct FavouriteMarksEndToEndTests {
    @Test func fInTheListStarsTheRowAndHomeListsTheFavourites() async throws {
        let session = try await TmuxSession.start(width: 80, height: 24)
        try session.run("\(TmuxSession.binary.path) --demo --data-dir \(session.dataDirectory.path); echo EXIT=$?")
        try await session.waitFor(text: "Closest ATMs")
        // The nearest ATM saved with f in the list: its row gets the ★ (and a ✓ with the news).
        try session.press("Down")
        try session.press("Enter")
        try await session.waitFor(text: "ATMs ·")
        try await session.waitFor(text: "enter open")
        try session.press("f")
        try await session.waitFor(text: "Saved to favourites")
        try await session.waitFor(text: "★ Cooperative Bank of Demo ATM ✓")
        // The next one saved in its detail: starred on the way back.
        try session.press("Down")
        try session.press("Enter")
        try await session.waitFor(text: "Category")
        try session.press("f")
        try await session.waitFor(text: "★ ✓")
        try session.press("Escape")
        // Back in the list, the second row starred too.
        try await session.waitFor("the second ATM starred in the list") { screen in
            screen.split(separator: "\n").contains { $0.hasPrefix("★ Cooperative Bank of Demo ATM") && $0.contains("170 m N") }
        }
        // Home: a Favourites section with both, and the ★ in the ATMs' section too.
        try session.press("Escape")
        try await session.waitFor(text: " Favourites     ")
        try await session.waitFor(text: " ★ Cooperative Bank of Demo ATM")
        try session.press("q")
        try await session.waitFor(text: "EXIT=0")
    }
}
