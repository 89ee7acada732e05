import Foundation
import Testing
@testable import NearbyCore

/// The opening_hours cases other apps get wrong, one test each, evaluated in Vaduz with Liechtenstein's
/// holidays (2026-11-23 is a Monday).
@Suite("Opening hours: the hard cases")
struct OpeningHoursHardCasesTests {
    private func state(_ text: String, _ local: String, in context: HoursContext = vaduzPlace) -> OpeningState {
        OpeningHours(osm: text).evaluate(at: vaduzTime(local), in: context).state
    }

    private func next(_ text: String, _ local: String, in context: HoursContext = vaduzPlace) -> Date? {
        OpeningHours(osm: text).evaluate(at: vaduzTime(local), in: context).nextChange
    }

    /// Within two minutes: the sun's equations and the reference's differ by seconds.
    private func near(_ date: Date?, _ local: String) -> Bool {
        guard let date else { return false }
        return abs(date.timeIntervalSince(vaduzTime(local))) <= 120
    }

    @Test func sunriseToSunsetFollowTheSeasonAtThePlace() {
        #expect(near(next("sunrise-sunset", "2026-06-21 00:30"), "2026-06-21 05:26"))
        #expect(near(next("sunrise-sunset", "2026-06-21 12:00"), "2026-06-21 21:21"))
        #expect(near(next("sunrise-sunset", "2026-12-21 00:30"), "2026-12-21 08:05"))
        #expect(near(next("sunrise-sunset", "2026-12-21 12:00"), "2026-12-21 16:34"))
        // The day the clocks go forward.
        #expect(near(next("sunrise-sunset", "2026-03-29 00:30"), "2026-03-29 07:07"))
        #expect(state("sunrise-sunset", "2026-12-21 17:00") == .closed)
        #expect(state("sunrise-sunset", "2026-06-21 21:00") == .open)
    }

    @Test func dawnAndDuskAreCivilTwilight() {
        #expect(near(next("dawn-dusk", "2026-06-21 00:30"), "2026-06-21 04:46"))
        #expect(near(next("dawn-dusk", "2026-06-21 12:00"), "2026-06-21 22:01"))
        #expect(near(next("dawn-dusk", "2026-12-21 12:00"), "2026-12-21 17:10"))
    }

    @Test func sunEventsWithOffsets() {
        #expect(near(next("(sunrise+01:00)-(sunset-01:00)", "2026-06-21 00:30"), "2026-06-21 06:26"))
        #expect(near(next("(sunrise+01:00)-(sunset-01:00)", "2026-12-21 12:00"), "2026-12-21 15:34"))
        #expect(near(next("Mo-Su 10:00-(sunset-00:30)", "2026-12-21 12:00"), "2026-12-21 16:04"))
        #expect(state("Sa sunset-02:00", "2026-11-29 01:00") == .open)
    }

    @Test func polarNightAndMidnightSun() throws {
        let oslo = try ZoneRules.named("Europe/Oslo")
        let tromso = HoursContext(zone: oslo, position: Coordinate(latitude: 69.65, longitude: 18.96))
        let december = try #require(oslo.instant(of: LocalDateTime(day: CivilDay(year: 2026, month: 12, day: 21),
                                                                    hour: 12, minute: 0)))
        let june = try #require(oslo.instant(of: LocalDateTime(day: CivilDay(year: 2026, month: 6, day: 21),
                                                               hour: 23, minute: 30)))
        #expect(OpeningHours(osm: "sunrise-sunset").evaluate(at: december, in: tromso).state == .closed)
        #expect(OpeningHours(osm: "sunrise-sunset").evaluate(at: june, in: tromso).state == .open)
    }

    @Test func sunEventsWithoutAPositionAreUnknownNotGuessed() {
        let noPosition = HoursContext(zone: vaduz)
        #expect(state("sunrise-sunset", "2026-06-21 12:00", in: noPosition) == .unknown)
        #expect(state("Mo-Fr 08:00-12:00; Sa sunrise-sunset", "2026-11-23 10:00", in: noPosition) == .open)
    }

    @Test func openEndIsUnknownAfterItNotClosed() {
        #expect(state("Mo-Fr 10:00-18:00+", "2026-11-23 17:00") == .open)
        #expect(state("Mo-Fr 10:00-18:00+", "2026-11-23 19:00") == .unknown)
        #expect(state("Mo-Fr 10:00-18:00+", "2026-11-24 09:00") == .closed)
        #expect(state("Mo-Sa 18:00+", "2026-11-23 17:00") == .closed)
        #expect(state("Mo-Sa 18:00+", "2026-11-23 19:00") == .unknown)
        let status = OpeningHours(osm: "Mo-Sa 18:00+").evaluate(at: vaduzTime("2026-11-23 19:00"), in: vaduzPlace)
        #expect(status.isOpenEnd)
        // A late open end runs past midnight, unknown all the while.
        #expect(state("Fr 22:00+", "2026-11-28 01:30") == .unknown)
        #expect(state("Fr 22:00+", "2026-11-28 03:00") == .closed)
    }

    @Test func publicHolidaysFromTheCountrysTable() {
        // 2026-12-08 (Immaculate Conception) and 2027-01-06 (Epiphany) are holidays in Liechtenstein.
        #expect(state("Mo-Fr 08:00-18:00; PH off", "2026-12-08 10:00") == .closed)
        #expect(state("Mo-Fr 08:00-18:00; PH off", "2026-12-09 10:00") == .open)
        #expect(state("Mo-Sa 10:00-12:00; PH off", "2027-01-06 11:00") == .closed)
        // Switzerland keeps neither as a national holiday (some cantons do): unsure, not closed.
        let zurich = HoursContext(zone: vaduz, holidays: HolidayCalendar.builtIn(country: "CH"))
        #expect(state("Mo-Fr 08:00-18:00; PH off", "2026-12-08 10:00", in: zurich) == .unknown)
        #expect(state("Mo-Fr 08:00-18:00; PH off", "2026-12-25 10:00", in: zurich) == .closed)
    }

    @Test func noTableMakesAPossibleHolidayUnknownNeverConfidentlyWrong() {
        let noTable = HoursContext(zone: vaduz)
        let status = OpeningHours(osm: "Mo-Fr 08:00-18:00; PH off").evaluate(at: vaduzTime("2026-12-25 10:00"),
                                                                             in: noTable)
        #expect(status.state == .unknown)
        #expect(status.ifNotHoliday == .open)
        // Where the holiday would not matter, the answer stays sure.
        #expect(state("Mo-Fr 08:00-18:00; PH off", "2026-12-25 19:00", in: noTable) == .closed)
        #expect(state("Mo-Fr 08:00-18:00", "2026-12-25 10:00", in: noTable) == .open)
        // A year the tables do not cover is no better known than a country without one.
        #expect(state("Mo-Fr 08:00-18:00; PH off", "2040-12-25 10:00") == .unknown)
    }

    @Test func schoolHolidaysFromACalendarFile() throws {
        let file = try HolidayCalendarFile(parsing: "SH 2026-07-04..2026-08-16 Sommerferien\n")
        let calendar = try #require(HolidayCalendar.builtIn(country: "LI")).adding(file, name: "ferien.txt")
        let context = HoursContext(zone: vaduz, holidays: calendar)
        #expect(state("Mo-Fr 08:00-18:00; SH off", "2026-07-06 10:00", in: context) == .closed)
        #expect(state("Mo-Fr 08:00-18:00; SH off", "2026-08-17 10:00", in: context) == .open)
        // Without one, a school-holiday rule leaves the state unknown where it would matter.
        #expect(state("Mo-Fr 08:00-18:00; SH off", "2026-08-17 10:00") == .unknown)
    }

    @Test func aDateRangeOff() {
        let text = "Mo-Su 10:00-18:00; Dec 24-Dec 31 off"
        #expect(state(text, "2026-12-23 12:00") == .open)
        #expect(state(text, "2026-12-24 12:00") == .closed)
        #expect(state(text, "2026-12-31 12:00") == .closed)
        #expect(next(text, "2026-12-24 12:00") == vaduzTime("2027-01-01 10:00"))
    }

    @Test func offWrittenFirstStaysOff() {
        // People write the exceptions first; read strictly, the later rule would reopen Monday.
        #expect(state("Mo off; Mo-Su 10:00-18:00", "2026-11-23 12:00") == .closed)
        #expect(state("Mo off; Mo-Su 10:00-18:00", "2026-11-24 12:00") == .open)
        #expect(state("PH off; Mo-Fr 08:00-18:00", "2026-12-08 10:00") == .closed)
        #expect(state("Mo off; Tu-Su 10:00-18:00", "2026-11-23 12:00") == .closed)
        // A closure of every day written first is the base the other rules open, not an exception.
        #expect(state("off; Mo-Fr 10:00-12:00", "2026-11-23 11:00") == .open)
    }

    @Test func sundayOrHolidayOff() {
        let text = "Mo-Sa 09:00-18:00; Su,PH off"
        #expect(state(text, "2026-11-29 12:00") == .closed)
        #expect(state(text, "2026-12-08 12:00") == .closed)
        #expect(state(text, "2026-12-09 12:00") == .open)
        // With a space after the comma it is the same list, as it is meant.
        #expect(state("Mo-Sa 09:00-18:00; Su, PH off", "2026-11-29 12:00") == .closed)
    }

    @Test func everyOtherWeek() {
        let text = "week 1-53/2 Sa 09:00-12:00"
        // 2026-11-28 is in ISO week 48 (even), 2026-12-05 in week 49 (odd).
        #expect(state(text, "2026-11-28 10:00") == .closed)
        #expect(state(text, "2026-12-05 10:00") == .open)
        #expect(state("week 2-52/2 Sa 09:00-12:00", "2026-11-28 10:00") == .open)
    }

    @Test func lastThursdayOfTheMonth() {
        #expect(state("Th[-1] 18:00-22:00", "2026-11-26 19:00") == .open)
        #expect(state("Th[-1] 18:00-22:00", "2026-11-19 19:00") == .closed)
        #expect(next("Th[-1] 18:00-22:00", "2026-11-27 12:00") == vaduzTime("2026-12-31 18:00"))
    }

    @Test func easterWithOffsets() {
        // Easter 2027 is on 28 March: Good Friday the 26th, Easter Monday the 29th.
        let text = "Mo-Su 10:00-18:00; easter -2 days-easter +1 day off"
        #expect(state(text, "2027-03-25 12:00") == .open)
        #expect(state(text, "2027-03-26 12:00") == .closed)
        #expect(state(text, "2027-03-29 12:00") == .closed)
        #expect(state(text, "2027-03-30 12:00") == .open)
        #expect(state("easter 12:00-16:00", "2027-03-28 13:00") == .open)
        #expect(state("easter +49 days 12:00-16:00", "2027-05-16 13:00") == .open)
    }

    @Test func commentsAreNotesOrTheState() {
        let noted = OpeningHours(osm: "Mo-Fr 08:00-18:00 \"ring the bell\"").evaluate(at: vaduzTime("2026-11-23 10:00"),
                                                                                     in: vaduzPlace)
        #expect(noted.state == .open && noted.comment == "ring the bell")
        #expect(state("Sa \"by appointment\"", "2026-11-28 10:00") == .unknown)
        #expect(state("Mo-Fr 08:00-18:00; Sa off \"closed for renovation\"", "2026-11-28 10:00") == .closed)
    }

    @Test func fallbackRulesFillOnlyWhatIsLeft() {
        let text = "Mo-Fr 08:00-12:00 || \"call ahead\""
        #expect(state(text, "2026-11-23 10:00") == .open)
        #expect(state(text, "2026-11-23 14:00") == .unknown)
        #expect(state("Mo-Fr 08:00-12:00 || closed", "2026-11-23 14:00") == .closed)
    }

    @Test func aDateRangeFollowedByAColonNarrowsTheSameRule() {
        let text = "May 01-Oct 31: Su 10:00-17:00"
        #expect(state(text, "2026-11-29 12:00") == .closed)
        #expect(state(text, "2026-07-05 12:00") == .open)
        #expect(state(text, "2026-07-06 12:00") == .closed)
        #expect(state("May 01-Oct 31 Su 10:00-17:00", "2026-11-29 12:00") == .closed)
        #expect(next(text, "2026-11-29 12:00") == vaduzTime("2027-05-02 10:00"))
    }

    @Test func readingsPeopleMean() {
        // "Sa, Su 14:00-18:00" lists two days; read strictly, Saturday would be open all day.
        #expect(state("Fr 14:00-20:00; Sa, Su 14:00-18:00", "2026-11-28 10:00") == .closed)
        #expect(state("Fr 14:00-20:00; Sa, Su 14:00-18:00", "2026-11-28 15:00") == .open)
        // Friday's night goes on past midnight although a later rule speaks of Saturday.
        #expect(state("Fr 22:00-03:00; Sa 10:00-18:00", "2026-11-28 01:00") == .open)
        // A trailing separator says nothing more.
        #expect(OpeningHours(osm: "Tu-Th,Su 10:30-22:30; Fr-Sa 10:30-24:00; ").isReadable)
    }
}
