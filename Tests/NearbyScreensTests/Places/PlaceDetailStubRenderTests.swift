import Foundation
import NearbyCore
import NearbyViewModels
import Testing
import TerminalView
@testable import NearbyScreens

/// A place's detail on a stub view model: failures with the key that tries again, text from outside that
/// would drive a terminal, and the smallest terminal the app draws in.
@MainActor
struct PlaceDetailStubRenderTests {
    @Test func failuresNameTheKeyThatTriesAgain() {
        let model = StubPlaceDetail()
        model.favourite.value = .failed(message: "Could not save the favourite", wanted: true)
        model.friendsNearby.value = [NearbyFriendRow(id: 7, name: "Oskar", distance: "300 m")]
        model.meetingPoints.value = .failed(message: "Could not look for meeting points")
        let (runner, _) = StubApp.make { PlaceDetailView(model: model, host: $0) }
        let text = runner.text()
        #expect(runner.textRows()[0].hasPrefix(" Café Amadeus ✗"))
        #expect(text.contains("✗ Could not save the favourite  f retry"))
        #expect(text.contains("✗ Could not look for meeting points  m retry"))
        runner.press(.character("f"))
        #expect(model.calls.last == "toggleFavourite")
        runner.press(.character("m"))
        #expect(model.calls.last == "suggestMeetingPoints(7)")
    }

    @Test func textFromOutsideIsDrawnHarmless() {
        let model = StubPlaceDetail(title: StubApp.hostile)
        model.lines.value = [PlaceDetailLine(label: "Address", value: StubApp.hostile),
                             PlaceDetailLine(label: "Operator", value: StubApp.hostile)]
        model.friendsNearby.value = [NearbyFriendRow(id: 7, name: StubApp.hostile, distance: "300 m")]
        model.status.value = .error(StubApp.hostile)
        let (runner, _) = StubApp.make { PlaceDetailView(model: model, host: $0) }
        StubApp.expectNothingTheTerminalWouldObey(runner)
        #expect(runner.text().components(separatedBy: "Evil").count - 1 >= 5, "title, lines, friend, status")
    }

    @Test func atTheLeastSizeItDrawsAndBelowItSaysSo() {
        let model = StubPlaceDetail()
        let (runner, _) = StubApp.make(size: Size(width: 30, height: 8)) { PlaceDetailView(model: model, host: $0) }
        let rows = runner.textRows()
        #expect(rows[0].hasPrefix(" Café Amadeus"))
        #expect(rows.last?.contains("esc back") == true)
        runner.resize(to: Size(width: 29, height: 7))
        StubApp.expectTooSmallMessage(runner)
    }
}
