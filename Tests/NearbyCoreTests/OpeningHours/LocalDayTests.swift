import Foundation
import Testing
@testable import NearbyCore

@Suite("Opening hours: calendar arithmetic")
struct LocalDayTests {
    @Test func civilDatesRoundTrip() {
        for number in stride(from: -800_000, to: 800_000, by: 997) {
            let day = LocalDay(number: number)
            #expect(LocalDay(year: day.year, month: day.month, day: day.day).number == number)
        }
        #expect(LocalDay(number: 0).isoText == "1970-01-01")
        #expect(LocalDay(year: 2024, month: 2, day: 29).next.isoText == "2024-03-01")
    }

    @Test func weekdaysStartOnMonday() {
        #expect(LocalDay(year: 2026, month: 11, day: 23).weekday == 0)
        #expect(LocalDay(year: 2026, month: 11, day: 29).weekday == 6)
        #expect(LocalDay(year: 1969, month: 12, day: 31).weekday == 2)
    }

    @Test(arguments: [
        (2027, 1, 4, 1), (2026, 12, 31, 53), (2027, 1, 3, 53), (2021, 1, 3, 53), (2026, 11, 23, 48),
        (2026, 1, 1, 1), (2024, 12, 30, 1),
    ])
    func isoWeeks(year: Int, month: Int, day: Int, week: Int) {
        #expect(LocalDay(year: year, month: month, day: day).isoWeek == week)
    }

    @Test func agreesWithFoundationOnLocalDays() {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = vaduz
        for hour in stride(from: 0, to: 24 * 400, by: 7) {
            let instant = vaduzTime("2026-01-01 00:00").addingTimeInterval(Double(hour) * 3600 + 59)
            let (day, minute) = LocalDay.locate(instant, in: vaduz)
            let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: instant)
            #expect([day.year, day.month, day.day] == [parts.year, parts.month, parts.day])
            #expect(minute == (parts.hour ?? 0) * 60 + (parts.minute ?? 0))
        }
    }
}
