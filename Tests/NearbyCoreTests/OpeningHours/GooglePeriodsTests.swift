import Foundation
import Testing
@testable import NearbyCore

@Suite("Opening hours: Google periods")
struct GooglePeriodsTests {
    /// Google numbers days from Sunday = 0.
    private func period(_ openDay: Int, _ open: String, _ closeDay: Int?, _ close: String?) -> WeeklyPeriod {
        func minutes(_ text: String) -> Int {
            let parts = text.split(separator: ":").compactMap { Int($0) }
            return parts[0] * 60 + parts[1]
        }
        return WeeklyPeriod(openDay: openDay, openMinute: minutes(open), closeDay: closeDay,
                            closeMinute: close.map(minutes))
    }

    @Test func weekdaysOfficeHours() {
        let hours = OpeningHours(.periods((1...5).map { period($0, "08:00", $0, "18:00") }))
        #expect(hours.isReadable)
        let monday = hours.evaluate(at: vaduzTime("2026-11-23 10:00"), timeZone: vaduz)
        #expect(monday.state == .open)
        #expect(monday.nextChange == vaduzTime("2026-11-23 18:00"))
        let saturday = hours.evaluate(at: vaduzTime("2026-11-28 10:00"), timeZone: vaduz)
        #expect(saturday.state == .closed)
        #expect(saturday.nextChange == vaduzTime("2026-11-30 08:00"))
        #expect(hours.raw.hasPrefix("Mo 08:00-18:00, Tu 08:00-18:00"))
    }

    @Test func sameAsTheOpenStreetMapText() {
        let google = OpeningHours(periods: (1...5).map { period($0, "08:00", $0, "18:00") })
        let osm = OpeningHours(osm: "Mo-Fr 08:00-18:00")
        for hour in stride(from: 0, to: 24 * 7, by: 1) {
            let instant = vaduzTime("2026-11-23 00:30").addingTimeInterval(Double(hour) * 3600)
            #expect(google.evaluate(at: instant, timeZone: vaduz) == osm.evaluate(at: instant, timeZone: vaduz))
        }
    }

    @Test func aroundTheClock() {
        let hours = OpeningHours(periods: [period(0, "00:00", nil, nil)])
        let status = hours.evaluate(at: vaduzTime("2026-11-25 03:00"), timeZone: vaduz)
        #expect(status.state == .open)
        #expect(status.nextChange == nil)
        #expect(status.rowText(timeZone: vaduz) == "open · 24/7")
    }

    @Test func overnightIntoTheNextDay() {
        let hours = OpeningHours(periods: [period(5, "22:00", 6, "02:00")])
        let status = hours.evaluate(at: vaduzTime("2026-11-28 01:00"), timeZone: vaduz)
        #expect(status.state == .open)
        #expect(status.nextChange == vaduzTime("2026-11-28 02:00"))
        #expect(hours.week(containing: vaduzTime("2026-11-28 01:00"), timeZone: vaduz)[4].intervals.map(\.text)
            == ["22:00-02:00"])
    }

    @Test func overnightFromSaturdayIntoSunday() {
        let hours = OpeningHours(periods: [period(6, "22:00", 0, "02:00")])
        #expect(hours.evaluate(at: vaduzTime("2026-11-29 01:00"), timeZone: vaduz).state == .open)
        #expect(hours.evaluate(at: vaduzTime("2026-11-29 02:00"), timeZone: vaduz).state == .closed)
        #expect(hours.evaluate(at: vaduzTime("2026-11-28 21:59"), timeZone: vaduz).nextChange
            == vaduzTime("2026-11-28 22:00"))
    }

    @Test func acrossSeveralDays() {
        let hours = OpeningHours(periods: [period(1, "08:00", 3, "18:00")])
        let status = hours.evaluate(at: vaduzTime("2026-11-24 12:00"), timeZone: vaduz)
        #expect(status.state == .open)
        #expect(status.nextChange == vaduzTime("2026-11-25 18:00"))
    }

    @Test func impossiblePeriodsAreUnreadable() {
        #expect(!OpeningHours(periods: [period(9, "08:00", 9, "18:00")]).isReadable)
        #expect(!OpeningHours(periods: [WeeklyPeriod(openDay: 1, openMinute: 2000, closeDay: 1, closeMinute: 10)])
            .isReadable)
        #expect(!OpeningHours(periods: []).isReadable)
        #expect(OpeningHours(periods: []).evaluate(at: Date(), timeZone: vaduz).state == .unknown)
    }
}
