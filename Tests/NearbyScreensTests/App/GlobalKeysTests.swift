import Foundation
import NearbyViewModels
import Testing
import TerminalView
@testable import NearbyScreens

/// Keys the coordinator answers on every screen, and Home's way out.
@MainActor
@Suite(.serialized)
final class GlobalKeysTests {
    private let folder = DemoApp.makeFolder()

    deinit { DemoApp.removeFolder(folder) }

    /// ctrl-l clears the terminal and writes every cell again, so garbage another program wrote goes away.
    @Test func ctrlLRepaintsTheWholeScreen() async throws {
        let app = try await DemoApp(folder: folder)
        let clean = app.text
        app.runner.terminal.scribble("GARBAGE GARBAGE", at: Point(x: 4, y: 4))
        #expect(app.runner.terminal.screen.text() != clean)
        app.runner.press(.character("j"))
        app.runner.press(.character("k"))
        #expect(app.runner.terminal.screen.text().contains("GARBAGE"), "an ordinary frame writes only what changed")
        app.runner.press(.control("l"))
        #expect(app.runner.terminal.clears == 1)
        #expect(app.runner.terminal.lastCellsWritten == 80 * 24)
        #expect(app.runner.terminal.screen.text() == clean)
    }

    /// Esc and Backspace on Home do nothing; only q (and ctrl-c) leave the app.
    @Test func escAndBackspaceDoNotQuitHome() async throws {
        let app = try await DemoApp(folder: folder)
        app.runner.press(.escape)
        app.runner.press(.backspace)
        #expect(!app.coordinator.isFinished)
        #expect(app.text.contains("Hot picks"))
        app.runner.press(.character("q"))
        #expect(app.coordinator.isFinished)
    }

    /// Letters Home does not bind do nothing; `/` starts a search, where letters are typed.
    @Test func lettersOnHomeDoNotMoveAnythingAndSlashSearches() async throws {
        let app = try await DemoApp(folder: folder)
        let before = app.text
        app.runner.type("apotxe")
        #expect(app.text == before)
        await app.press(.character("/"))
        app.runner.type("apotheke")
        #expect(app.rows.dropLast().last?.contains("/ apotheke") == true)
        #expect(app.text.contains("Hot picks"), "typing a search moves nothing on Home")
        await app.press(.enter)
        #expect(app.rows[0].contains("“apotheke”"), "Enter opens the search's list")
    }

    /// `F` goes back to a friends list already open instead of piling up another.
    @Test func fReturnsToTheOpenFriendsList() async throws {
        let app = try await DemoApp(folder: folder)
        await app.press(.character("F"))
        #expect(app.coordinator.screenCount == 2)
        await app.press(.enter)
        #expect(app.coordinator.screenCount == 3, "a friend's detail on top of the list")
        await app.press(.character("F"))
        #expect(app.coordinator.screenCount == 2)
        #expect(app.rows[0].contains("Friends"))
        await app.press(.character("F"))
        #expect(app.coordinator.screenCount == 2, "F on the friends list opens no other")
    }
}
