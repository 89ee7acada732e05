import Testing
import TerminalView
@testable import NearbyScreens
import TerminalText

/// The map's title names the marks it draws, as many as fit.
@MainActor
struct MapLegendTests {
    @Test func theTitleNamesEveryMarkThatIsOnTheMapWhenThereIsRoom() {
        #expect(PlaceDetailView.mapTitle(width: 60, friends: true, others: true)
            == "Map · ◆ place  @ you  ☺ friend  · other places")
        #expect(PlaceDetailView.mapTitle(width: 60, friends: false, others: true) == "Map · ◆ place  @ you  · other places")
    }

    @Test func aNarrowMapDropsTheLastNamesFirstAndKeepsItsTitle() {
        let title = PlaceDetailView.mapTitle(width: 38, friends: true, others: true)
        #expect(title == "Map · ◆ place  @ you  ☺ friend")
        #expect(DisplayWidth.of(title) <= 38 - 6)
        #expect(PlaceDetailView.mapTitle(width: 12, friends: true, others: true) == "Map")
    }
}
