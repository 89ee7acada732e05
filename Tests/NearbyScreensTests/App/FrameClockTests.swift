import Foundation
import NearbyViewModels
import Testing
import TerminalView
import TerminalTestSupport
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
        // The list's wake alone: Home beneath it keeps none.
        #expect(app.runner.scheduledWakes == [next])
        #expect(next > DemoApp.now)
        let before = app.rows

        // Just short of it: nothing fires, nothing changes.
        app.runner.advanceClock(to: next.addingTimeInterval(-1))
        await app.settle()
        #expect(app.rows == before)
        #expect(app.runner.scheduledWakes == [next])

        app.runner.advanceClock(to: next)
        await app.settle()
        #expect(app.rows != before, "a row's open state changed at \(next)")
        #expect(app.runner.scheduledWakes == [list.nextRefresh.value].compactMap { $0 },
                "the next change is scheduled in turn, and nothing else")
    }

    /// Only the screen on top is woken. Home under a list keeps no wake; back on top it asks again, and a
    /// change it missed meanwhile is due at once.
    @Test func aCoveredScreenIsNotWokenUntilItIsBackOnTop() async throws {
        let app = try await DemoApp(folder: folder)
        guard case .home(let home) = app.coordinator.topModel else {
            Issue.record("not on Home")
            return
        }
        let homeNext = try #require(home.nextRefresh.value)
        #expect(app.runner.scheduledWakes == [homeNext])

        await app.press(.down, .enter)
        guard case .placesList(let list) = app.coordinator.topModel else {
            Issue.record("not on a places list")
            return
        }
        #expect(app.runner.scheduledWakes == [list.nextRefresh.value].compactMap { $0 })
        app.runner.advanceClock(to: homeNext)
        await app.settle()
        #expect(home.nextRefresh.value == homeNext, "Home was not woken under the list")

        await app.press(.escape)
        #expect(app.runner.scheduledWakes == [homeNext], "back on top, Home's wake is asked for again")
        app.runner.advanceClock(to: app.clock.now)
        await app.settle()
        let following = try #require(home.nextRefresh.value)
        #expect(following > homeNext, "the change missed while covered ran as soon as Home was on top")
        #expect(app.runner.scheduledWakes == [following])
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
