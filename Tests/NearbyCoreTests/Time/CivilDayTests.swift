import Foundation
import Testing
@testable import NearbyCore

@Suite("Time: civil days")
struct CivilDayTests {
    @Test func civilDatesRoundTrip() {
        for number in stride(from: -800_000, to: 800_000, by: 997) {
            let day = CivilDay(number: number)
            #expect(CivilDay(year: day.year, month: day.month, day: day.day).number == number)
        }
        #expect(CivilDay(number: 0).isoText == "1970-01-01")
        #expect(CivilDay(year: 2024, month: 2, day: 29).next.isoText == "2024-03-01")
    }

    @Test func weekdaysStartOnMonday() {
        #expect(CivilDay(year: 2026, month: 11, day: 23).weekday == 0)
        #expect(CivilDay(year: 2026, month: 11, day: 29).weekday == 6)
        #expect(CivilDay(year: 1969, month: 12, day: 31).weekday == 2)
    }

    @Test(arguments: [
        (2027, 1, 4, 1), (2026, 12, 31, 53), (2027, 1, 3, 53), (2021, 1, 3, 53), (2026, 11, 23, 48),
        (2026, 1, 1, 1), (2024, 12, 30, 1),
    ])
    func isoWeeks(year: Int, month: Int, day: Int, week: Int) {
        #expect(CivilDay(year: year, month: month, day: day).isoWeek == week)
    }

    @Test func agreesWithFoundationOnLocalDays() throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: "Europe/Vaduz"))
        for hour in stride(from: 0, to: 24 * 400, by: 7) {
            let instant = vaduzTime("2026-01-01 00:00").addingTimeInterval(Double(hour) * 3600 + 59)
            let local = vaduz.localDateTime(at: instant)
            let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: instant)
            #expect([local.day.year, local.day.month, local.day.day] == [parts.year, parts.month, parts.day])
            #expect(local.minuteOfDay == (parts.hour ?? 0) * 60 + (parts.minute ?? 0))
        }
    }

    /// One calendar for every year: 1500-06-10 is a Sunday in the proleptic Gregorian calendar, as Python's
    /// `date` has it too (the Julian calendar of the time would have made it 31 May).
    @Test func datesBefore1582StayGregorian() {
        let day = CivilDay(year: 1500, month: 6, day: 10)
        #expect(day.weekday == 6)
        #expect(day.isoText == "1500-06-10")
        #expect(CivilDay(number: day.number).isoText == "1500-06-10")
        #expect(CivilDay(year: 1582, month: 10, day: 4).next.isoText == "1582-10-05")
    }

    @Test func validDatesOnly() {
        #expect(CivilDay.valid(year: 2026, month: 2, day: 29) == nil)
        #expect(CivilDay.valid(year: 2024, month: 2, day: 29)?.isoText == "2024-02-29")
        #expect(CivilDay.valid(year: 2026, month: 13, day: 1) == nil)
        #expect(CivilDay(year: 2026, month: 11, day: 23).onOrAfter(weekday: 6).isoText == "2026-11-29")
    }
}
