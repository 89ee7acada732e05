import Foundation
import Testing
import NearbyCore
@testable import NearbyViewModels

/// Home on a live source: one overview of the area, honest counts, the cache's age and the attribution on
/// screen, and `r` that asks the source again.
@MainActor
struct HomeLiveSourceTests {
    let clock = TestClock("2026-11-25 10:03")
    let provider: LivePlacesProvider
    let home: HomeViewModel

    init(places: [Place] = SampleTown.places, isCapped: Bool = true) {
        provider = LivePlacesProvider(places: places, fetchedAt: homeTime("2026-11-25 10:00"),
                                      refreshedAt: homeTime("2026-11-25 10:03"), isCapped: isCapped)
        let clock = clock
        let context = HomeContext(places: provider, friends: FakeFriendsRepository(friends: []), navigator: Navigator(),
                                  here: SampleTown.here, now: { clock.now }, timeZone: homeZone)
        home = HomeViewModel(context: context)
    }

    @Test func everyQueryIsAnOverviewOfTheAreaAndCountsSayAtLeast() async {
        home.load()
        await home.idle()
        let reaches = await provider.reaches
        #expect(!reaches.isEmpty && reaches.allSatisfy { $0 == .overview })
        #expect(await provider.oldCountCalls == 0)
        #expect(home.header.value.summary == "8+ places within 2 km")
        #expect(home.header.value.age == "from 3 min ago")
        let labels = home.categories.value.value?.map(\.label) ?? []
        #expect(labels.contains("Café 4+") && labels.contains("Pharmacy 1+"))
        // A category the source said nothing of keeps its chip, without a number: it can still be opened.
        #expect(labels.contains("Hotel"))
        #expect(home.attribution.value == "Google Maps")
        // The age's words change at 10:04: Home wakes then, not before.
        #expect(home.nextRefresh.value.map { $0 <= homeTime("2026-11-25 10:04") } == true)
    }

    @Test func aChosenTimeKeepsTheAgeOnTheClock() async {
        let clock = clock
        let time = EvaluationTime(clock: { clock.now }, zone: homeZone)
        #expect(time.choose("tomorrow 10:00") == nil)
        let context = HomeContext(places: provider, friends: FakeFriendsRepository(friends: []), navigator: Navigator(),
                                  here: SampleTown.here, now: { clock.now }, timeZone: homeZone, evaluationTime: time)
        let home = HomeViewModel(context: context)
        home.load()
        await home.idle()
        // Read at 10:03 on the clock, whatever time the hours are read at; Home wakes only for the age's words.
        #expect(home.header.value.age == "from 3 min ago")
        #expect(home.nextRefresh.value == homeTime("2026-11-25 10:04"))
    }

    @Test func anEmptyAreaOfALiveSourceSaysSoWithoutAskingTheWholePlanet() async {
        let empty = HomeLiveSourceTests(places: [SampleTown.faraway], isCapped: false)
        empty.home.load()
        await empty.home.idle()
        #expect(empty.home.notice.value == "No places within 2 km")
        #expect(await empty.provider.oldCountCalls == 0)
    }

    @Test func aRefusalOfEverySectionIsOneWholeNoteNotARowPerCategory() async {
        let fixture = HomeFixture()
        let refusal = PlacesError.refused("Google refused the API key set in NEARBY_GOOGLE_API_KEY (403 PERMISSION_DENIED): "
                                          + "enable Places API (New) for the key's project in the Google Cloud console.")
        await fixture.provider.fail(.total, with: refusal)
        for category in Category.allCases {
            await fixture.provider.fail(.places(category), with: refusal)
            await fixture.provider.fail(.count(category), with: refusal)
        }
        await fixture.loaded()
        #expect(fixture.home.notice.value == "The places service refused: Google refused the API key set in "
                + "NEARBY_GOOGLE_API_KEY (403 PERMISSION_DENIED): enable Places API (New) for the key's project in "
                + "the Google Cloud console.")
        #expect(fixture.home.sections.value.isEmpty)
    }

    @Test func retryingFailedSectionsAsksForTheAreaOnce() async {
        await provider.failPlaces(with: .network("down"))
        home.load()
        await home.idle()
        #expect(home.hotPicks.value.content.isFailed)
        await provider.failPlaces(with: nil)
        home.retryFailed()
        await home.idle()
        #expect(await provider.refreshes.count == 1)
        home.retry(.category(.cafe))
        await home.idle()
        #expect(await provider.refreshes.count == 2)
        #expect(home.sections.value.count == 4)
        #expect(!home.hotPicks.value.content.isFailed)
    }

    @Test func rAsksTheSourceForTheAreaAgainThenShowsTheNewAnswer() async {
        home.load()
        await home.idle()
        home.refresh()
        await home.idle()
        let refreshes = await provider.refreshes
        #expect(refreshes == [PlaceQuery(center: SampleTown.center, radius: 2_000, reach: .overview)])
        #expect(home.header.value.age == "fetched just now")
        #expect(home.status.value == nil)
        #expect(home.sections.value.count == 4)
    }

    @Test func aFailedRefreshKeepsWhatIsShownAndSaysWhy() async {
        home.load()
        await home.idle()
        let before = home.sections.value
        await provider.failRefresh(with: .unavailable("Overpass is busy; next slot in 12 s."))
        home.refresh()
        await home.idle()
        #expect(home.status.value == .error("Could not refresh: Overpass is busy; next slot in 12 s."))
        #expect(home.sections.value == before)
        #expect(home.header.value.age == "from 3 min ago")
    }
}

/// Home on an imported extract: the header says when the data around here is more than a month old.
@MainActor
struct HomeExtractAgeTests {
    private func home(dataFrom date: Date?) async -> HomeViewModel {
        let clock = TestClock("2026-11-25 10:03")
        var context = HomeContext(places: FakePlacesProvider(places: SampleTown.places),
                                  friends: FakeFriendsRepository(friends: []), navigator: Navigator(),
                                  here: SampleTown.here, now: { clock.now }, timeZone: homeZone)
        context.extractDate = { _ in date }
        let home = HomeViewModel(context: context)
        home.load()
        await home.idle()
        return home
    }

    @Test func dataOlderThanAMonthIsSaid() async {
        let old = await home(dataFrom: homeTime("2026-10-10 08:00"))
        #expect(old.header.value.age == "data from 46 days ago")
        let recent = await home(dataFrom: homeTime("2026-11-10 08:00"))
        #expect(recent.header.value.age == nil)
        let none = await home(dataFrom: nil)
        #expect(none.header.value.age == nil)
    }
}
