import Foundation
import Testing
import NearbyCore
@testable import NearbyViewModels

/// Open states change by themselves when the clock passes a change; `nextRefresh` says when.
@MainActor
struct HomeTimeTests {
    @Test(arguments: [
        // Ristorante Roma opens at 11:30: from 10:31 its row counts the minutes ("opens in 59 min").
        ("2026-11-25 10:00", "2026-11-25 10:31"),
        // The diner closes at 23:00: its row counts down, a minute at a time.
        ("2026-11-25 22:30", "2026-11-25 22:31"),
        // Everything shown is closed until tomorrow: "opens Th 07:30" reads "opens 07:30" from midnight.
        ("2026-11-25 23:30", "2026-11-26 00:00"),
        // Saturday night: the next change is Monday 07:30, but the texts change at midnight first.
        ("2026-11-28 23:30", "2026-11-29 00:00"),
    ])
    func nextRefreshIsTheNextInstantAnythingShownChanges(at time: String, expected: String) async {
        let fixture = HomeFixture(at: time)
        await fixture.loaded()
        #expect(fixture.home.nextRefresh.value == homeTime(expected))
    }

    @Test func nothingDueMeansNoRefresh() async {
        let fixture = HomeFixture(places: [SampleTown.atm, SampleTown.farCafe, SampleTown.sonne])
        await fixture.loaded()
        #expect(fixture.home.nextRefresh.value == nil)
    }

    @Test func statesChangeWhenTheClockPassesAChange() async {
        let fixture = HomeFixture()
        await fixture.loaded()
        #expect(fixture.rows(.restaurant).map(\.openText)
            == ["closed · opens 18:00", "closed · opens 11:30"])
        #expect(fixture.home.hotPicks.value.pages.map(\.category) == [.atm, .cafe, .pharmacy])

        fixture.clock.set("2026-11-25 11:30")
        fixture.home.refreshTimes()
        #expect(fixture.rows(.restaurant).map(\.openText) == ["closed · opens 18:00", "open · until 14:00"])
        #expect(fixture.pickTexts.contains("Ristorante Roma · restaurant · 200 m E · open until 14:00"))
        // Roma closes at 14:00; from 13:01 its row says "closes in 59 min".
        #expect(fixture.home.nextRefresh.value == homeTime("2026-11-25 13:01"))

        fixture.clock.set("2026-11-25 18:00")
        fixture.home.refreshTimes()
        #expect(fixture.rows(.cafe).first?.openText == "closed · opens Th 08:00")
        #expect(fixture.pickTexts.contains("Café Fern · café · 900 m N · open 24/7"))
        #expect(fixture.pickTexts.contains("Night Diner · restaurant · 150 m N · open until 23:00"))
        // No fetch was needed for any of this.
        #expect(await fixture.provider.callCount(.places(.cafe)) == 1)
    }

    @Test func refreshScheduleSeesTextsThatNameAnotherDay() {
        let now = homeTime("2026-11-25 20:00")
        let opensTomorrow = OpeningStatus(state: .closed, nextChange: homeTime("2026-11-26 07:30"), nextState: .open,
                                          instant: now)
        #expect(HomeRefreshSchedule.next(after: now, changes: [homeTime("2026-11-26 07:30")],
                                         shown: [opensTomorrow], timeZone: homeZone)
            == homeTime("2026-11-26 00:00"))
        // Open until 02:00 tomorrow: at 14:00 the text loses its weekday ("until 02:00").
        let earlier = homeTime("2026-11-25 13:00")
        let lateNight = OpeningStatus(state: .open, nextChange: homeTime("2026-11-26 02:00"), nextState: .closed,
                                      instant: earlier)
        #expect(HomeRefreshSchedule.next(after: earlier, changes: [homeTime("2026-11-26 02:00")],
                                         shown: [lateNight], timeZone: homeZone)
            == homeTime("2026-11-25 14:00"))
        #expect(HomeRefreshSchedule.next(after: now, changes: [now], shown: [], timeZone: homeZone) == nil)
    }
}

/// Here on another clock than the computer's: the header says the local time, and rows are read on it.
@MainActor
struct HomeOwnClockTests {
    @Test func theHeaderSaysTheLocalTimeWhereHereKeepsAnother() async throws {
        // The computer keeps homeZone; here, for this test, keeps Tokyo's time.
        let tokyo = PlaceZones(fallback: homeZone) { _ in "Asia/Tokyo" }
        let fixture = HomeFixture(at: "2026-11-25 10:00", zones: tokyo)
        await fixture.loaded()
        let local = try ZoneRules.named("Asia/Tokyo").localDateTime(at: homeTime("2026-11-25 10:00"))
        #expect(fixture.home.header.value.localTime == OpeningHoursText.clock(local.minuteOfDay) + " local")
        // It ticks: the next refresh is at most a minute away.
        let next = try #require(fixture.home.nextRefresh.value)
        #expect(next <= homeTime("2026-11-25 10:01"))

        let same = HomeFixture(at: "2026-11-25 10:00", zones: PlaceZones(fallback: homeZone) { _ in homeZone.identifier })
        await same.loaded()
        #expect(same.home.header.value.localTime == nil)
    }
}
