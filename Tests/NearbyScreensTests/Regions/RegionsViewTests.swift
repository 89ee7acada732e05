import Foundation
import NearbyViewModels
import Testing
import TerminalView
import TerminalTestSupport
@testable import NearbyScreens

/// The Regions screen drawn headless: its rows, a row's update as it ends, the removal question, and a hostile
/// region name.
@MainActor
@Suite struct RegionsViewTests {
    private func make(_ names: [String]) async -> (HeadlessRunner, RegionsViewModel) {
        let model = RegionsViewModel(tasks: RegionTasks(service: StubRegions(names: names)),
                                     clock: { Date(timeIntervalSince1970: 1_000_000_000) })
        let (runner, _) = StubApp.make(size: Size(width: 100, height: 12)) { host in
            RegionsView(model: model, isRoot: false, host: host)
        }
        await model.idle()
        runner.renderIfNeeded()
        return (runner, model)
    }

    @Test func rowsShowAgePlacesAndSizeThenWhatAnUpdateChanged() async {
        let (runner, model) = await make(["liechtenstein", "andorra"])
        let rows = runner.textRows()
        #expect(rows[0].contains("Regions · 2"))
        #expect(rows[1].contains("liechtenstein") && rows[1].contains("data from 3 days ago")
                && rows[1].contains("1,234 places") && rows[1].contains("2.1 MB"), "\(rows[1])")
        #expect(runner.text().contains("u update this region"))
        runner.press(.character("u"))
        await model.idle()
        runner.renderIfNeeded()
        #expect(runner.textRows()[1].contains("✓ places 2 added"), "\(runner.textRows()[1])")
    }

    @Test func removingAsksAndNKeepsTheRegion() async {
        let (runner, model) = await make(["liechtenstein"])
        runner.press(.character("d"))
        runner.renderIfNeeded()
        #expect(runner.text().contains("Remove liechtenstein?"))
        runner.press(.character("n"))
        await model.idle()
        runner.renderIfNeeded()
        #expect(!runner.text().contains("Remove liechtenstein?"))
        #expect(model.rowCount == 1)
    }

    @Test func aHostileNameReachesTheScreenHarmless() async {
        let (runner, _) = await make([StubApp.hostile])
        #expect(runner.text().contains("Evil"))
        StubApp.expectNothingTheTerminalWouldObey(runner)
    }
}

/// Quitting while a region's update runs asks first; "Keep working" keeps the app, "Quit" quits.
@MainActor
@Suite struct QuitWhileWorkingTests {
    @Test func quittingAsksWhileWorkRunsAndNotOtherwise() {
        let (runner, coordinator) = StubApp.make { _ in StubListScreen() }
        coordinator.runningWork = { "the region update" }
        runner.press(.character("Q"))
        runner.renderIfNeeded()
        #expect(runner.text().contains("Quit and stop the region update?"))
        #expect(!coordinator.isFinished)
        runner.press(.character("n"))
        #expect(!coordinator.isFinished)
        runner.press(.control("c"))
        runner.press(.control("c"))
        #expect(coordinator.isFinished)

        let (quiet, idle) = StubApp.make { _ in StubListScreen() }
        idle.runningWork = { nil }
        quiet.press(.character("Q"))
        #expect(idle.isFinished)
    }
}

/// A screen that takes no keys.
@MainActor
private final class StubListScreen: ScreenView {
    var hints: [KeyHint] { [] }
    var helpTitle: String { "Stub" }
    var helpLines: [KeyHint] { [] }
    var statusMessage: StatusBarMessage? { nil }
    func dismissStatus() {}
    var capturesText: Bool { false }
    func close() {}
    func handle(_ event: InputEvent) -> Bool { false }
    func layout(in rect: Rect, theme: Theme) {}
    func draw(into buffer: CellBuffer, rect: Rect, theme: Theme) {}
}
