import Foundation
import Testing
import NearbyCore
@testable import NearbyViewModels

/// The hot picks pager: wraps at both ends, stays on its pick while pages come and go.
@MainActor
struct HomePagerTests {
    @Test func pagingWrapsAtBothEnds() async {
        let fixture = HomeFixture()
        await fixture.loaded()
        let pager = fixture.home.hotPicks
        #expect(pager.value.pageLabel == "1 / 3")
        fixture.home.pageRight()
        #expect(pager.value.pageLabel == "2 / 3")
        #expect(pager.value.current?.id == SampleTown.amadeus.id)
        fixture.home.pageRight()
        fixture.home.pageRight()
        #expect(pager.value.pageLabel == "1 / 3")
        fixture.home.pageLeft()
        #expect(pager.value.pageLabel == "3 / 3")
        #expect(pager.value.current?.category == .pharmacy)
    }

    @Test func oneOrNoPageDoesNotMove() async {
        let single = HomeFixture(places: [SampleTown.atm])
        await single.loaded()
        single.home.pageRight()
        single.home.pageLeft()
        #expect(single.home.hotPicks.value.pageLabel == "1 / 1")

        // Roma is closed at 10:00, so there is no pick at all.
        let none = HomeFixture(places: [SampleTown.roma])
        await none.loaded()
        none.home.pageRight()
        #expect(none.home.hotPicks.value.index == 0)
        #expect(none.home.hotPicks.value.current == nil)
        none.home.openHotPick()
        #expect(none.recorder.placeDetails.isEmpty)
    }

    @Test func thePageStaysOnItsPickWhenOthersArrive() async {
        let fixture = HomeFixture()
        await fixture.loaded()
        fixture.home.pageLeft()
        #expect(fixture.home.hotPicks.value.current?.category == .pharmacy)
        // A restaurant opens: its page comes before the pharmacy's, and the pharmacy stays in view.
        fixture.clock.set("2026-11-25 12:00")
        fixture.home.refreshTimes()
        #expect(fixture.home.hotPicks.value.pageLabel == "4 / 4")
        #expect(fixture.home.hotPicks.value.current?.category == .pharmacy)
    }

    @Test func whenTheShownPickLeavesTheNextTakesItsPlace() async {
        let fixture = HomeFixture(at: "2026-11-25 18:10")
        await fixture.loaded()
        // Nearest first: ATM, diner, pharmacy, the far café.
        fixture.home.pageRight()
        fixture.home.pageRight()
        #expect(fixture.home.hotPicks.value.current?.category == .pharmacy)
        fixture.clock.set("2026-11-25 18:30")
        fixture.home.refreshTimes()
        // The pharmacy closed: the page after it moves into its place.
        #expect(fixture.home.hotPicks.value.pageLabel == "3 / 3")
        #expect(fixture.home.hotPicks.value.current?.category == .cafe)
    }

    @Test func picksLoadingShowsUntilTheFirstArrives() async {
        let fixture = HomeFixture()
        #expect(fixture.home.hotPicks.value.content == .loading("Finding what is open…"))
        #expect(fixture.home.hotPicks.value.pageLabel == nil)
    }
}
