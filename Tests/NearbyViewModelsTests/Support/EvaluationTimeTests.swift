import Foundation
import Testing
import NearbyCore
@testable import NearbyViewModels

/// One chosen time replaces "now" on every screen at once: rows, the open-first order, the detail's hours
/// and Home's picks; nothing then waits for the clock. Monday 2026-03-02 17:00 UTC.
@MainActor
struct EvaluationTimeTests {
    let clock = ManualClock(PlacesSamples.instant("2026-03-02T17:00:00Z"))
    let time: EvaluationTime
    let provider = PagingPlacesProvider(places: PlacesSamples.cafes)
    let context: PlacesContext

    init() {
        let clock = clock
        time = EvaluationTime(clock: { clock.now() }, zone: PlacesSamples.utc)
        context = PlacesContext(provider: provider, navigator: Navigator(), here: PlacesSamples.here,
                                timeZone: PlacesSamples.utc, now: { clock.now() }, evaluationTime: time)
    }

    private func openStates(_ list: PlacesListViewModel) -> [String: String] {
        var states: [String: String] = [:]
        for index in 0..<list.rowCount {
            if case .place(let row) = list.row(at: index) { states[row.name] = row.openState }
        }
        return states
    }

    @Test func aChosenTimeReplacesNowInTheListAndBack() async {
        let list = PlacesListViewModel(subject: .category(.cafe), context: context)
        list.load()
        await list.idle()
        #expect(openStates(list)["Café Amadeus"] == "open · until 18:00")
        #expect(list.nextRefresh.value != nil)

        #expect(time.choose("Sa 14:00") == nil)
        #expect(time.header.value == "as of Sat 14:00")
        #expect(openStates(list)["Café Amadeus"] == "closed · opens Mo 08:00")
        #expect(openStates(list)["Édith's Bar"] == "closed · opens 18:00")
        #expect(list.nextRefresh.value == nil, "a chosen time stands still")

        time.returnToNow()
        #expect(time.header.value == nil)
        #expect(openStates(list)["Café Amadeus"] == "open · until 18:00")
        #expect(list.nextRefresh.value != nil)
        list.close()
    }

    @Test func aMistypedTimeChangesNothing() async {
        let list = PlacesListViewModel(subject: .category(.cafe), context: context)
        list.load()
        await list.idle()
        let error = time.choose("Sat 25:00")
        #expect(error?.description == "25:00 is not a time of day: hours run from 00 to 23")
        #expect(!time.isChosen)
        #expect(time.header.value == nil)
        #expect(openStates(list)["Café Amadeus"] == "open · until 18:00")
        list.close()
    }

    @Test func openFirstFollowsTheChosenTime() async {
        let list = PlacesListViewModel(subject: .category(.cafe), context: context)
        list.load()
        await list.idle()
        list.setSortOrder(.openFirst)
        await list.idle()
        func firstName() -> String? {
            if case .place(let row) = list.row(at: 0) { return row.name }
            return nil
        }
        // Monday 17:00: Amadeus is the nearest open place. Saturday 22:00: only the bar and the 24/7 café.
        #expect(firstName() == "Café Amadeus")
        time.choose("Sa 22:00")
        #expect(firstName() == "Édith's Bar")
        list.close()
    }

    @Test func listsKeepOnlyPlacesOpenForTheWholeSpan() async {
        let list = PlacesListViewModel(subject: .category(.cafe), context: context)
        list.load()
        await list.idle()
        #expect(openStates(list).count == 4)
        #expect(time.keepOpen(during: "17:30-18:30") == nil)
        await list.idle()
        // Amadeus closes at 18:00, Édith's opens on Friday, Sonne has no hours: only the 24/7 café is left.
        #expect(openStates(list).keys.sorted() == ["Zeitgeist"])
        #expect(list.title.value == "Cafés · 1 open Mon 17:30–18:30 within 2 km · by distance")
        #expect(time.keepOpen(during: "17:30") != nil, "not a span: nothing changes")
        #expect(time.openDuring.value?.label == "Mon 17:30–18:30")
        time.stopKeepingOpen()
        await list.idle()
        #expect(openStates(list).count == 4)
        list.close()
    }

    /// The walkthrough's P2 4: with a span, each row says the place's state at the span's start, not now's.
    @Test func rowsOfASpanShowTheStateAtItsStart() async {
        let list = PlacesListViewModel(subject: .category(.cafe), context: context)
        list.load()
        await list.idle()
        // Monday 17:00: Édith's Bar (Fr-Sa 18:00-03:00) is closed now.
        #expect(openStates(list)["Édith's Bar"] == "closed · opens Fr 18:00")
        #expect(time.keepOpen(during: "Sa 19:00-21:00") == nil)
        await list.idle()
        #expect(openStates(list)["Édith's Bar"] == "open · until 03:00")
        #expect(openStates(list)["Zeitgeist"] == "open · 24/7")
        #expect(context.timeIsChosen, "a span stands still as a chosen time does")
        time.stopKeepingOpen()
        await list.idle()
        #expect(openStates(list)["Édith's Bar"] == "closed · opens Fr 18:00")
        list.close()
    }

    @Test func theDetailFollowsTheChosenTime() async {
        let detail = PlaceDetailViewModel(hit: PlaceHit(place: PlacesSamples.amadeus, distance: 120, bearing: 0),
                                          context: context)
        #expect(detail.hours.value?.now == "Open · closes 18:00")
        time.choose("tomorrow 07:00")
        #expect(detail.hours.value?.now == "Closed · opens 08:00")
        #expect(detail.nextRefresh.value == nil)
        time.returnToNow()
        #expect(detail.hours.value?.now == "Open · closes 18:00")
        detail.close()
    }

    @Test func rowsCountDownTheLastHour() async {
        clock.set(PlacesSamples.instant("2026-03-02T17:40:00Z"))
        let list = PlacesListViewModel(subject: .category(.cafe), context: context)
        list.load()
        await list.idle()
        guard case .place(let row) = list.row(at: 0) else {
            Issue.record("the first row should be a place")
            return
        }
        #expect(row.openState == "open · closes in 20 min")
        #expect(row.isClosingSoon)
        // The words change at the next minute, so the view redraws then.
        #expect(list.nextRefresh.value == PlacesSamples.instant("2026-03-02T17:41:00Z"))
        clock.set(PlacesSamples.instant("2026-03-02T17:41:00Z"))
        list.timeDidPass()
        if case .place(let later) = list.row(at: 0) { #expect(later.openState == "open · closes in 19 min") }
        list.close()
    }
}

/// Home under a chosen time: its picks and sections follow it. Wednesday 2026-11-25 10:00 in Vaduz.
@MainActor
struct HomeEvaluationTimeTests {
    @Test func hotPicksFollowTheChosenTime() async {
        let clock = TestClock("2026-11-25 10:00")
        let time = EvaluationTime(clock: { clock.now }, zone: homeZone)
        let provider = FakePlacesProvider(places: SampleTown.places)
        let home = HomeViewModel(context: HomeContext(
            places: provider, friends: FakeFriendsRepository(friends: []), navigator: Navigator(),
            here: SampleTown.here, now: { clock.now }, timeZone: homeZone, evaluationTime: time))
        home.load()
        await home.idle()
        let restaurantsNow = home.hotPicks.value.pages.first { $0.category == .restaurant }
        #expect(restaurantsNow == nil, "no restaurant is open at 10:00")
        time.choose("20:00")
        let restaurantsTonight = home.hotPicks.value.pages.first { $0.category == .restaurant }
        #expect(restaurantsTonight?.text.hasPrefix("Night Diner") == true)
        #expect(home.nextRefresh.value == nil)
        time.returnToNow()
        #expect(home.hotPicks.value.pages.first { $0.category == .restaurant } == nil)
        #expect(home.nextRefresh.value != nil)
        home.close()
    }
}
