import Foundation
import Testing
@testable import NearbyCore

@Suite("Opening hours: the week table")
struct OpeningHoursWeekTests {
    @Test func mondayToSundayWithTodayMarked() {
        let hours = OpeningHours(osm: "Mo-Fr 08:00-12:00,13:00-18:00; Sa 09:00-12:00")
        let week = hours.week(containing: vaduzTime("2026-11-25 10:00"), timeZone: vaduz)
        #expect(week.map(\.weekdayAbbreviation) == ["Mo", "Tu", "We", "Th", "Fr", "Sa", "Su"])
        #expect(week.map(\.isoDate).first == "2026-11-23")
        #expect(week.map(\.isoDate).last == "2026-11-29")
        #expect(week.map(\.isToday) == [false, false, true, false, false, false, false])
        #expect(week[0].intervals.map(\.text) == ["08:00-12:00", "13:00-18:00"])
        #expect(week[5].intervals.map(\.text) == ["09:00-12:00"])
        #expect(week[6].intervals.isEmpty)
        #expect(week[0].date == vaduzTime("2026-11-23 00:00"))
    }

    @Test func sundayBelongsToTheWeekBefore() {
        let week = OpeningHours(osm: "24/7").week(containing: vaduzTime("2026-11-29 23:00"), timeZone: vaduz)
        #expect(week.first?.isoDate == "2026-11-23")
        #expect(week.last?.isToday == true)
        #expect(week[2].intervals.map(\.text) == ["00:00-24:00"])
    }

    @Test func overnightStaysOnItsOwnDay() {
        let week = OpeningHours(osm: "Fr-Sa 18:00-03:00").week(containing: vaduzTime("2026-11-25 10:00"),
                                                                 timeZone: vaduz)
        #expect(week[4].intervals.map(\.text) == ["18:00-03:00"])
        #expect(week[5].intervals.map(\.text) == ["18:00-03:00"])
        #expect(week[6].intervals.isEmpty)
    }

    @Test func closedDayKeepsItsNote() {
        let week = OpeningHours(osm: "Mo-Su 10:00-18:00; Dec 24 off \"Christmas Eve\"")
            .week(containing: vaduzTime("2026-12-24 10:00"), timeZone: vaduz)
        #expect(week[3].intervals.isEmpty)
        #expect(week[3].comment == "Christmas Eve")
        #expect(week[2].intervals.map(\.text) == ["10:00-18:00"])
    }

    @Test func uncertainAndOpenEndStretchesSayWhatTheyAre() {
        let week = OpeningHours(osm: "Mo 18:00+; Tu \"by appointment\"")
            .week(containing: vaduzTime("2026-11-23 10:00"), timeZone: vaduz)
        #expect(week[0].intervals.map(\.text) == ["18:00+"])
        #expect(week[0].intervals.first?.isOpenEnd == true)
        #expect(week[1].intervals.map(\.label) == ["00:00-24:00 unknown \"by appointment\""])
    }

    @Test func unreadableHoursHaveAnEmptyWeek() {
        let week = OpeningHours(osm: "sometimes").week(containing: vaduzTime("2026-11-23 10:00"), timeZone: vaduz)
        #expect(week.count == 7)
        #expect(week.allSatisfy { $0.intervals.isEmpty })
    }
}
