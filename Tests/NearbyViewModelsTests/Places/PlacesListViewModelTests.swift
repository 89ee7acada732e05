import Foundation
import Testing
import NearbyCore
@testable import NearbyViewModels

@MainActor
struct PlacesListViewModelTests {
    let provider: PagingPlacesProvider
    let navigator = Navigator()
    let clock = ManualClock(PlacesSamples.instant("2026-03-02T17:00:00Z"))
    let list: PlacesListViewModel

    init(places: [Place] = PlacesSamples.cafes, subject: PlacesListSubject = .category(.cafe)) {
        provider = PagingPlacesProvider(places: places)
        let clock = clock
        let context = PlacesContext(provider: provider, navigator: navigator, here: PlacesSamples.here,
                                    timeZone: PlacesSamples.utc, now: { clock.now() })
        list = PlacesListViewModel(subject: subject, context: context)
    }

    init() {
        self.init(places: PlacesSamples.cafes)
    }

    private func placeRow(_ index: Int) -> PlaceRowModel? {
        if case .place(let row) = list.row(at: index) { return row }
        return nil
    }

    private func names() -> [String] {
        (0..<list.rowCount).compactMap { placeRow($0)?.name }
    }

    // MARK: Row kinds

    @Test func showsALoadingRowThenPlaceRowsWithTheirTexts() async {
        await provider.hold(.page)
        list.load()
        #expect(list.rowCount == 1)
        #expect(list.row(at: 0) == .loading("Loading cafés within 2 km…"))
        #expect(list.isLoading.value)

        await provider.release(.page)
        await list.idle()
        #expect(!list.isLoading.value)
        #expect(names() == ["Café Amadeus", "Café Sonne", "Édith's Bar", "Zeitgeist"])
        #expect(list.title.value == "Cafés · 4 within 2 km · by distance")
        #expect(placeRow(0) == PlaceRowModel(
            id: PlacesSamples.amadeus.id, name: "Café Amadeus", subtitle: "", category: "Café",
            distance: "120 m N", openState: "open · until 18:00", openness: .open, rating: "4.5 ★ (1,234)",
            detailLine: "Mo-Fr 08:00-18:00"))
        #expect(placeRow(1)?.openState == "hours unknown")
        #expect(placeRow(1)?.distance == "310 m S")
        #expect(placeRow(1)?.detailLine == "Market Square 1")
        #expect(placeRow(1)?.rating == nil)
        #expect(placeRow(2)?.openState == "closed · opens Fr 18:00")
        #expect(placeRow(3)?.openState == "open · 24/7")
        #expect(list.attribution.value == "Test data")
    }

    @Test func aServiceInTroubleIsNamedNotTheUsersNetwork() async {
        await provider.fail(.page, with: .unavailable("Overpass has a problem (HTTP 500); try again later."))
        list.load()
        await list.idle()
        #expect(list.row(at: 0) == .error("Overpass has a problem (HTTP 500); try again later."))
    }

    @Test func anErrorRowSaysWhatFailedAndRetryLoads() async {
        await provider.fail(.page, with: .network("timed out"))
        list.load()
        await list.idle()
        #expect(list.rowCount == 1)
        #expect(list.row(at: 0) == .error("Loading failed, check network connection"))
        list.open(at: 0)
        #expect(navigator.recorded.isEmpty, "an error row cannot be opened")

        await provider.fail(.page, with: nil)
        list.retry()
        #expect(list.row(at: 0) == .loading("Loading cafés within 2 km…"))
        await list.idle()
        #expect(names().count == 4)
    }

    @Test func storageErrorsCannotCarryEscapeSequences() async {
        await provider.fail(.page, with: .storage("disk\u{1B}[2J\nbroke"))
        list.load()
        await list.idle()
        guard case .error(let message) = list.row(at: 0) else {
            Issue.record("expected an error row")
            return
        }
        #expect(!message.contains("\u{1B}") && !message.contains("\n"))
        #expect(message.hasPrefix("Could not read places: disk"))
    }

    @Test func emptyRowSaysPlusWidensUntilTheWidestRadius() async {
        await provider.setPlaces([])
        list.load()
        await list.idle()
        #expect(list.rowCount == 1)
        #expect(list.row(at: 0) == .empty("No cafés within 2 km", remedy: .widenRadius))
        list.open(at: 0)
        #expect(navigator.recorded.isEmpty, "an empty row cannot be opened")

        for _ in 0..<10 { list.widenRadius() }
        await list.idle()
        #expect(list.radius.value == 50_000)
        #expect(list.row(at: 0) == .empty("No cafés within 50 km", remedy: nil))
        #expect(list.status.value == .info("The search already reaches 50 km — the widest it goes."))
    }

    // MARK: Radius

    @Test func plusAndMinusWidenAndNarrowTheRadius() async {
        list.load()
        await list.idle()
        #expect(!names().contains("Far Café"))
        list.widenRadius()
        #expect(list.radius.value == 5_000)
        await list.idle()
        #expect(names().last == "Far Café")
        #expect(list.title.value == "Cafés · 5 within 5 km · by distance")
        #expect(await provider.pageCalls.last?.query.radius == 5_000)

        list.narrowRadius()
        list.narrowRadius()
        await list.idle()
        #expect(list.radius.value == 1_000)
        #expect(names() == ["Café Amadeus", "Café Sonne", "Édith's Bar", "Zeitgeist"])
        list.narrowRadius()
        list.narrowRadius()
        list.narrowRadius()
        await list.idle()
        #expect(list.radius.value == 250)
        #expect(names() == ["Café Amadeus"])
        #expect(list.status.value == .info("The search is already as narrow as it goes (250 m)."))
    }

    // MARK: Paging

    @Test func theStoreCountsWhileTheFirstPageLoadsAndTheNumberWaitsForTheRows() async {
        let many = (0..<250).map { PlacesSamples.place("m\($0)", "Place \($0)", north: Double($0) * 5) }
        await provider.setPlaces(many)
        await provider.hold(.page)
        await provider.hold(.count)
        list.load()
        // Both asked at once; the count answers first.
        await provider.waitUntilHeld(.page)
        await provider.waitUntilHeld(.count)
        await provider.release(.count)
        #expect(list.title.value == "Cafés · within 2 km · by distance", "no number before the rows")
        await provider.release(.page)
        await list.idle()
        #expect(list.title.value == "Cafés · 250 within 2 km · by distance")
        #expect(await provider.countCalls == 1)
    }

    @Test func pagesLoadWhenTheEndIsReachedWithALoadingRowAtTheBottom() async {
        let many = (0..<250).map { PlacesSamples.place("m\($0)", "Place \($0)", north: Double($0) * 5) }
        await provider.setPlaces(many)
        list.load()
        await list.idle()
        #expect(list.rowCount == 101)
        #expect(list.heldPlaceCount == 100)
        #expect(list.title.value == "Cafés · 250 within 2 km · by distance", "the count comes from the provider")

        await provider.hold(.page)
        #expect(list.row(at: 100) == .moreLoading("Loading more cafés…"))
        #expect(!list.isLoading.value, "asking for a row loads nothing")
        list.show(rows: 90..<101)
        #expect(list.isLoading.value, "showing the last rows loads the next page")
        await provider.release(.page)
        await list.idle()
        #expect(list.rowCount == 201)
        #expect(placeRow(150)?.name == "Place 150")
        await provider.stopHolding(.page)
        list.show(rows: 190..<191)
        await list.idle()
        #expect(list.rowCount == 250, "the last page leaves no loading row")
        #expect(placeRow(249)?.name == "Place 249")
        #expect(list.cachedRowCount <= 54,
                "row models only for the rows shown (40 at first, then 90-100 and 190) and the 2 asked for")
        let cursors = await provider.pageCalls.map(\.cursor?.token)
        #expect(cursors == [nil, "100", "200"])
    }

    /// `row(at:)` is a lookup: asking for every row (as drawing does) fetches no page.
    @Test func askingForEveryRowFetchesNoPage() async {
        await provider.setPlaces((0..<250).map { PlacesSamples.place("m\($0)", "Place \($0)", north: Double($0)) })
        list.load()
        await list.idle()
        let calls = await provider.pageCalls.count
        for index in 0..<list.rowCount { _ = list.row(at: index) }
        await list.idle()
        #expect(await provider.pageCalls.count == calls)
        #expect(list.rowCount == 101)
    }

    /// Showing rows within `prefetchDistance` of the end of a page fetches the next one; rows further up do not.
    @Test func showingRowsNearTheEndOfAPageFetchesTheNext() async {
        await provider.setPlaces((0..<250).map { PlacesSamples.place("m\($0)", "Place \($0)", north: Double($0)) })
        list.load()
        await list.idle()
        list.show(rows: 40..<79)
        await list.idle()
        #expect(await provider.pageCalls.count == 1)
        list.show(rows: 80..<100)
        await list.idle()
        #expect(await provider.pageCalls.map(\.cursor?.token) == [nil, "100"])
        #expect(list.rowCount == 201)
    }

    @Test func aFailedPageShowsAnErrorRowAtTheBottomThatRetries() async {
        await provider.setPlaces((0..<150).map { PlacesSamples.place("m\($0)", "Place \($0)", north: Double($0)) })
        list.load()
        await list.idle()
        await provider.failMore(with: .network("offline"))
        list.show(rows: 100..<101)
        await list.idle()
        #expect(list.row(at: 100) == .error("Loading failed, check network connection"))
        #expect(list.rowCount == 101)

        await provider.failMore(with: nil)
        list.retry()
        await list.idle()
        #expect(list.rowCount == 150)
    }

    // MARK: Sorts and layout

    @Test func withoutRatingsInTheSourceTheOrderByRatingIsNotOffered() async {
        let provider = PagingPlacesProvider(places: PlacesSamples.cafes)
        let context = PlacesContext(provider: provider, navigator: navigator, here: PlacesSamples.here,
                                    timeZone: PlacesSamples.utc, sourceHasRatings: false)
        let osm = PlacesListViewModel(subject: .category(.cafe), context: context)
        osm.load()
        await osm.idle()
        var seen: [PlacesSortOrder] = []
        for _ in 0..<3 {
            osm.cycleSort()
            seen.append(osm.sortOrder.value)
        }
        #expect(seen == [.name, .openFirst, .distance])
    }

    @Test func sortCyclesThroughNameRatingAndOpenFirstWithoutRefetchingACompleteResult() async {
        list.load()
        await list.idle()
        let callsBefore = await provider.pageCalls.count

        list.cycleSort()
        #expect(list.sortOrder.value == .name)
        #expect(list.title.value == "Cafés · 4 within 2 km · by name")
        #expect(names() == ["Café Amadeus", "Café Sonne", "Édith's Bar", "Zeitgeist"],
                "accents fold: É sorts with E")

        list.cycleSort()
        #expect(list.sortOrder.value == .rating)
        #expect(names() == ["Café Amadeus", "Zeitgeist", "Édith's Bar", "Café Sonne"],
                "equal ratings: more ratings first; unrated last")

        list.cycleSort()
        #expect(list.sortOrder.value == .openFirst)
        #expect(list.title.value.hasSuffix("· open first"))
        #expect(names() == ["Café Amadeus", "Zeitgeist", "Café Sonne", "Édith's Bar"],
                "open, then unknown, then closed; each by distance")

        list.cycleSort()
        #expect(list.sortOrder.value == .distance)
        #expect(names() == ["Café Amadeus", "Café Sonne", "Édith's Bar", "Zeitgeist"])
        #expect(await provider.pageCalls.count == callsBefore)
    }

    /// The walkthrough's P3: `G` goes to the list's real end, not the end of the pages loaded so far.
    @Test func selectLastLoadsToTheRealEnd() async {
        let many = (0..<500).map { PlacesSamples.place("g\($0)", "Place \($0)", north: Double($0) * 3) }
        await provider.setPlaces(many)
        list.load()
        await list.idle()
        #expect(list.heldPlaceCount < 500, "the first page holds only part of the list")
        list.selectLast()
        await list.idle()
        #expect(list.heldPlaceCount == 500)
        #expect(list.selection.value == 499)
        #expect(placeRow(499)?.name == "Place 499")
    }

    /// The walkthrough's P3: `s` keeps the selected place selected, wherever the order puts it.
    @Test func sortingKeepsTheSelectedPlace() async {
        list.load()
        await list.idle()
        list.select(3)
        #expect(names()[list.selection.value] == "Zeitgeist")
        for _ in 0..<4 {
            list.cycleSort()
            #expect(names()[list.selection.value] == "Zeitgeist", "\(list.sortOrder.value)")
        }
    }

    @Test func otherOrdersSortTheNearestBoundedResultAndSayHowMany() async {
        let many = (0..<2_600).map { index in
            PlacesSamples.place("m\(index)", "Name \(String(format: "%04d", 2_600 - index))", north: Double(index) * 0.7)
        }
        await provider.setPlaces(many)
        list.load()
        await list.idle()
        list.cycleSort()
        await list.idle()
        #expect(list.heldPlaceCount == PlacesListViewModel.sortedLimit)
        #expect(list.rowCount == 2_000, "no paging past the bound")
        #expect(list.title.value == "Cafés · nearest 2,000 of 2,600 within 2 km · by name")
        #expect(placeRow(0)?.name == "Name 0601", "the nearest 2,000 are numbered 2,600 down to 601")
        let limits = await provider.pageCalls.dropFirst().map(\.query.limit)
        #expect(limits == [500, 500, 500, 500])

        list.cycleSort()
        #expect(list.title.value == "Cafés · nearest 2,000 of 2,600 within 2 km · by rating")
        list.cycleSort()
        list.cycleSort()
        await list.idle()
        #expect(list.sortOrder.value == .distance)
        #expect(list.rowCount == 101, "distance order pages again")
    }

    @Test func layoutSwitchesBetweenCompactAndDetailed() {
        #expect(list.layout.value == .compact)
        list.toggleLayout()
        #expect(list.layout.value == .detailed)
        list.toggleLayout()
        #expect(list.layout.value == .compact)
    }

    // MARK: Filter

    @Test func filterIsCaseAndAccentInsensitiveOverNameAndSubtitle() async {
        list.load()
        await list.idle()
        list.setFilter("CAFE")
        await list.idle()
        #expect(names() == ["Café Amadeus", "Café Sonne"])
        #expect(list.title.value == "Cafés · 2 matching “CAFE” within 2 km · by distance")
        list.setFilter("market")
        await list.idle()
        #expect(names() == ["Café Sonne"], "the subtitle (a café's street) matches too")
        list.setFilter("xyz")
        await list.idle()
        #expect(list.row(at: 0) == .empty("No cafés match “xyz” within 2 km", remedy: .widenRadius))
        list.setFilter("")
        await list.idle()
        #expect(names().count == 4)
    }

    @Test func clearingTheFilterShowsTheListAsItWasWithoutLoadingIt() async {
        list.load()
        await list.idle()
        list.select(2)
        let before = names(), title = list.title.value, calls = await provider.pageCalls.count
        list.setFilter("son")
        await list.idle()
        #expect(names() == ["Café Sonne"])
        list.setFilter("")
        await list.idle()
        #expect(names() == before)
        #expect(list.title.value == title)
        #expect(list.selection.value == 2)
        #expect(await provider.pageCalls.count == calls + 1, "only the filtered list was loaded")
    }

    @Test func aWiderRadiusWhileFilteredLoadsTheUnfilteredListAgain() async {
        list.load()
        await list.idle()
        list.setFilter("son")
        await list.idle()
        list.widenRadius()
        await list.idle()
        let calls = await provider.pageCalls.count
        list.setFilter("")
        await list.idle()
        #expect(await provider.pageCalls.count == calls + 1)
        #expect(await provider.pageCalls.last?.query.searchText == nil)
        #expect(await provider.pageCalls.last?.query.radius == list.radius.value)
    }

    @Test func aNewerFilterCancelsTheOlderAndItsResultIsDropped() async {
        list.load()
        await list.idle()
        await provider.hold(.page)
        list.setFilter("s")
        list.setFilter("so")
        await provider.waitUntilHeld(.page, count: 2)
        await provider.releasePage(searching: "so")
        await list.idle()
        #expect(names() == ["Café Sonne"])
        await provider.releasePage(searching: "s")
        await list.drained()
        #expect(names() == ["Café Sonne"], "the stale result for “s” is dropped")
        #expect(list.filter.value == "so")
    }

    @Test func aSearchListCombinesItsTextWithTheFilter() async {
        let search = PlacesListViewModelTests(places: PlacesSamples.cafes, subject: .search("café"))
        search.list.load()
        await search.list.idle()
        #expect(search.names() == ["Café Amadeus", "Café Sonne"])
        #expect(search.list.title.value == "“café” · 2 within 2 km · by distance")
        search.list.setFilter("son")
        await search.list.idle()
        #expect(search.names() == ["Café Sonne"])
        #expect(await search.provider.pageCalls.last?.query.searchText == "café son")
    }

    // MARK: Selection, navigation, closing

    @Test func openingAPlaceRowPushesItsDetail() async {
        list.load()
        await list.idle()
        list.open(at: 2)
        guard case .push(.placeDetail(let detail))? = navigator.recorded.last else {
            Issue.record("expected a pushed place detail")
            return
        }
        #expect(detail.placeID == PlacesSamples.edith.id)
        #expect(detail.title.value == "Édith's Bar")
    }

    @Test func selectionStaysInRangeAndFilteringResetsIt() async {
        list.load()
        await list.idle()
        list.select(99)
        #expect(list.selection.value == 3)
        list.setFilter("son")
        await list.idle()
        #expect(list.selection.value == 0)
    }

    @Test func resultsForAClosedScreenAreDropped() async {
        await provider.hold(.page)
        list.load()
        await provider.waitUntilHeld(.page)
        list.close()
        #expect(!list.isLoading.value)
        await provider.release(.page)
        await list.drained()
        #expect(list.row(at: 0) == .loading("Loading cafés within 2 km…"))
        list.refresh()
        list.widenRadius()
        #expect(await provider.pageCalls.count == 1, "nothing starts after close")
    }

    @Test func aFailedRefreshKeepsTheRowsAndSaysWhy() async {
        list.load()
        await list.idle()
        await provider.fail(.page, with: .network("down"))
        list.refresh()
        await list.idle()
        #expect(names().count == 4)
        #expect(list.status.value == .error("Loading failed, check network connection"))
    }

    // MARK: Time

    @Test func openStatesChangeWhenTheClockPassesAndNextRefreshSaysWhen() async {
        list.load()
        await list.idle()
        // Amadeus closes at 18:00 (its row counts the minutes from 17:01); Édith's opens Friday; the others
        // never change (unknown, 24/7).
        #expect(list.nextRefresh.value == PlacesSamples.instant("2026-03-02T17:01:00Z"))

        clock.set(PlacesSamples.instant("2026-03-02T18:00:00Z"))
        let revision = list.rowsRevision.value
        list.timeDidPass()
        #expect(list.rowsRevision.value > revision)
        #expect(placeRow(0)?.openState == "closed · opens Tu 08:00")
        #expect(placeRow(0)?.openness == .closed)
        #expect(list.nextRefresh.value == PlacesSamples.instant("2026-03-03T00:00:00Z"),
                "at midnight “Tu 08:00” becomes “08:00”")

        clock.set(PlacesSamples.instant("2026-03-03T00:00:00Z"))
        list.timeDidPass()
        #expect(placeRow(0)?.openState == "closed · opens 08:00")
        #expect(list.nextRefresh.value == PlacesSamples.instant("2026-03-03T07:01:00Z"), "“opens in 59 min”")
    }

    /// A scroll looks up only the rows it brings in; the refresh still follows exactly the rows shown, as the
    /// window slides down and back up a row at a time.
    @Test func nextRefreshFollowsAWindowScrolledARowAtATime() async {
        list.load()
        await list.idle()
        let amadeus = PlacesSamples.instant("2026-03-02T17:01:00Z")
        let midnight = PlacesSamples.instant("2026-03-03T00:00:00Z")
        let windows: [(rows: Range<Int>, refresh: Date?)] = [
            (0..<2, amadeus), (1..<3, midnight), (2..<4, midnight), (3..<5, nil), (2..<4, midnight),
            (1..<3, midnight), (0..<2, amadeus), (1..<2, nil), (0..<1, amadeus),
        ]
        for window in windows {
            list.show(rows: window.rows)
            #expect(list.nextRefresh.value == window.refresh, "rows \(window.rows)")
        }
    }

    @Test func nextRefreshCoversOnlyTheVisibleRowsAndIsNilWhenNothingChanges() async {
        list.load()
        await list.idle()
        list.show(rows: 1..<2)
        #expect(list.nextRefresh.value == nil, "Café Sonne has no hours: nothing to wake up for")
        list.show(rows: 3..<4)
        #expect(list.nextRefresh.value == nil, "24/7 never changes")
        list.show(rows: 2..<3)
        #expect(list.nextRefresh.value == PlacesSamples.instant("2026-03-03T00:00:00Z"))
        list.close()
        #expect(list.nextRefresh.value == nil)
    }

    @Test func openFirstReordersAsPlacesOpenAndCloseKeepingTheSelectedPlace() async {
        list.load()
        await list.idle()
        list.setSortOrder(.openFirst)
        list.select(1)
        #expect(placeRow(1)?.name == "Zeitgeist")
        clock.set(PlacesSamples.instant("2026-03-02T18:30:00Z"))
        list.timeDidPass()
        #expect(names() == ["Zeitgeist", "Café Sonne", "Café Amadeus", "Édith's Bar"])
        #expect(list.selection.value == 0, "the selection follows Zeitgeist")
    }
}

@MainActor
struct RouteTableTests {
    @Test func routesBecomePlacesScreensAroundTheirCentre() async {
        let provider = PagingPlacesProvider(places: PlacesSamples.cafes)
        let context = PlacesContext(provider: provider, navigator: Navigator(), here: PlacesSamples.offset(north: 50_000),
                                    timeZone: PlacesSamples.utc)
        let table = RouteTable(places: context, friends: FriendsContext(repository: FakeFriendsRepository(friends: []),
                                                                        navigator: context.navigator))
        let request = PlacesListRequest(center: PlacesSamples.here, radius: 1_000, category: .cafe)
        guard case .placesList(let list)? = table.screen(for: .placesList(request)) else {
            Issue.record("expected a places list")
            return
        }
        #expect(list.subject == .category(.cafe))
        #expect(list.radius.value == 1_000)
        list.load()
        await list.idle()
        #expect(list.rowCount == 4, "measured from the request's centre, not the context's")

        let search = PlacesListViewModel(request: PlacesListRequest(center: PlacesSamples.here, radius: 2_000,
                                                                    searchText: "sonne"), context: context)
        #expect(search.subject == .search("sonne"))

        let hit = PagingPlacesProvider.hit(PlacesSamples.zeit, from: PlacesSamples.here)
        guard case .placeDetail(let detail)? = table.screen(for: .placeDetail(
            PlaceDetailRequest(hit: hit, center: PlacesSamples.here, radius: 2_000))) else {
            Issue.record("expected a place detail")
            return
        }
        #expect(detail.lines.value.first { $0.label == "Distance" }?.value == "900 m N")

        guard case .favourites? = table.screen(for: .favourites(near: PlacesSamples.here)) else {
            Issue.record("expected the favourites")
            return
        }
        #expect(table.screen(for: .regions) == nil, "no regions' work: no Regions screen")
    }
}

/// A list far from the computer's clock reads each place's hours on the place's own.
@MainActor
struct PlacesListOwnClockTests {
    @Test func rowsShowThePlacesOwnClock() async throws {
        let provider = PagingPlacesProvider(places: [PlacesSamples.amadeus])
        // Monday 17:00 UTC is Tuesday 02:00 in Tokyo: Amadeus (Mo-Fr 08:00-18:00) there is closed until 08:00.
        let tokyo = PlaceZones(fallback: .utc) { _ in "Asia/Tokyo" }
        let context = PlacesContext(provider: provider, navigator: Navigator(), here: PlacesSamples.here,
                                    timeZone: PlacesSamples.utc, zones: tokyo,
                                    now: { PlacesSamples.instant("2026-03-02T17:00:00Z") })
        let list = PlacesListViewModel(subject: .category(.cafe), context: context)
        list.load()
        await list.idle()
        guard case .place(let row) = list.row(at: 0) else { Issue.record("no place row"); return }
        #expect(row.openState == "closed · opens 08:00")
        #expect(context.timeZone.identifier == "Asia/Tokyo", "typed times are read on here's clock")
    }
}
