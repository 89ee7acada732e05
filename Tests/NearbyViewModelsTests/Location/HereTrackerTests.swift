import Foundation
import NearbyCore
import Testing
@testable import NearbyViewModels

/// A position source the test feeds by hand; finishing it ends the tracker's loop.
final class ScriptedPositions: PositionSource, @unchecked Sendable {
    let stream: AsyncStream<PositionUpdate>
    let continuation: AsyncStream<PositionUpdate>.Continuation

    init() {
        (stream, continuation) = AsyncStream.makeStream(of: PositionUpdate.self)
    }

    func updates() -> AsyncStream<PositionUpdate> { stream }
}

@MainActor
struct HereTrackerTests {
    static let vaduz = Coordinate(latitude: 47.141, longitude: 9.5209)

    static func fix(north metres: Double, accuracy: Double? = 8) -> PositionUpdate {
        .fix(GPSFix(coordinate: Coordinate(latitude: vaduz.latitude + metres / 111_195, longitude: vaduz.longitude),
                    accuracy: accuracy, mode: .threeD))
    }

    @Test func followsTheFixButMovesOnlyPastTheThreshold() async {
        let source = ScriptedPositions()
        let tracker = HereTracker(source: source, fallback: Coordinate(latitude: 47.0, longitude: 9.5),
                                  fallbackName: "Vaduz")
        var headers: [String] = []
        let token = tracker.headerText.bind { headers.append($0) }
        tracker.start()
        source.continuation.yield(Self.fix(north: 0, accuracy: 8.2))
        source.continuation.yield(Self.fix(north: 10, accuracy: 7.9))   // jitter: no move, same header
        source.continuation.yield(Self.fix(north: 25, accuracy: 8.1))
        source.continuation.yield(Self.fix(north: 60, accuracy: 8.0))   // 60 m from where lists measure: a move
        source.continuation.finish()
        await tracker.finished()
        token.cancel()
        #expect(tracker.moves.value == 2, "the first fix, then the walk past 40 m")
        #expect(abs(tracker.here.value.distance(to: Self.vaduz) - 60) < 1)
        #expect(headers == ["GPS ±8 m"], "a jittering accuracy does not redraw the header")
        #expect(tracker.fallbackNotice.value == nil)
        #expect(tracker.accuracy.value == 8.0)
    }

    @Test func fallsBackToTheLastPlaceWithAClearNotice() async {
        let source = ScriptedPositions()
        let tracker = HereTracker(source: source, fallback: Self.vaduz, fallbackName: "Vaduz")
        #expect(tracker.fallbackNotice.value == "Waiting for the GPS — showing Vaduz until then")
        tracker.start()
        source.continuation.yield(.unavailable("gpsd is not running at localhost:2947"))
        source.continuation.finish()
        await tracker.finished()
        #expect(tracker.here.value == Self.vaduz)
        #expect(tracker.moves.value == 0)
        #expect(tracker.headerText.value == "GPS: off")
        #expect(tracker.fallbackNotice.value
            == "GPS unavailable: gpsd is not running at localhost:2947 — showing Vaduz")
    }

    @Test func losingTheFixKeepsTheLastPosition() async {
        let source = ScriptedPositions()
        let tracker = HereTracker(source: source, fallback: Self.vaduz, fallbackName: "Vaduz")
        tracker.start()
        source.continuation.yield(Self.fix(north: 500))
        source.continuation.yield(.noFix("the GPS has no fix yet"))
        source.continuation.finish()
        await tracker.finished()
        #expect(abs(tracker.here.value.distance(to: Self.vaduz) - 500) < 1)
        #expect(tracker.headerText.value == "GPS: no fix")
        #expect(tracker.fallbackNotice.value == "No GPS fix (the GPS has no fix yet) — showing the last position")
    }

    @Test func accuracyIsRoundedForTheHeader() {
        #expect(HereTracker.accuracyText(3.4) == "±3 m")
        #expect(HereTracker.accuracyText(23) == "±25 m")
        #expect(HereTracker.accuracyText(140) == "±150 m")
        #expect(HereTracker.accuracyText(1_240) == "±1.2 km")
        // Never 18-digit kilometres, never a trap on a figure no integer holds.
        #expect(HereTracker.accuracyText(9.3e20) == "±100+ km")
        #expect(HereTracker.accuracyText(.infinity) == "accuracy unknown")
        #expect(HereTracker.accuracyText(.nan) == "accuracy unknown")
        #expect(HereTracker.accuracyText(-1) == "accuracy unknown")
    }

    @Test func aListFollowsTheTrackerAndShowsItsNotice() async {
        let source = ScriptedPositions()
        let tracker = HereTracker(source: source, fallback: PlacesSamples.here, fallbackName: "Testville")
        let provider = PagingPlacesProvider(places: PlacesSamples.cafes)
        var context = PlacesContext(provider: provider, navigator: Navigator(), here: PlacesSamples.here,
                                    timeZone: PlacesSamples.utc)
        context.hereTracker = tracker
        let list = PlacesListViewModel(subject: .category(.cafe), context: context)
        list.load()
        await list.idle()
        #expect(list.locationNotice.value == "Waiting for the GPS — showing Testville until then")
        let before = await provider.pageCalls.count
        tracker.start()
        source.continuation.yield(.fix(GPSFix(coordinate: PlacesSamples.offset(north: 900), accuracy: 5,
                                              mode: .threeD)))
        source.continuation.finish()
        await tracker.finished()
        await list.idle()
        #expect(list.locationNotice.value == nil)
        #expect(list.locationAccuracy.value == "GPS ±5 m")
        let calls = await provider.pageCalls
        #expect(calls.count == before + 1, "one reload for the move")
        #expect(calls.last?.query.center == PlacesSamples.offset(north: 900))
        list.close()
    }
}
