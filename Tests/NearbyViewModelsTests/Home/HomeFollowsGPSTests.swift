import Foundation
import NearbyCore
import Testing
@testable import NearbyViewModels

/// With `--near gps` Home stands where the GPS says: it loads again around a fix that has moved past the
/// tracker's threshold (not around one that jitters), and its header says how good the fix is.
@MainActor
struct HomeFollowsGPSTests {
    let provider = FakePlacesProvider(places: SampleTown.places)
    let clock = TestClock("2026-11-25 10:00")

    func home(tracker: HereTracker) -> HomeViewModel {
        let clock = clock
        var context = HomeContext(places: provider, friends: FakeFriendsRepository(friends: []), navigator: Navigator(),
                                  here: SampleTown.here, now: { clock.now }, timeZone: homeZone)
        context.hereTracker = tracker
        return HomeViewModel(context: context)
    }

    /// A fix `north` metres from the town's centre.
    static func fix(north: Double, accuracy: Double = 8) -> PositionUpdate {
        .fix(GPSFix(coordinate: SampleTown.place("gps", "", .park, north: north, east: 0).coordinate,
                    accuracy: accuracy, mode: .threeD))
    }

    @Test func movesPastTheThresholdReloadAroundTheNewPlaceAndTheHeaderShowsAccuracy() async {
        let source = ScriptedPositions()
        let tracker = HereTracker(source: source, fallback: SampleTown.center, fallbackName: "Vaduz")
        let home = home(tracker: tracker)
        #expect(home.header.value.gps == "GPS: waiting for gpsd")
        home.load()
        await home.idle()
        #expect(home.sections.value.first { $0.category == .cafe }?.content.value?.first?.name == "Café Amadeus")
        let before = await provider.calls.count

        tracker.apply(Self.fix(north: 0, accuracy: 8.2))
        await home.idle()
        #expect(home.header.value.gps == "GPS ±8 m")
        // The first fix is a move (here was only the fallback until then), at the same place here.
        let afterFirst = await provider.calls.count

        tracker.apply(Self.fix(north: 20, accuracy: 7.9))
        await home.idle()
        #expect(await provider.calls.count == afterFirst, "a fix 20 m away is jitter: nothing loads again")

        // 900 m north the nearest café is Café Fern, and the header names no town any more.
        tracker.apply(Self.fix(north: 900, accuracy: 24))
        await home.idle()
        #expect(await provider.calls.count > afterFirst)
        #expect(afterFirst >= before)
        #expect(home.header.value.gps == "GPS ±25 m")
        #expect(!home.header.value.location.contains("Vaduz"))
        #expect(home.sections.value.first { $0.category == .cafe }?.content.value?.first?.name == "Café Fern")
        #expect(home.hotPicks.value.pages.first { $0.category == .cafe }?.text.hasPrefix("Café Fern") == true)
        home.close()
    }

    @Test func withoutAFixTheHeaderSaysSoAndHomeStaysAtTheFallback() async {
        let source = ScriptedPositions()
        let tracker = HereTracker(source: source, fallback: SampleTown.center, fallbackName: "Vaduz")
        let home = home(tracker: tracker)
        home.load()
        await home.idle()
        tracker.apply(.noFix("mode 1"))
        await home.idle()
        #expect(home.header.value.gps == "GPS: no fix")
        #expect(home.header.value.location == "Vaduz (47.1410, 9.5209)")
        home.close()
    }

    @Test func withoutTheGPSTheHeaderHasNoGPSPart() async {
        let fixture = HomeFixture()
        await fixture.loaded()
        #expect(fixture.home.header.value.gps == nil)
    }
}
