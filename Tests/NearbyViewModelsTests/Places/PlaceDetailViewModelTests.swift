import Foundation
import Testing
import NearbyCore
@testable import NearbyViewModels

@MainActor
struct PlaceDetailViewModelTests {
    let provider: PagingPlacesProvider
    let favourites: FakeFavouritesStore
    let friends: FakeFriendsRepository
    let navigator = Navigator()
    let clock: ManualClock
    let context: PlacesContext

    static let full = Place(
        id: PlaceID(source: .demo, sourceID: "full"), name: "Café \u{1B}[31mAmadeus", category: .cafe,
        coordinate: PlacesSamples.offset(north: 120),
        address: Address(street: "Market Square", houseNumber: "12", postcode: "0100", city: "Demo town"),
        phone: "+99 555 0101", website: "https://example.org/amadeus", email: "hello@example.org",
        openingHours: .osm("Mo-Fr 08:00-18:00; Sa 09:00-12:00"), cuisine: "coffee_shop;cake", wheelchair: "limited",
        operatorName: "Amadeus GmbH", rating: 4.5, ratingCount: 1_234, priceLevel: 2, attribution: "Demo data")

    static let mira = Friend(id: 1, firstName: "Mira", lastName: "Halden", phoneNumber: "+99 555 0110",
                             coordinate: PlacesSamples.offset(north: 1_120))
    static let oskar = Friend(id: 2, firstName: "Oskar", lastName: "Brenner", phoneNumber: "+99 555 0111",
                              coordinate: PlacesSamples.offset(north: 620))
    static let faraway = Friend(id: 3, firstName: "Lena", lastName: "Sorrel", phoneNumber: "+99 555 0112",
                                coordinate: PlacesSamples.offset(north: 40_000))
    static let nowhere = Friend(id: 4, firstName: "Jonas", lastName: "Amsel", phoneNumber: "+99 555 0113",
                                placeName: "Millbrook")

    init(places: [Place] = [full] + PlacesSamples.cafes, at instant: String = "2026-03-02T17:00:00Z",
         friends: [Friend] = [mira, oskar, faraway, nowhere], favourite: Bool = false) {
        provider = PagingPlacesProvider(places: places)
        favourites = FakeFavouritesStore(saved: favourite ? [Self.full.id] : [])
        self.friends = FakeFriendsRepository(friends: friends)
        let clock = ManualClock(PlacesSamples.instant(instant))
        self.clock = clock
        context = PlacesContext(provider: provider, favourites: favourites, friends: self.friends, navigator: navigator,
                                here: PlacesSamples.here, timeZone: PlacesSamples.utc, now: { clock.now() })
    }

    init() {
        self.init(places: [Self.full] + PlacesSamples.cafes)
    }

    private func detail(_ place: Place = full) -> PlaceDetailViewModel {
        PlaceDetailViewModel(hit: PagingPlacesProvider.hit(place, from: PlacesSamples.here), context: context)
    }

    // MARK: Card

    @Test func everyFieldTheSourceHasIsALineSafeToDraw() {
        let model = detail()
        #expect(model.title.value == "Café \u{FFFD}[31mAmadeus")
        #expect(model.lines.value == [
            PlaceDetailLine(label: "Category", value: "Café"),
            PlaceDetailLine(label: "Distance", value: "120 m N"),
            PlaceDetailLine(label: "Address", value: "Market Square 12, 0100 Demo town"),
            PlaceDetailLine(label: "Coordinates", value: "47.00108, 8.00000", link: "geo:47.00108,8.00000"),
            PlaceDetailLine(label: "Phone", value: "+99 555 0101", kind: .phone, link: "tel:+995550101"),
            PlaceDetailLine(label: "Website", value: "https://example.org/amadeus", kind: .website,
                            link: "https://example.org/amadeus"),
            PlaceDetailLine(label: "E-mail", value: "hello@example.org", kind: .email, link: "mailto:hello@example.org"),
            PlaceDetailLine(label: "Cuisine", value: "coffee shop, cake"),
            PlaceDetailLine(label: "Wheelchair", value: "Partly accessible"),
            PlaceDetailLine(label: "Rating", value: "4.5 ★ from 1,234 ratings"),
            PlaceDetailLine(label: "Price", value: "Moderate"),
            PlaceDetailLine(label: "Operator", value: "Amadeus GmbH"),
        ])
        #expect(model.attribution.value == "Demo data")
        #expect(model.map.value.place.coordinate == Self.full.coordinate)
        #expect(model.map.value.here == MapMarker(coordinate: PlacesSamples.here, label: "You", kind: .here))
    }

    @Test func aWebsiteWithoutASchemeIsLinkedOverHTTPSAndCopyTakesTheAddress() {
        var place = PlacesSamples.sonne
        place.website = "www.sonne.example"
        let model = detail(place)
        #expect(model.lines.value.first { $0.kind == .website }?.link == "https://www.sonne.example")
        #expect(model.copyText == model.lines.value.first { $0.label == "Address" }?.value)
        #expect(model.geoText?.hasPrefix("geo:") == true)
    }

    @Test func aPlaceWithFewFieldsHasFewLines() {
        let model = detail(PlacesSamples.sonne)
        #expect(model.lines.value.map(\.label) == ["Category", "Distance", "Address", "Coordinates"])
        #expect(model.hours.value == nil)
        #expect(model.nextRefresh.value == nil)
    }

    @Test func theSourcesDetailsReplaceWhatTheListKnew() async {
        var richer = PlacesSamples.amadeus
        richer.phone = "+99 555 0199"
        await provider.setDetails(richer)
        let model = detail(PlacesSamples.amadeus)
        #expect(!model.lines.value.contains { $0.label == "Phone" })
        model.load()
        await model.idle()
        #expect(model.lines.value.contains(PlaceDetailLine(label: "Phone", value: "+99 555 0199", kind: .phone,
                                                           link: "tel:+995550199")))
        #expect(!model.isLoading.value)
    }

    @Test func failedDetailsKeepTheCardAndSayWhy() async {
        await provider.fail(.place, with: .notFound)
        let model = detail()
        model.load()
        await model.idle()
        #expect(model.status.value == .error("This place is no longer known to the source."))
        #expect(model.lines.value.count == 12)
    }

    // MARK: Hours

    @Test func aPlaceOnAnotherClockIsReadOnItAndSaysItsLocalTime() {
        // Monday 17:00 UTC is Tuesday 02:00 in Tokyo, where the computer's UTC is nine hours behind.
        var context = self.context
        context.zones = PlaceZones(fallback: .utc) { _ in "Asia/Tokyo" }
        let model = PlaceDetailViewModel(hit: PagingPlacesProvider.hit(Self.full, from: PlacesSamples.here),
                                         context: context)
        #expect(model.hours.value?.now == "Closed · opens 08:00 · 02:00 local")
        #expect(model.hours.value?.week.first { $0.isToday }?.day == "Tu")
        // The local clock's next minute comes before the opening.
        #expect(model.nextRefresh.value == PlacesSamples.instant("2026-03-02T17:01:00Z"))
    }

    @Test(arguments: [
        // Within the last hour the words count the minutes: "closes in 59 min" from 17:01.
        ("2026-03-02T17:00:00Z", "Open · closes 18:00", OpeningState.open, "2026-03-02T17:01:00Z"),
        ("2026-03-02T19:00:00Z", "Closed · opens tomorrow 08:00", .closed, "2026-03-03T00:00:00Z"),
        ("2026-03-03T06:00:00Z", "Closed · opens 08:00", .closed, "2026-03-03T07:01:00Z"),
        ("2026-03-07T13:00:00Z", "Closed · opens Mo 08:00", .closed, "2026-03-08T00:00:00Z"),
    ])
    func theStateNowAndWhenItNextChanges(instant: String, text: String, state: OpeningState, next: String) {
        let test = PlaceDetailViewModelTests(at: instant)
        let model = test.detail()
        #expect(model.hours.value?.now == text)
        #expect(model.hours.value?.state == state)
        #expect(model.nextRefresh.value == PlacesSamples.instant(next))
    }

    @Test func theWeekMarksTodayAndMovesAtMidnight() {
        let test = PlaceDetailViewModelTests(at: "2026-03-03T23:00:00Z")
        let model = test.detail()
        #expect(model.hours.value?.week == [
            OpeningWeekRow(day: "Mo", hours: "08:00-18:00", isToday: false),
            OpeningWeekRow(day: "Tu", hours: "08:00-18:00", isToday: true),
            OpeningWeekRow(day: "We", hours: "08:00-18:00", isToday: false),
            OpeningWeekRow(day: "Th", hours: "08:00-18:00", isToday: false),
            OpeningWeekRow(day: "Fr", hours: "08:00-18:00", isToday: false),
            OpeningWeekRow(day: "Sa", hours: "09:00-12:00", isToday: false),
            OpeningWeekRow(day: "Su", hours: "closed", isToday: false),
        ])
        #expect(model.nextRefresh.value == PlacesSamples.instant("2026-03-04T00:00:00Z"))
        test.clock.set(PlacesSamples.instant("2026-03-04T00:00:00Z"))
        model.timeDidPass()
        #expect(model.hours.value?.week.first { $0.isToday }?.day == "We")
        #expect(model.hours.value?.now == "Closed · opens 08:00")
        #expect(model.nextRefresh.value == PlacesSamples.instant("2026-03-04T07:01:00Z"))
    }

    @Test func pastMidnightHoursCloseAfterMidnight() {
        // Saturday 01:00: Friday's 18:00-03:00 is still running.
        let test = PlaceDetailViewModelTests(at: "2026-03-07T01:00:00Z")
        let model = test.detail(PlacesSamples.edith)
        #expect(model.hours.value?.now == "Open · closes 03:00")
        #expect(model.nextRefresh.value == PlacesSamples.instant("2026-03-07T02:01:00Z"))
        #expect(model.hours.value?.week.first { $0.day == "Fr" }?.hours == "18:00-03:00")
    }

    @Test func unreadableHoursShowTheirTextAndNeverWakeTheScreen() {
        var place = PlacesSamples.amadeus
        place.openingHours = .osm("by appointment\u{1B}[2J, ring")
        let model = detail(place)
        #expect(model.hours.value?.now == "Hours could not be read: by appointment\u{FFFD}[2J, ring")
        #expect(model.hours.value?.week == [])
        #expect(model.nextRefresh.value == nil)
    }

    // MARK: Favourite

    @Test func favouriteGoesThroughSavingToSavedWithoutBlockingTheScreen() async throws {
        let model = detail()
        #expect(model.favourite.value == .checking)
        model.load()
        await model.idle()
        #expect(model.favourite.value == .normal(isFavourite: false))

        await favourites.hold()
        model.toggleFavourite()
        #expect(model.favourite.value == .saving(isFavourite: true))
        #expect(!model.isLoading.value, "the favourite has its own spinner")
        model.toggleFavourite()
        model.suggestMeetingPoints(with: Self.oskar.id)
        await favourites.release()
        await model.idle()
        #expect(model.favourite.value == .saved(isFavourite: true))
        #expect(model.status.value == .info("Saved to favourites"))
        #expect(await favourites.setCalls.count == 1, "a second f while saving does nothing")
        if case .found = model.meetingPoints.value {} else {
            Issue.record("meeting points ran while the favourite was saving: \(model.meetingPoints.value)")
        }

        await favourites.stopHolding()
        model.toggleFavourite()
        await model.idle()
        #expect(model.favourite.value == .saved(isFavourite: false))
        #expect(try await favourites.favourites().isEmpty)
    }

    @Test func fPressedBeforeTheStoreHasAnsweredIsCarriedOutOnceItHas() async throws {
        let model = detail()
        model.load()
        #expect(model.favourite.value == .checking)
        model.toggleFavourite()
        await model.idle()
        #expect(model.favourite.value == .saved(isFavourite: true))
        #expect(model.status.value == .info("Saved to favourites"))
        #expect(await favourites.setCalls.map(\.1) == [true])

        // Twice before the answer: the second press takes the first back, and nothing is saved.
        let again = detail()
        again.load()
        again.toggleFavourite()
        again.toggleFavourite()
        await again.idle()
        #expect(again.favourite.value == .normal(isFavourite: true))
        #expect(await favourites.setCalls.count == 1)
    }

    @Test func aFailedFavouriteSaysWhyAndFRetriesTheSameChange() async {
        let test = PlaceDetailViewModelTests(favourite: true)
        let model = test.detail()
        model.load()
        await model.idle()
        #expect(model.favourite.value == .normal(isFavourite: true))
        await test.favourites.fail(with: .storage("disk full"))
        model.toggleFavourite()
        await model.idle()
        #expect(model.favourite.value == .failed(message: "Could not remove the favourite: disk full.", wanted: false))

        await test.favourites.fail(with: nil)
        model.toggleFavourite()
        await model.idle()
        #expect(model.favourite.value == .saved(isFavourite: false))
        #expect(await test.favourites.setCalls.map(\.1) == [false, false])
    }

    @Test func withoutAFavouritesStoreTheActionIsUnavailable() {
        var context = context
        context.favourites = nil
        let model = PlaceDetailViewModel(hit: PagingPlacesProvider.hit(Self.full, from: PlacesSamples.here),
                                         context: context)
        #expect(model.favourite.value == .unavailable)
        model.toggleFavourite()
        #expect(model.favourite.value == .unavailable)
    }

    // MARK: Map, friends, meeting points

    @Test func theMapShowsTheNearestNeighboursButNotThePlaceItself() async {
        let crowd = (0..<12).map { PlacesSamples.place("n\($0)", "N\($0)", north: 120 + Double($0 + 1) * 10) }
        let test = PlaceDetailViewModelTests(places: [Self.full] + crowd)
        let model = test.detail()
        model.load()
        await model.idle()
        #expect(model.map.value.neighbours.map(\.label) == (0..<8).map { "N\($0)" })
        #expect(model.map.value.neighbours.allSatisfy { $0.kind == .neighbour })
    }

    @Test func friendsNearThePlaceByDistanceWithoutThoseFarOrWithoutLocation() async {
        let model = detail()
        model.load()
        await model.idle()
        #expect(model.friendsNearby.value == [
            NearbyFriendRow(id: 2, name: "Oskar Brenner", distance: "500 m N"),
            NearbyFriendRow(id: 1, name: "Mira Halden", distance: "1.0 km N"),
        ])
        #expect(model.map.value.friends.map(\.label) == ["Oskar Brenner", "Mira Halden"])
    }

    @Test func meetingPointsAreOpenNowAndNearestToBoth() async {
        let model = detail()
        model.load()
        await model.idle()
        model.suggestMeetingPoints(with: Self.mira.id)
        #expect(model.meetingPoints.value == .loading(friend: "Mira"))
        await model.idle()
        // From the café on screen (120 m north) to Mira (1,120 m north): cafés around 620 m north. This café,
        // Amadeus beside it and Zeitgeist (900 m) are open on the way, all 1 km of walking for the two together;
        // Sonne's hours are unknown and Édith's Bar is closed.
        guard case .found(let friend, let rows) = model.meetingPoints.value else {
            Issue.record("expected meeting points, got \(model.meetingPoints.value)")
            return
        }
        #expect(friend == "Mira")
        #expect(rows.map(\.name) == ["Café \u{FFFD}[31mAmadeus", "Café Amadeus", "Zeitgeist"])
        #expect(rows.first?.distances == "right here · Mira 1.0 km")
        #expect(rows.last?.distances == "here 780 m · Mira 220 m")
        #expect(rows.first?.openState == "open · until 18:00")
        let query = await provider.pageCalls.last?.query
        #expect(query?.category == .cafe)
        #expect((query?.center.distance(to: PlacesSamples.offset(north: 620)) ?? 99) < 1)

        model.openMeetingPoint(at: 2)
        guard case .push(.placeDetail(let opened))? = navigator.recorded.last else {
            Issue.record("expected a pushed detail")
            return
        }
        #expect(opened.placeID == PlacesSamples.zeit.id)
        #expect(opened.lines.value.first { $0.label == "Distance" }?.value == "900 m N")
    }

    /// The walkthrough's P2 5: meeting points follow `t`, as the place's hours do.
    @Test func meetingPointsFollowTheChosenTime() async {
        let time = EvaluationTime(clock: { [clock] in clock.now() }, zone: PlacesSamples.utc)
        var context = self.context
        context.evaluationTime = time
        context.now = { time.source.now() }
        let model = PlaceDetailViewModel(hit: PagingPlacesProvider.hit(Self.full, from: PlacesSamples.here),
                                         context: context)
        model.load()
        await model.idle()
        model.suggestMeetingPoints(with: Self.mira.id)
        await model.idle()
        guard case .found(_, let before) = model.meetingPoints.value else { Issue.record("no meeting points"); return }
        #expect(before.map(\.name).contains("Café Amadeus"))
        time.choose("Sa 22:00")
        guard case .found(_, let after) = model.meetingPoints.value else {
            Issue.record("expected meeting points on Saturday night, got \(model.meetingPoints.value)")
            return
        }
        // The weekday cafés are closed on Saturday night; the 24/7 one is still there.
        #expect(!after.map(\.name).contains("Café Amadeus"))
        #expect(after.map(\.name).contains("Zeitgeist"))
        #expect(model.hours.value?.now.hasPrefix("Closed") == true)
        time.returnToNow()
        guard case .found(_, let again) = model.meetingPoints.value else { Issue.record("lost"); return }
        #expect(again.map(\.name) == before.map(\.name))
        model.close()
    }

    @Test func meetingPointsSayWhenTheyCannotBeFound() async {
        let model = detail()
        model.load()
        await model.idle()
        model.suggestMeetingPoints(with: Self.nowhere.id)
        await model.idle()
        #expect(model.meetingPoints.value == .empty("Jonas has no location to meet halfway."))

        clock.set(PlacesSamples.instant("2026-03-03T03:30:00Z"))
        model.suggestMeetingPoints(with: Self.oskar.id)
        await model.idle()
        #expect(model.meetingPoints.value == .empty("No cafés open now between here and Oskar."),
                "at 03:30 only the 24/7 café is open, and it is not near the middle of the way")

        await provider.fail(.page, with: .network("down"))
        model.suggestMeetingPoints(with: Self.oskar.id)
        await model.idle()
        #expect(model.meetingPoints.value == .failed(message: "Loading failed, check network connection"))
        model.clearMeetingPoints()
        #expect(model.meetingPoints.value == .none)
    }

    @Test func fromAnATMTheSuggestionsAreSomewhereToMeetNotToiletsOrFuel() async {
        let atm = PlacesSamples.place("atm", "Bank ATM", .atm, north: 0, hours: "24/7")
        let toilets = PlacesSamples.place("wc", "Public Toilets", .toilets, north: 560, hours: "24/7")
        let fuel = PlacesSamples.place("fuel", "FuelPoint", .fuel, north: 600, hours: "24/7")
        let bistro = PlacesSamples.place("bistro", "Bistro Willow", .restaurant, north: 580, hours: "24/7")
        await provider.setPlaces([atm, toilets, fuel, bistro])
        let model = detail(atm)
        model.load()
        await model.idle()
        model.suggestMeetingPoints(with: Self.mira.id)
        await model.idle()
        guard case .found(_, let rows) = model.meetingPoints.value else {
            Issue.record("expected meeting points, got \(model.meetingPoints.value)")
            return
        }
        #expect(rows.map(\.name) == ["Bistro Willow"])
    }

    @Test func theTickOfASavedFavouriteGoesWithItsMessage() async {
        let model = detail()
        model.load()
        await model.idle()
        model.toggleFavourite()
        await model.idle()
        #expect(model.favourite.value == .saved(isFavourite: true))
        model.dismissStatus()
        #expect(model.favourite.value == .normal(isFavourite: true))
    }

    @Test func anOperatorThatRepeatsTheNameIsLeftOut() {
        var llb = PlacesSamples.place("llb", "LLB AG", .atm, north: 10)
        llb.operatorName = "LLB AG"
        #expect(!detail(llb).lines.value.contains { $0.label == "Operator" })
        llb.operatorName = "Liechtensteinische Landesbank"
        #expect(detail(llb).lines.value.contains { $0.label == "Operator" && $0.value == "Liechtensteinische Landesbank" })
    }

    @Test func theMapCountsInTheUnitsOfTheSettings() {
        var imperial = context
        imperial.units = .imperial
        let model = PlaceDetailViewModel(hit: PagingPlacesProvider.hit(Self.full, from: PlacesSamples.here), context: imperial)
        #expect(model.map.value.units == .imperial)
        #expect(detail().map.value.units == .metric)
    }

    @Test func resultsForAClosedScreenAreDropped() async {
        await provider.hold(.place)
        var richer = Self.full
        richer.name = "Renamed"
        await provider.setDetails(richer)
        let model = detail()
        model.load()
        await provider.waitUntilHeld(.place)
        model.close()
        #expect(!model.isLoading.value)
        await provider.release(.place)
        await model.drained()
        #expect(model.title.value == "Café \u{FFFD}[31mAmadeus")
        #expect(model.nextRefresh.value == nil)
    }
}
