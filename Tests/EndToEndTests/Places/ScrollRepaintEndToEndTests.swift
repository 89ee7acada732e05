import Foundation
import Testing
import TestSupport

/// What moving through a list leaves on screen is what a full repaint draws: a frame writes only what changed,
/// scrolled rows are moved by the terminal, and a mistake in either shows as a row out of place or a stale cell.
@Suite(.enabled(if: TmuxSession.isAvailable, "tmux is not installed"), .terminal)
struct ScrollRepaintEndToEndTests {
    /// Keys that move the selection a row, a page or to an end, mixed by a fixed seed so a failure repeats (g and G
    /// rather than Home and End: tmux sends those as its own terminal does, not as the TERM the tests set).
    private static let moves = ["Down", "Down", "Down", "Up", "j", "k", "NPage", "PPage", "Down", "G", "g", "Down"]

    @Test func randomMovesLeaveWhatARepaintDraws() async throws {
        let session = try await TmuxSession.start(width: 120, height: 40)
        // At a chosen time the rows hold still: on the clock, "opens in 49 min" becomes "48 min" when a minute
        // begins between the two screens compared, and the repaint rightly differs.
        try session.run("\(TmuxSession.binary.path) --demo --data-dir \(session.dataDirectory.path) "
                        + "--open category:all --radius 50000 --at '2026-11-25 17:10'; echo EXIT=$?")
        try await session.waitFor(text: "by distance")
        var seed: UInt64 = 27
        for round in 0..<12 {
            for _ in 0..<(3 + round * 2) {
                seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                try session.press(Self.moves[Int(seed >> 33) % Self.moves.count])
            }
            // Then one row at a time, a frame each, past the edge of the view: each frame scrolls by one row
            // (keys sent together are drawn as one frame that scrolls by several).
            let step = round.isMultiple(of: 2) ? "Down" : "Up"
            for _ in 0..<45 {
                try session.press(step)
                try await Task.sleep(for: .milliseconds(15))
            }
            let moved = try await session.settledScreen()
            try session.press("C-l")
            let repainted = try await session.settledScreen()
            let difference = ShownScreen.firstDifference(moved, repainted)
            #expect(difference == nil, "round \(round): \(difference ?? "")")
        }
        try session.press("q", "q")
        try await session.waitFor(text: "EXIT=0")
        // Closed here rather than left to deinit: a failed round must not leave its tmux server running.
        await session.close()
    }
}
