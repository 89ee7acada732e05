import Foundation
import NearbyCore
import Testing
@testable import NearbyViewModels

/// What the `t` prompt does with what was typed: a time, a span, nothing, or a mistake that changes
/// nothing. Monday 2026-03-02 17:00 UTC.
@MainActor
struct TimePromptTests {
    let clock = ManualClock(PlacesSamples.instant("2026-03-02T17:00:00Z"))
    let time: EvaluationTime
    let context: PlacesContext

    init() {
        let clock = clock
        time = EvaluationTime(clock: { clock.now() }, zone: PlacesSamples.utc)
        context = PlacesContext(provider: PagingPlacesProvider(places: PlacesSamples.cafes), navigator: Navigator(),
                                here: PlacesSamples.here, timeZone: PlacesSamples.utc, now: { clock.now() },
                                evaluationTime: time)
    }

    @Test func aTimeIsChosenAndTheBadgeSaysSo() {
        #expect(time.badge == nil)
        #expect(!time.isAwayFromNow)
        #expect(time.answerPrompt("  Sa 14:00 ") == nil)
        #expect(time.header.value == "as of Sat 14:00")
        #expect(time.badge == "as of Sat 14:00")
        #expect(time.isAwayFromNow)
        // A full date holds dashes but is a day, not a span.
        #expect(time.answerPrompt("2026-03-07 10:00") == nil)
        #expect(time.chosen.value == PlacesSamples.instant("2026-03-07T10:00:00Z"))
        #expect(time.openDuring.value == nil)
    }

    @Test func aSpanKeepsOnlyPlacesOpenForAllOfItInEveryList() async {
        let list = PlacesListViewModel(subject: .category(.cafe), context: context)
        list.load()
        await list.idle()
        #expect(time.answerPrompt("17:30-18:30") == nil)
        await list.idle()
        #expect(!time.isChosen, "a span filters; the time stays now")
        #expect(time.badge == "open Mon 17:30–18:30")
        #expect(list.rowCount == 1)
        // Back to now: every place again.
        time.returnToNowEverywhere()
        await list.idle()
        #expect(time.badge == nil)
        #expect(list.rowCount == 4)
        list.close()
    }

    @Test func aMistakeSaysWhyAndChangesNothing() {
        #expect(time.answerPrompt("Sa 14:00") == nil)
        let error = time.answerPrompt("Sat 25:00")
        #expect(error == "25:00 is not a time of day: hours run from 00 to 23")
        #expect(time.header.value == "as of Sat 14:00", "the time chosen before stays")
        #expect(time.answerPrompt("soon") != nil)
        #expect(time.openDuring.value == nil)
    }

    @Test func nothingTypedReturnsToNow() {
        #expect(time.answerPrompt("Sa 14:00") == nil)
        #expect(time.answerPrompt("18:00-20:00") == nil)
        #expect(time.badge == "as of Sat 14:00 · open Sat 18:00–20:00", "a span counts from the chosen day")
        #expect(time.answerPrompt("") == nil)
        #expect(time.badge == nil)
        #expect(!time.isAwayFromNow)
    }
}
