import Foundation
import Testing
import NearbyCore
@testable import NearbyViewModels

/// Lists and details on a live source: the cache's age beside the attribution, honest titles when the
/// source gives only the nearest few, `r` that asks again, and a map that costs no request.
@MainActor
struct PlacesLiveSourceTests {
    let clock = ManualClock(PlacesSamples.instant("2026-03-02T17:03:00Z"))
    let provider: LivePlacesProvider
    let context: PlacesContext

    init(isCapped: Bool = true) {
        provider = LivePlacesProvider(places: PlacesSamples.cafes, fetchedAt: PlacesSamples.instant("2026-03-02T17:00:00Z"),
                                      refreshedAt: PlacesSamples.instant("2026-03-02T17:03:00Z"), isCapped: isCapped)
        let clock = clock
        context = PlacesContext(provider: provider, navigator: Navigator(), here: PlacesSamples.here,
                                timeZone: PlacesSamples.utc, now: { clock.now() })
    }

    /// A source holding one café without hours that it reported open at 17:00.
    private func reportedOpenSource() -> (Place, LivePlacesProvider, PlacesContext) {
        var place = PlacesSamples.sonne
        let reported = PlacesSamples.instant("2026-03-02T17:00:00Z")
        place.openNowReport = OpenNowReport(isOpen: true, reportedAt: reported)
        let live = LivePlacesProvider(places: [place], fetchedAt: reported, refreshedAt: reported)
        var context = self.context
        context.provider = live
        return (place, live, context)
    }

    @Test func aCappedListSaysItHoldsTheNearestAndHowOldItIs() async {
        let list = PlacesListViewModel(subject: .category(.cafe), context: context)
        list.load()
        await list.idle()
        #expect(list.title.value == "Cafés · nearest 4 within 2 km · by distance")
        #expect(list.attribution.value == "Google Maps")
        #expect(list.dataAge.value == "from 3 min ago")
        // Counting would cost a live source requests: the list does not ask for a count it cannot trust.
        #expect(await provider.oldCountCalls == 0)
        #expect(await provider.reaches.allSatisfy { $0 == .complete })

        clock.set(PlacesSamples.instant("2026-03-02T18:05:00Z"))
        list.timeDidPass()
        #expect(list.dataAge.value == "from 1 h ago")
    }

    @Test func anUncappedListCountsAsBefore() async {
        let whole = PlacesLiveSourceTests(isCapped: false)
        let list = PlacesListViewModel(subject: .category(.cafe), context: whole.context)
        list.load()
        await list.idle()
        #expect(list.title.value == "Cafés · 4 within 2 km · by distance")
    }

    @Test func rAsksTheSourceAgainForWhatTheListShows() async {
        let list = PlacesListViewModel(subject: .category(.cafe), context: context)
        list.load()
        await list.idle()
        list.refresh()
        await list.idle()
        let refreshes = await provider.refreshes
        #expect(refreshes.map(\.category) == [.cafe])
        #expect(refreshes.map(\.reach) == [.complete])
        #expect(list.dataAge.value == "fetched just now")

        // A refresh that fails keeps the rows and says why.
        await provider.failRefresh(with: .unavailable("Overpass is busy; next slot in 12 s."))
        list.refresh()
        await list.idle()
        #expect(list.rowCount == 4)
        #expect(list.status.value == .error("Overpass is busy; next slot in 12 s."))
    }

    @Test func retryingAFailedListAsksTheLiveSourceAgainForReal() async {
        await provider.failPlaces(with: .network("down"))
        let list = PlacesListViewModel(subject: .category(.cafe), context: context)
        list.load()
        await list.idle()
        #expect(list.row(at: 0) == .error("Loading failed, check network connection"))
        await provider.failPlaces(with: nil)
        list.retry()
        await list.idle()
        #expect(await provider.refreshes.map(\.category) == [.cafe])
        #expect(list.rowCount == 4)
    }

    @Test func theDetailsMapTakesOnlyWhatTheSourceHoldsAndAnOpenNowReportShows() async {
        let (place, live, context) = reportedOpenSource()
        let detail = PlaceDetailViewModel(hit: PagingPlacesProvider.hit(place, from: PlacesSamples.here), context: context)
        detail.load()
        await detail.idle()
        #expect(await live.reaches == [.heldOnly])
        #expect(detail.hours.value?.now == "Open now · as the source says")
        #expect(detail.hours.value?.state == .open)
        #expect(detail.hours.value?.week == [])
        // The report holds half an hour; then the place's hours (none here) speak again.
        #expect(detail.nextRefresh.value == PlacesSamples.instant("2026-03-02T17:30:00Z"))
        clock.set(PlacesSamples.instant("2026-03-02T17:31:00Z"))
        detail.timeDidPass()
        #expect(detail.hours.value == nil)
    }

    @Test func aListRowSaysOpenNowWhenTheSourceSaysSo() async {
        let (_, _, context) = reportedOpenSource()
        let list = PlacesListViewModel(subject: .category(.cafe), context: context)
        list.load()
        await list.idle()
        guard case .place(let row) = list.row(at: 0) else {
            Issue.record("no place row")
            return
        }
        #expect(row.openState == "open now")
        #expect(row.openness == .open)
    }

    @Test func aChosenTimeKeepsTheDataAgeOnTheClockAndOutlivesAnOpenNowReport() async {
        let (_, _, base) = reportedOpenSource()
        let clock = clock
        let time = EvaluationTime(clock: { clock.now() }, zone: PlacesSamples.utc)
        #expect(time.choose("tomorrow 10:00") == nil)
        let context = PlacesContext(provider: base.provider, navigator: Navigator(), here: PlacesSamples.here,
                                    timeZone: PlacesSamples.utc, now: { clock.now() }, evaluationTime: time)
        let list = PlacesListViewModel(subject: .category(.cafe), context: context)
        list.load()
        await list.idle()
        // Fetched at 17:00 and read at 17:03 on the clock, whatever time the hours are read at.
        #expect(list.dataAge.value == "from 3 min ago")
        // The data's age still moves with the clock; the rows do not.
        #expect(list.nextRefresh.value == PlacesSamples.instant("2026-03-02T17:04:00Z"))
        // The source said "open" at 17:00; tomorrow at 10:00 that report says nothing.
        guard case .place(let row) = list.row(at: 0) else {
            Issue.record("no place row")
            return
        }
        #expect(row.openState == "hours unknown")
        time.returnToNow()
        guard case .place(let now) = list.row(at: 0) else {
            Issue.record("no place row")
            return
        }
        #expect(now.openState == "open now")
        list.close()
    }
}
