import Foundation
import Testing
import TerminalView
@testable import NearbyScreens

/// `?` on a short terminal (the walkthrough's P3: at 80x16 the help was cut with "…"): the list keys scroll it
/// to its last key, the footer says so, and Esc still closes it.
@MainActor
@Suite(.serialized)
final class HelpScrollTests {
    private let folder = DemoApp.makeFolder()

    deinit { DemoApp.removeFolder(folder) }

    @Test func theHelpScrollsToItsLastKeyOnAShortTerminal() async throws {
        let app = try await DemoApp(folder: folder, size: Size(width: 80, height: 16))
        await app.press(.down, .enter)
        await app.press(.character("?"))
        #expect(app.text.contains("Places — keys"))
        #expect(app.rows.last?.contains("↑↓ scroll") == true, "the footer: \(app.rows.last ?? "")")
        #expect(!app.text.contains("redraw the screen"), "the last key is below at first")
        #expect(!app.text.contains(" …"))
        await app.press(.character("G"))
        #expect(app.text.contains("redraw the screen"), "\(app.text)")
        await app.press(.character("g"))
        #expect(app.text.contains("Places — keys"))
        await app.press(.escape)
        #expect(!app.text.contains("Places — keys"))
    }

    @Test func theRadiusKeysSayWhatTheyDo() async throws {
        let app = try await DemoApp(folder: folder, size: Size(width: 100, height: 50))
        await app.press(.down, .enter)
        await app.press(.character("?"))
        let rows = app.rows
        #expect(rows.contains { $0.contains(" + ") && $0.contains("widen the radius") }, "\(app.text)")
        #expect(rows.contains { $0.contains(" - ") && $0.contains("narrow the radius") }, "\(app.text)")
        #expect(!(app.rows.last?.contains("↑↓ scroll") ?? true), "nothing to scroll")
    }
}
