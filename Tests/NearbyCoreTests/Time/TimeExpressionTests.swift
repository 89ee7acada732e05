import Foundation
import Testing
@testable import NearbyCore

/// What users type for "open at any time", read in Vaduz on Monday 2026-11-23 at 15:20.
@Suite("Time: typed times")
struct TimeExpressionTests {
    static let now = vaduzTime("2026-11-23 15:20")

    private func parse(_ text: String) -> Date? {
        try? TimeExpression.parse(text, now: Self.now, zone: vaduz).get()
    }

    private func error(_ text: String) -> String? {
        if case .failure(let error) = TimeExpression.parse(text, now: Self.now, zone: vaduz) { return error.description }
        return nil
    }

    @Test(arguments: [
        ("22:00", "2026-11-23 22:00"),
        ("15:20", "2026-11-23 15:20"),
        ("09:00", "2026-11-24 09:00"),      // already past today: tomorrow
        ("9:30", "2026-11-24 09:30"),
        ("tomorrow 10:00", "2026-11-24 10:00"),
        ("Tomorrow", "2026-11-24 00:00"),
        ("today 08:00", "2026-11-23 08:00"),
        ("Sa 14:00", "2026-11-28 14:00"),
        ("Sat 14:00", "2026-11-28 14:00"),
        ("saturday 2pm", "2026-11-28 14:00"),
        ("Sat 2 pm", "2026-11-28 14:00"),
        ("Mo 16:00", "2026-11-23 16:00"),   // today, still ahead
        ("Mo 10:00", "2026-11-30 10:00"),   // today, passed: next week
        ("Mo", "2026-11-23 00:00"),
        ("2026-11-21", "2026-11-21 00:00"),
        ("2026-11-21 14:00", "2026-11-21 14:00"),
        ("2026-11-21T14:00", "2026-11-21 14:00"),
        ("2026-11-21T14:00:00", "2026-11-21 14:00"),
        ("21.11.2026 14:00", "2026-11-21 14:00"),
        ("Nov 21 14:00", "2026-11-21 14:00"),
        ("21 Nov 2027", "2027-11-21 00:00"),
        ("16h30", "2026-11-23 16:30"),
        ("noon", "2026-11-24 12:00"),
        ("  22:00  ", "2026-11-23 22:00"),
    ])
    func reads(text: String, expected: String) {
        #expect(parse(text) == vaduzTime(expected), "\(text)")
    }

    @Test func nowAndExplicitInstants() {
        #expect(parse("now") == Self.now)
        #expect(parse("2026-11-21T14:00Z") == Date(timeIntervalSince1970: 1_795_269_600))
        #expect(parse("2026-11-21T15:00+01:00") == Date(timeIntervalSince1970: 1_795_269_600))
    }

    @Test(arguments: [
        ("", "say when: try 22:00, tomorrow 10:00, Sa 14:00, 2026-11-21 14:00 or 2026-11-21"),
        ("tomorow 10:00", "“tomorow” is not a day or a time; try 22:00, tomorrow 10:00, Sa 14:00, 2026-11-21 14:00 or 2026-11-21"),
        ("25:00", "25:00 is not a time of day: hours run from 00 to 23"),
        ("14:75", "14:75 is not a time of day: minutes run from 00 to 59"),
        ("13pm", "13pm is not a time of day: with am or pm, hours run from 1 to 12"),
        ("2026-02-30", "2026-02-30 is not a date: February 2026 has 28 days"),
        ("2026-13-01", "2026-13-01 is not a date: months run from 1 to 12"),
        ("Sa Su", "“sa” and “su” both say when; give one day and one time"),
        ("10:00 12:00", "“10:00” and “12:00” both say when; give one day and one time"),
        ("14", "“14” is not a day or a time; try 22:00, tomorrow 10:00, Sa 14:00, 2026-11-21 14:00 or 2026-11-21"),
    ])
    func saysWhatIsWrong(text: String, message: String) {
        #expect(error(text) == message)
    }

    @Test func aTimeTheClocksSkipSaysSo() {
        #expect(error("2026-03-29 02:30")
            == "2026-03-29 02:30 does not exist in Europe/Vaduz: the clocks jump from 02:00 to 03:00 that night")
        // The hour the clocks go back happens twice: the first is meant.
        #expect(parse("2026-10-25 02:30") == utcTime("2026-10-25 00:30"))
    }

    @Test func spans() throws {
        let evening = try TimeExpression.span("18:00-20:00", base: Self.now, zone: vaduz).get()
        #expect(evening.0 == vaduzTime("2026-11-23 18:00") && evening.1 == vaduzTime("2026-11-23 20:00"))
        let night = try TimeExpression.span("Sa 22:00-02:00", base: Self.now, zone: vaduz).get()
        #expect(night.0 == vaduzTime("2026-11-28 22:00") && night.1 == vaduzTime("2026-11-29 02:00"))
        let spaced = try TimeExpression.span("2026-11-21 18:00 - 20:00", base: Self.now, zone: vaduz).get()
        #expect(spaced.0 == vaduzTime("2026-11-21 18:00"))
        // From a chosen day: that day's evening.
        let fromDate = try TimeExpression.span("18:00-20:00", base: vaduzTime("2026-11-21 00:00"), zone: vaduz).get()
        #expect(fromDate.0 == vaduzTime("2026-11-21 18:00"))
        #expect(throws: TimeExpressionError.self) { try TimeExpression.span("18:00", base: Self.now, zone: vaduz).get() }
        #expect(throws: TimeExpressionError.self) { try TimeExpression.span("18:00-27:00", base: Self.now, zone: vaduz).get() }
    }

    @Test func labelsForHeaders() {
        #expect(TimeExpression.label(vaduzTime("2026-11-28 14:00"), now: Self.now, zone: vaduz) == "Sat 14:00")
        #expect(TimeExpression.label(vaduzTime("2026-12-28 14:00"), now: Self.now, zone: vaduz) == "Mon 2026-12-28 14:00")
    }
}
