import Foundation
import NearbyViewModels
import Testing
import TerminalView
@testable import NearbyScreens

/// Redraws that the time asks for go through the host and its clock: tests see the wake-up, move the clock,
/// and see the text change, without waiting on the wall clock.
@MainActor
@Suite(.serialized)
final class FrameClockTests {
    private let folder = DemoApp.makeFolder()

    deinit { DemoApp.removeFolder(folder) }

    @Test func theScheduledWakeIsTheListsNextRefreshAndTheClockChangesTheRow() async throws {
        let app = try await DemoApp(folder: folder)
        await app.press(.down, .enter)
        guard case .placesList(let list) = app.coordinator.topModel else {
            Issue.record("not on a places list")
            return
        }
        let next = try #require(list.nextRefresh.value)
        #expect(app.runner.scheduledWakes.contains(next))
        #expect(next > DemoApp.now)
        let before = app.rows

        // Just short of it: nothing fires, nothing changes.
        app.runner.advanceClock(to: next.addingTimeInterval(-1))
        await app.settle()
        #expect(app.rows == before)
        #expect(app.runner.scheduledWakes.contains(next))

        app.runner.advanceClock(to: next)
        await app.settle()
        #expect(app.rows != before, "a row's open state changed at \(next)")
        #expect(!app.runner.scheduledWakes.contains(next))
        if let following = list.nextRefresh.value {
            #expect(app.runner.scheduledWakes.contains(following), "the next change is scheduled in turn")
        }
    }

    /// The same pipeline draws for the run loop and the tests: a spinner's cells advance alone between frames.
    @Test func spinnersAdvanceOnlyTheirCells() async throws {
        let model = StubPlacesList(count: 3)
        model.isLoading.update(true)
        let coordinator = AppCoordinator(navigator: Navigator(), rootView: {
            PlacesListView(model: model, isRoot: false, host: $0)
        }, makeFriendsList: { fatalError("not used") })
        let runner = HeadlessRunner(app: coordinator, size: Size(width: 80, height: 24))
        runner.renderIfNeeded()
        let spinner = try #require(runner.lastFrame.spinnerCells.first)
        let glyph = runner.lastFrame[spinner.point.x, spinner.point.y].text
        runner.advanceSpinners()
        #expect(runner.terminal.lastCellsWritten == runner.lastFrame.spinnerCells.count)
        #expect(runner.terminal.screen[spinner.point.x, spinner.point.y].text != glyph)
    }
}
