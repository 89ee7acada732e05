import Foundation
import NearbyCore
import Testing
@testable import NearbyViewModels

/// The walking times a list holds: one search at a time for the places shown, none forgotten on the way.
struct WalkingTimesTests {
    static func hits(_ ids: String...) -> [PlaceHit] {
        ids.map { PlaceHit(place: PlacesSamples.place($0, "Place \($0)", north: 10), distance: 10, bearing: 0) }
    }

    @Test func placesUnderWayAreNotAskedForAgain() {
        var times = WalkingTimes()
        let first = times.ask(Self.hits("a", "b")), again = times.ask(Self.hits("a", "b"))
        let covered = times.ask(Self.hits("b")), widened = times.ask(Self.hits("b", "c"))
        #expect(first)
        #expect(!again)
        #expect(!covered, "covered by the search under way")
        #expect(widened, "a new place needs a new search")
    }

    @Test func aReplacedSearchLeavesNoPlaceAskedForever() {
        var times = WalkingTimes()
        _ = times.ask(Self.hits("a", "b"))
        // Another set replaces the search for a and b; it answers for b and c only.
        let replacing = times.ask(Self.hits("b", "c"))
        times.record([WalkEstimate(metres: 100), WalkEstimate(metres: 200)], for: Self.hits("b", "c"))
        let missing = times.missing(Self.hits("a", "b", "c")).map(\.place.name)
        let askedAgain = times.ask(Self.hits("a"))
        #expect(replacing)
        #expect(missing == ["Place a"])
        #expect(askedAgain, "a was in the search that was replaced")
    }

    @Test func answersFailuresAndMovesEachEndWhatWasAsked() {
        var times = WalkingTimes()
        _ = times.ask(Self.hits("a"))
        times.record([WalkEstimate(metres: 100)], for: Self.hits("a"))
        let answered = times.missing(Self.hits("a"))
        _ = times.ask(Self.hits("b"))
        times.recordFailure(.storage("disk"))
        let afterFailure = times.ask(Self.hits("b"))
        times.reset()
        let afterMove = times.ask(Self.hits("b"))
        #expect(answered.isEmpty)
        #expect(afterFailure, "a failed search may be asked again")
        #expect(afterMove, "here moved: everything is asked afresh")
    }
}
