import Foundation
import Testing
@testable import NearbyCore

@Suite("Opening hours: the words screens show")
struct OpeningHoursTextTests {
    private func texts(_ text: String, at local: String) -> (row: String, detail: String) {
        let status = OpeningHours(osm: text).evaluate(at: vaduzTime(local), timeZone: vaduz)
        return (status.rowText(timeZone: vaduz), status.detailText(timeZone: vaduz))
    }

    @Test func openUntilLaterToday() {
        let (row, detail) = texts("Mo-Fr 08:00-18:00", at: "2026-11-23 10:00")
        #expect(row == "open · until 18:00")
        #expect(detail == "Open · closes 18:00")
    }

    @Test func openPastMidnight() {
        let (row, detail) = texts("Mo-Su 18:00-02:00", at: "2026-11-23 23:00")
        #expect(row == "open · until 02:00")
        #expect(detail == "Open · closes 02:00")
    }

    @Test func closedOpensLaterToday() {
        let (row, detail) = texts("Mo-Fr 07:30-18:00", at: "2026-11-23 06:00")
        #expect(row == "closed · opens 07:30")
        #expect(detail == "Closed · opens 07:30")
    }

    @Test func closedOpensTomorrow() {
        let (row, detail) = texts("Mo-Fr 07:30-18:00", at: "2026-11-23 19:00")
        #expect(row == "closed · opens Tu 07:30")
        #expect(detail == "Closed · opens tomorrow 07:30")
    }

    @Test func closedOverTheWeekend() {
        let (row, detail) = texts("Mo-Fr 07:30-18:00", at: "2026-11-28 12:00")
        #expect(row == "closed · opens Mo 07:30")
        #expect(detail == "Closed · opens Mo 07:30")
    }

    @Test func closedForTheSeason() {
        let (row, detail) = texts("Apr-Oct 10:00-18:00", at: "2026-11-23 12:00")
        #expect(row == "closed · opens Apr 1")
        #expect(detail == "Closed · opens Apr 1 10:00")
    }

    @Test func aroundTheClock() {
        let (row, detail) = texts("24/7", at: "2026-11-23 12:00")
        #expect(row == "open · 24/7")
        #expect(detail == "Open · 24/7")
    }

    @Test func closedForGood() {
        let (row, detail) = texts("off", at: "2026-11-23 12:00")
        #expect(row == "closed")
        #expect(detail == "Closed")
    }

    @Test func openEndNamesNoGuessedTime() {
        let (row, detail) = texts("Mo-Sa 18:00+", at: "2026-11-23 20:00")
        #expect(row == "maybe open · open end")
        #expect(detail == "Maybe open · open end, closing time unknown")
    }

    @Test func openUntilAnOpenEnd() {
        let (row, detail) = texts("Mo-Fr 10:00-18:00+", at: "2026-11-23 12:00")
        #expect(row == "open · until 18:00")
        #expect(detail == "Open · until 18:00")
    }

    @Test func changesWithinTheHourCountMinutes() {
        #expect(texts("Mo-Fr 08:00-18:00", at: "2026-11-23 17:40").row == "open · closes in 20 min")
        #expect(texts("Mo-Fr 08:00-18:00", at: "2026-11-23 17:40").detail == "Open · closes in 20 min (18:00)")
        #expect(texts("Mo-Fr 08:00-18:00", at: "2026-11-23 17:59").row == "open · closes in 1 min")
        #expect(texts("Mo-Fr 08:00-18:00", at: "2026-11-23 17:00").row == "open · until 18:00")
        #expect(texts("Mo-Fr 08:00-18:00", at: "2026-11-23 07:15").row == "closed · opens in 45 min")
    }

    @Test func closingSoonAndWhenTheWordsChange() {
        let hours = OpeningHours(osm: "Mo-Fr 08:00-18:00")
        let soon = hours.evaluate(at: vaduzTime("2026-11-23 17:40"), timeZone: vaduz)
        #expect(soon.isClosingSoon)
        // "closes in 20 min" holds until 17:41, when it reads 19.
        #expect(soon.wordsValidUntil == vaduzTime("2026-11-23 17:41"))
        let later = hours.evaluate(at: vaduzTime("2026-11-23 12:00"), timeZone: vaduz)
        #expect(!later.isClosingSoon)
        #expect(later.wordsValidUntil == vaduzTime("2026-11-23 17:01"))
        #expect(!hours.evaluate(at: vaduzTime("2026-11-23 07:30"), timeZone: vaduz).isClosingSoon)
    }

    @Test func aHolidayTheTableIsSureOfIsNamed() {
        let status = OpeningHours(osm: "Mo-Fr 08:00-18:00; PH off").evaluate(at: vaduzTime("2026-12-25 10:00"),
                                                                             in: vaduzPlace)
        #expect(status.detailText(timeZone: vaduz) == "Closed · Christmas Day · opens Mo 08:00")
        #expect(status.rowText(timeZone: vaduz) == "closed · opens Mo 08:00")
    }

    @Test func withoutATableAHolidayRuleMakesTheStateUncertain() {
        let status = OpeningHours(osm: "Mo-Fr 08:00-18:00; PH off").evaluate(at: vaduzTime("2026-12-25 10:00"),
                                                                             timeZone: vaduz)
        #expect(status.state == .unknown)
        #expect(status.ifNotHoliday == .open)
        #expect(status.rowText(timeZone: vaduz) == "open unless holiday · until 18:00")
        #expect(status.detailText(timeZone: vaduz) == "Open unless today is a holiday · until 18:00")
        // Outside the hours the holiday makes no difference: closed for sure.
        #expect(OpeningHours(osm: "Mo-Fr 08:00-18:00; PH off").evaluate(at: vaduzTime("2026-12-25 20:00"),
                                                                        timeZone: vaduz).state == .closed)
    }

    @Test func unknownWithAndWithoutNote() {
        #expect(texts("unknown", at: "2026-11-23 12:00").row == "hours unknown")
        #expect(texts("unknown", at: "2026-11-23 12:00").detail == "Hours unknown")
        let (row, detail) = texts("\"by appointment\"", at: "2026-11-23 12:00")
        #expect(row == "by appointment")
        #expect(detail == "Hours unknown · by appointment")
    }

    @Test func noteOnAnOpenRuleShowsInTheDetail() {
        #expect(texts("Mo-Fr 08:00-18:00 \"call ahead\"", at: "2026-11-23 10:00").detail
            == "Open · closes 18:00 · call ahead")
    }

    @Test func unreadableKeepsTheRawText() {
        let (row, detail) = texts("Mo-Fr 8-18", at: "2026-11-23 12:00")
        #expect(row == "hours unknown")
        #expect(detail == "Hours could not be read: Mo-Fr 8-18")
    }

    @Test func escapeSequencesNeverReachTheScreen() {
        let hostile = "\u{1B}[2J\u{1B}[31mMo-Fr\u{202E} 08:00"
        let (row, detail) = texts(hostile, at: "2026-11-23 12:00")
        #expect(row == "hours unknown")
        #expect(!detail.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x202E })
        #expect(detail.hasSuffix("[31mMo-Fr\u{FFFD} 08:00"))
        let note = OpeningHours(osm: "\"\u{1B}]0;title\u{07}\"").evaluate(at: Date(), timeZone: vaduz)
        #expect(note.rowText(timeZone: vaduz) == "\u{FFFD}]0;title\u{FFFD}")
    }

    @Test func closingTomorrowAfterADayReadsAsADay() {
        // Open from Monday 08:00 right through to Tuesday 18:00.
        let hours = OpeningHours(osm: "Mo 08:00-24:00; Tu 00:00-18:00")
        let status = hours.evaluate(at: vaduzTime("2026-11-23 09:00"), timeZone: vaduz)
        #expect(status.rowText(timeZone: vaduz) == "open · until Tu 18:00")
        #expect(status.detailText(timeZone: vaduz) == "Open · closes tomorrow 18:00")
    }
}
