import Foundation
import Testing
import TerminalView
@testable import NearbyScreens

/// The mouse on Home: a click picks the chip under it, the pager's arrows page.
@MainActor
@Suite(.serialized)
final class HomeMouseTests {
    private let folder = DemoApp.makeFolder()

    deinit { DemoApp.removeFolder(folder) }

    private func click(_ app: DemoApp, x: Int, y: Int) async {
        app.runner.send(.mouse(MouseEvent(kind: .click, point: Point(x: x, y: y))))
        await app.settle()
    }

    @Test func aClickOnACategoryChipPicksThatChipAndASecondOpensIt() async throws {
        let app = try await DemoApp(folder: folder)
        let rows = app.rows
        let y = try #require(rows.firstIndex { $0.contains("Restaurant ") })
        let x = try #require(rows[y].range(of: "Restaurant")).lowerBound.utf16Offset(in: rows[y])
        await click(app, x: x + 2, y: y)
        let selection = app.runner.theme.selection
        #expect(app.runner.lastFrame[x, y].style == selection, "the chip clicked is the one selected")
        #expect(app.runner.lastFrame[3, y].style != selection, "the first chip is not")
        await click(app, x: x + 2, y: y)
        #expect(app.rows[0].contains("Restaurants"))
    }

    @Test func clickingThePagerArrowsPages() async throws {
        let app = try await DemoApp(folder: folder)
        let line = try #require(app.rows.firstIndex { $0.contains("‹") })
        /// The page shown: the number before " / " in "2 / 7".
        func page() -> Int? {
            let row = app.rows[line]
            guard let slash = row.range(of: " / ") else { return nil }
            return Int(row[..<slash.lowerBound].split(separator: " ").last ?? "")
        }
        #expect(page() == 1)
        let right = try #require(app.rows[line].lastIndex(of: "›"))
        let rightX = app.rows[line][..<right].count
        await click(app, x: rightX, y: line)
        #expect(page() == 2)
        await click(app, x: rightX, y: line)
        #expect(page() == 3)
        await click(app, x: 2, y: line)
        #expect(page() == 2)
        #expect(app.coordinator.screenCount == 1, "clicking an arrow pages, it opens nothing")
    }
}
