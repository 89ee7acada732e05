import Foundation
import NearbyCore
import NearbyViewModels
import Testing
import TerminalView
@testable import NearbyScreens
import TerminalText

/// Home on a stub view model: sections that failed, text from outside that would drive a terminal, and the
/// smallest terminal the app draws in.
@MainActor
struct HomeStubRenderTests {
    @Test func everyFailedSectionSaysSoAndRetriesTheOneSelected() {
        let model = StubHome()
        model.failEverything("Could not read the store")
        let (runner, _) = StubApp.make { HomeView(model: model, isRoot: true, host: $0) }
        let failures = runner.textRows().filter { $0.contains("✗ Could not read the store") }
        #expect(failures.count == 4, "the hot picks, the categories, a section and the friends")
        #expect(failures.allSatisfy { $0.contains("r retry") })
        #expect(runner.textRows().last?.contains("r retry") == true)

        // The hot picks are selected first; ↓ goes to the categories' error line.
        runner.press(.character("r"))
        #expect(model.calls.last == "retry(hotPicks)", "\(model.calls)")
        runner.press(.down, .character("r"))
        #expect(model.calls.last == "retry(categories)")
    }

    @Test func textFromOutsideIsDrawnHarmlessAndALongHeaderIsCut() {
        let model = StubHome()
        model.header.value = HomeHeader(location: StubApp.hostile + String(repeating: " and further", count: 10))
        model.hotPicks.value = HotPicksState(content: .loaded([
            HotPick(id: PlaceID(source: .osm, sourceID: "n1"), category: .cafe, text: StubApp.hostile),
        ]))
        model.categories.value = .loaded([CategoryCount(category: .cafe, count: 1)])
        model.sections.value = [HomePlacesSection(category: .cafe, title: "Cafés", content: .loaded([
            HomePlaceRow(id: PlaceID(source: .osm, sourceID: "n1"), name: StubApp.hostile, distance: "90 m",
                         bearing: "N", openText: "open", openState: .open),
        ]))]
        model.notice.value = StubApp.hostile
        let (runner, _) = StubApp.make { HomeView(model: model, isRoot: true, host: $0) }
        StubApp.expectNothingTheTerminalWouldObey(runner)
        #expect(runner.text().components(separatedBy: "Evil").count - 1 >= 4, "header, notice, pick and row")
        let header = runner.textRows()[0]
        #expect(header.contains("…"))
        #expect(DisplayWidth.of(header) <= 80)
    }

    @Test func atTheLeastSizeItDrawsAndBelowItSaysSo() {
        let model = StubHome()
        model.failEverything("Could not read the store")
        let (runner, _) = StubApp.make(size: Size(width: 30, height: 8)) {
            HomeView(model: model, isRoot: true, host: $0)
        }
        let rows = runner.textRows()
        #expect(rows[0].hasPrefix(" Nearby · Vaduz"))
        #expect(rows.contains { $0.contains("✗ Could not read") })
        #expect(rows.last?.contains("q quit") == true)
        runner.resize(to: Size(width: 29, height: 7))
        StubApp.expectTooSmallMessage(runner)
    }
}
