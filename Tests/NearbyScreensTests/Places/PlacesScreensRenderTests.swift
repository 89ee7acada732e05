import Foundation
import NearbyCore
import NearbyData
import NearbyViewModels
import Testing
import TestSupport
import TerminalView
import TerminalTestSupport
@testable import NearbyScreens
import TerminalText

/// Home, a Places list and a Place detail on the Demo town, at 80x24, with the clock fixed.
@MainActor
@Suite(.serialized)
final class PlacesScreensRenderTests {
    private let folder = DemoApp.makeFolder()

    deinit { DemoApp.removeFolder(folder) }

    private func makeApp(size: Size = Size(width: 80, height: 24)) async throws -> (HeadlessRunner, AppCoordinator) {
        let app = try await DemoApp(folder: folder, size: size)
        return (app.runner, app.coordinator)
    }

    private func settle(_ coordinator: AppCoordinator, _ runner: HeadlessRunner) async {
        await DemoApp.settle(coordinator)
        runner.renderIfNeeded()
    }

    @Test func homeListAndDetailAt80x24() async throws {
        let (runner, coordinator) = try await makeApp()
        expectSnapshot(runner.text(), named: "home-demo-80x24")
        #expect(runner.textRows()[0].contains("Demo town"))

        // Down past the pager to the categories, Enter opens the first category's list.
        runner.press(.down)
        runner.press(.enter)
        await settle(coordinator, runner)
        expectSnapshot(runner.text(), named: "places-list-demo-80x24")
        // The demo source names itself where a real one gives its attribution.
        #expect(runner.text().contains("Demo data · a fictional town"))

        runner.press(.character("v"))
        await settle(coordinator, runner)
        expectSnapshot(runner.text(), named: "places-list-detailed-demo-80x24")

        runner.press(.enter)
        await settle(coordinator, runner)
        expectSnapshot(runner.text(), named: "place-detail-demo-80x24")

        runner.press(.escape)
        await settle(coordinator, runner)
        runner.press(.escape)
        await settle(coordinator, runner)
        #expect(runner.textRows()[0].contains("Demo town"))
    }

    @Test func sortFilterAndRadiusChangeTheList() async throws {
        let (runner, coordinator) = try await makeApp()
        runner.press(.down, .enter)
        await settle(coordinator, runner)
        let title = runner.textRows()[0]
        #expect(title.contains("by distance"))
        runner.press(.character("s"))
        await settle(coordinator, runner)
        #expect(runner.textRows()[0].contains("by name"))
        runner.press(.character("+"))
        await settle(coordinator, runner)
        #expect(runner.textRows()[0] != title)
        runner.press(.character("/"))
        runner.type("zzzz-nothing")
        await settle(coordinator, runner)
        #expect(runner.text().contains("match “zzzz-nothing”"))
        runner.press(.escape)
        await settle(coordinator, runner)
    }

    /// Rows are copied from the last frame when only the selection moves: the highlight must still follow it,
    /// and a new order must still show new rows.
    @Test func cachedRowsFollowTheSelectionAndTheOrder() async throws {
        let (runner, coordinator) = try await makeApp()
        runner.press(.down, .enter)
        await settle(coordinator, runner)
        let selection = Theme.make(.eight).selection
        // The first row: under the title and the note that the demo's distances are straight lines.
        let top = 2
        #expect(runner.textRows()[1].contains("Distances are straight lines"))
        func highlightedRows() -> [Int] {
            let frame = runner.lastFrame
            return (1..<(frame.size.height - 2)).filter { y in frame[3, y].style == selection }
        }
        #expect(highlightedRows() == [top])
        runner.press(.down)
        runner.renderIfNeeded()
        runner.press(.down)
        runner.renderIfNeeded()
        runner.press(.down)
        runner.renderIfNeeded()
        #expect(highlightedRows() == [top + 3])
        runner.press(.up)
        runner.renderIfNeeded()
        #expect(highlightedRows() == [top + 2])

        let byDistance = Array(runner.textRows()[top...(top + 5)])
        let selectedName = String(byDistance[2].prefix(27)).trimmingCharacters(in: .whitespaces)
        runner.press(.character("s"))
        await settle(coordinator, runner)
        let byName = Array(runner.textRows()[top...(top + 5)])
        #expect(byName != byDistance)
        let names = byName.map { String($0.prefix(27)).trimmingCharacters(in: .whitespaces) }
        #expect(names == names.sorted { $0.localizedCaseInsensitiveCompare($1) == .orderedAscending })
        // The selected place stays selected wherever the order puts it.
        let highlighted = highlightedRows()
        #expect(highlighted.count == 1)
        #expect(highlighted.first.map { runner.textRows()[$0].contains(selectedName) } == true, "\(selectedName)")
    }

    /// → then Enter before the next frame (typed fast, or read in one go) opens the category → picked.
    @Test func rightThenEnterInOneReadOpensTheNextCategory() async throws {
        let (runner, coordinator) = try await makeApp()
        runner.press(.down, .enter)
        await settle(coordinator, runner)
        let first = runner.textRows()[0]
        runner.press(.escape)
        await settle(coordinator, runner)
        runner.press(.right)
        runner.press(.enter)
        await settle(coordinator, runner)
        let second = runner.textRows()[0]
        #expect(second != first)
        runner.press(.escape)
        await settle(coordinator, runner)
        runner.press(.left)

        runner.press(.right, .enter)
        await settle(coordinator, runner)
        #expect(runner.textRows()[0] == second)
    }

    @Test func degradesAt60x20() async throws {
        let (runner, coordinator) = try await makeApp(size: Size(width: 60, height: 20))
        expectSnapshot(runner.text(), named: "home-demo-60x20")
        runner.press(.down, .enter)
        await settle(coordinator, runner)
        runner.press(.enter)
        await settle(coordinator, runner)
        expectSnapshot(runner.text(), named: "place-detail-demo-60x20")
        for row in runner.textRows() { #expect(DisplayWidth.of(row) <= 60) }
    }
}
