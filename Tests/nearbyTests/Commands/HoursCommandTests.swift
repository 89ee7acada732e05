import ArgumentParser
import Testing
@testable import nearby

struct HoursCommandTests {
    /// Before 1583 the instant and its week would be read in two calendars (the week said 1500-03-12 for an
    /// --at of 1500-03-02): such dates are refused with the reason, later ones are read.
    @Test func anInstantBeforeTheGregorianCalendarIsRefused() throws {
        #expect(HoursCommand.calendarProblem("1500-03-02T10:00")
            == "--at 1500 is before 1583: dates before the Gregorian calendar are not supported")
        #expect(HoursCommand.calendarProblem("0001-01-01T00:00") != nil)
        #expect(HoursCommand.calendarProblem("1583-01-03T10:00") == nil)
        #expect(HoursCommand.calendarProblem("2026-11-23T07:30") == nil)
        #expect(HoursCommand.calendarProblem("now") == nil, "left to the parser, which says how to write a time")
        let command = try HoursCommand.parse(["Mo-Fr 08:00-18:00", "--at", "1500-03-02T10:00"])
        #expect(throws: ExitCode.validationFailure) { try command.run() }
    }
}
