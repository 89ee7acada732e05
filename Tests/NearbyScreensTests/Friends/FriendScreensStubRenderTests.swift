import Foundation
import NearbyViewModels
import Testing
import TerminalView
@testable import NearbyScreens

/// A friend's detail and the friend form on stub view models: failures and what the keys do about them,
/// text from outside that would drive a terminal, and the smallest terminal the app draws in.
@MainActor
struct FriendScreensStubRenderTests {
    @Test func aDetailThatFailedNamesTheKeyThatRetriesIt() {
        let model = StubFriendDetail(content: .error("Could not load Anna Beck: the service did not answer"))
        let (runner, _) = StubApp.make { FriendDetailView(model: model, host: $0) }
        let rows = runner.textRows()
        #expect(rows.contains { $0.contains("✗ Could not load Anna Beck") })
        #expect(rows.contains { $0.trimmingCharacters(in: .whitespaces) == "r retry" })
        #expect(rows.last?.contains("r retry") == true)
        // Nothing to edit or delete on an error.
        runner.press(.character("e"), .character("d"), .character("r"))
        #expect(model.calls == ["retry"])
    }

    @Test func aDetailDrawsTextFromOutsideHarmless() {
        let model = StubFriendDetail(title: StubApp.hostile, content: .friend([
            FriendDetailLine(label: "Name", value: StubApp.hostile),
            FriendDetailLine(label: "Phone", value: StubApp.hostile),
        ]))
        let (runner, _) = StubApp.make { FriendDetailView(model: model, host: $0) }
        StubApp.expectNothingTheTerminalWouldObey(runner)
        #expect(runner.text().components(separatedBy: "Evil").count - 1 == 3)
    }

    @Test func aDetailAtTheLeastSizeDrawsAndBelowItSaysSo() {
        let model = StubFriendDetail(content: .friend([FriendDetailLine(label: "Name", value: "Anna Beck")]))
        let (runner, _) = StubApp.make(size: Size(width: 30, height: 8)) { FriendDetailView(model: model, host: $0) }
        #expect(runner.textRows()[0].hasPrefix(" Nearby · Anna Beck"))
        #expect(runner.textRows().last?.contains("esc back") == true)
        runner.resize(to: Size(width: 29, height: 7))
        StubApp.expectTooSmallMessage(runner)
    }

    /// The form says a place no town has is saved by its save key again, and that key saves.
    @Test func anUnknownPlaceIsSavedWithTheSaveKeyAgain() {
        let model = StubFriendForm(location: "Atlantis")
        model.saveState.value = .unknownPlace("Atlantis")
        let (runner, _) = StubApp.make { FriendFormView(model: model, host: $0) }
        #expect(runner.textRows().last?.contains("ctrl-s again saves Atlantis without a distance.") == true)
        #expect(runner.text().contains("[ Save: ctrl-s ]"))
        runner.press(.control("s"))
        #expect(model.calls == ["save"])
    }

    @Test func aFailedSaveSaysWhyAndSaveWaitsForEveryFieldToBeValid() {
        let model = StubFriendForm()
        model.saveState.value = .failed("Saving failed: the service did not answer")
        model.canSave.value = false
        let (runner, _) = StubApp.make { FriendFormView(model: model, host: $0) }
        #expect(runner.textRows().last?.contains("Saving failed: the service did not answer") == true)
        #expect(runner.text().contains("[ Save ] fill in the fields marked ✗"))
        runner.press(.control("s"))
        #expect(!model.calls.contains("save"))
    }

    @Test func aFormDrawsTextFromOutsideHarmless() {
        let model = StubFriendForm(title: "Edit " + StubApp.hostile, name: StubApp.hostile, problem: StubApp.hostile)
        let (runner, _) = StubApp.make { FriendFormView(model: model, host: $0) }
        StubApp.expectNothingTheTerminalWouldObey(runner)
        #expect(runner.textRows()[0].contains("Edit Evil"))
    }

    @Test func aFormAtTheLeastSizeDrawsAndBelowItSaysSo() {
        let model = StubFriendForm()
        let (runner, _) = StubApp.make(size: Size(width: 30, height: 8)) { FriendFormView(model: model, host: $0) }
        #expect(runner.textRows()[0].hasPrefix(" Nearby · New friend"))
        #expect(runner.textRows().last?.contains("esc cancel") == true)
        runner.resize(to: Size(width: 29, height: 7))
        StubApp.expectTooSmallMessage(runner)
    }
}
