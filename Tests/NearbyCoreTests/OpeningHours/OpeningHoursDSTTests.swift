import Foundation
import Testing
@testable import NearbyCore

/// Europe/Vaduz moves to summer time on 2026-03-29 (02:00 → 03:00) and back on 2026-10-25 (03:00 → 02:00).
@Suite("Opening hours: daylight saving changes")
struct OpeningHoursDSTTests {
    @Test func springForwardShortensTheNight() {
        let hours = OpeningHours(osm: "Sa 22:00-04:00")
        let start = vaduzTime("2026-03-28 23:00")  // 22:00 UTC, winter time
        let status = hours.evaluate(at: start, timeZone: vaduz)
        #expect(status.state == .open)
        #expect(status.nextChange == utcTime("2026-03-29 02:00"))  // 04:00 summer time
        #expect(abs((status.nextChange?.timeIntervalSince(start) ?? 0) - 4 * 3600) < 1)
    }

    @Test func fallBackLengthensTheNight() {
        let hours = OpeningHours(osm: "Mo-Su 08:00-18:00")
        let start = vaduzTime("2026-10-24 20:00")  // 18:00 UTC, summer time
        let status = hours.evaluate(at: start, timeZone: vaduz)
        #expect(status.state == .closed)
        #expect(status.nextChange == utcTime("2026-10-25 07:00"))  // 08:00 winter time
        #expect(abs((status.nextChange?.timeIntervalSince(start) ?? 0) - 13 * 3600) < 1)
    }

    @Test func theRepeatedHourIsEvaluatedBothTimes() {
        let hours = OpeningHours(osm: "Su 02:30-05:00")
        // 02:15 summer time (00:15 UTC) and 02:15 winter time (01:15 UTC) are both before opening.
        let first = hours.evaluate(at: utcTime("2026-10-25 00:15"), timeZone: vaduz)
        #expect(first.state == .closed)
        #expect(first.nextChange == utcTime("2026-10-25 00:30"))
        let second = hours.evaluate(at: utcTime("2026-10-25 01:15"), timeZone: vaduz)
        #expect(second.state == .closed)
        #expect(second.nextChange == utcTime("2026-10-25 01:30"))
        // 02:45 the second time round is open; it closes at 05:00 winter time.
        let open = hours.evaluate(at: utcTime("2026-10-25 01:45"), timeZone: vaduz)
        #expect(open.state == .open)
        #expect(open.nextChange == utcTime("2026-10-25 04:00"))
    }

    @Test func openingAtATimeTheClocksSkipHappensAtTheJump() {
        let hours = OpeningHours(osm: "Su 02:30-05:00")
        let status = hours.evaluate(at: vaduzTime("2026-03-29 01:00"), timeZone: vaduz)
        #expect(status.state == .closed)
        #expect(status.nextChange == utcTime("2026-03-29 01:00"))  // 02:00 winter time became 03:00
        #expect(hours.evaluate(at: utcTime("2026-03-29 01:10"), timeZone: vaduz).state == .open)
    }

    @Test func summerTimeRowTextsUseLocalTime() {
        let status = OpeningHours(osm: "Mo-Su 09:00-17:00").evaluate(at: vaduzTime("2026-07-01 10:00"),
                                                                  timeZone: vaduz)
        #expect(status.rowText(timeZone: vaduz) == "open · until 17:00")
        #expect(status.nextChange == utcTime("2026-07-01 15:00"))
    }
}
