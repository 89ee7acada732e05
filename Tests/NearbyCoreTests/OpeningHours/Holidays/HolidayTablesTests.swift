import Foundation
import Testing
@testable import NearbyCore

/// The built-in holiday tables against known years, from the countries' published calendars.
@Suite("Holidays: built-in tables")
struct HolidayTablesTests {
    static let europe = ["AD", "AL", "AT", "BA", "BE", "BG", "BY", "CH", "CY", "CZ", "DE", "DK", "EE", "ES", "FI",
                         "FR", "GB", "GR", "HR", "HU", "IE", "IS", "IT", "LI", "LT", "LU", "LV", "MC", "MD", "ME",
                         "MK", "MT", "NL", "NO", "PL", "PT", "RO", "RS", "RU", "SE", "SI", "SK", "SM", "UA", "VA", "XK"]
    static let northAmerica = ["AG", "BB", "BS", "BZ", "CA", "CR", "CU", "DM", "DO", "GD", "GT", "HN", "HT", "JM",
                               "KN", "LC", "MX", "NI", "PA", "SV", "TT", "US", "VC"]

    @Test func everyCountryOfEuropeAndNorthAmericaHasATable() {
        for code in Self.europe + Self.northAmerica {
            let calendar = HolidayCalendar.builtIn(country: code)
            #expect(calendar != nil, "\(code)")
            #expect(calendar?.years == Set(2020...2035), "\(code)")
        }
        #expect(HolidayCalendar.builtIn(country: "JP") == nil)
        #expect(HolidayCalendar.builtIn(country: "li")?.name == "LI")
    }

    @Test func easterDates() {
        #expect(["2024-03-31", "2025-04-20", "2026-04-05", "2027-03-28", "2030-04-21", "2035-03-25"]
            == [2024, 2025, 2026, 2027, 2030, 2035].map { ChurchCalendar.easter($0).isoText })
    }

    private func sureDays(_ code: String, _ year: Int) -> [String] {
        guard let calendar = HolidayCalendar.builtIn(country: code) else { return [] }
        return dayList(year).filter { if case .holiday = calendar.publicHoliday(on: $0) { true } else { false } }
            .map { String($0.isoText.dropFirst(5)) }
    }

    private func maybeDays(_ code: String, _ year: Int) -> [String] {
        guard let calendar = HolidayCalendar.builtIn(country: code) else { return [] }
        return dayList(year).filter { if case .maybe = calendar.publicHoliday(on: $0) { true } else { false } }
            .map { String($0.isoText.dropFirst(5)) }
    }

    private func dayList(_ year: Int) -> [CivilDay] {
        let first = CivilDay(year: year, month: 1, day: 1)
        return (0..<(CivilDate.isLeapYear(year) ? 366 : 365)).map { first.adding(days: $0) }
    }

    @Test func liechtenstein2026() {
        #expect(sureDays("LI", 2026) == ["01-01", "01-06", "02-02", "03-19", "04-05", "04-06", "05-01", "05-14",
                                         "05-24", "05-25", "06-04", "08-15", "09-08", "11-01", "12-08", "12-25",
                                         "12-26"])
        // Berchtold's Day, Shrove Tuesday, Good Friday, Christmas and New Year's Eve are bank holidays, not
        // public ones: shops open.
        #expect(maybeDays("LI", 2026).isEmpty)
    }

    @Test func germany2025NationalAndRegional() {
        #expect(sureDays("DE", 2025) == ["01-01", "04-18", "04-21", "05-01", "05-29", "06-09", "10-03", "12-25",
                                         "12-26"])
        let regional = maybeDays("DE", 2025)
        for day in ["01-06", "06-19", "08-15", "10-31", "11-01", "11-19"] { #expect(regional.contains(day), "\(day)") }
    }

    @Test func unitedStates2026MovesWeekendHolidays() {
        #expect(sureDays("US", 2026) == ["01-01", "01-19", "02-16", "05-25", "06-19", "07-03", "07-04", "09-07",
                                         "10-12", "11-11", "11-26", "12-25"])
        // New Year's Day 2022 was a Saturday: observed on Friday 31 December 2021.
        #expect(sureDays("US", 2021).contains("12-31"))
    }

    @Test func unitedKingdom2022WithItsOneOffDays() {
        #expect(sureDays("GB", 2022) == ["01-01", "01-03", "04-15", "05-02", "06-02", "06-03", "09-19", "12-25", "12-26",
                                         "12-27"])
        // Easter Monday is not a holiday in Scotland.
        #expect(maybeDays("GB", 2022).contains("04-18"))
    }

    @Test func france2027() {
        #expect(sureDays("FR", 2027) == ["01-01", "03-29", "05-01", "05-06", "05-08", "05-17", "07-14", "08-15",
                                         "11-01", "11-11", "12-25"])
    }

    @Test func canadaIsSureOnlyOfItsNationwideDays() {
        #expect(sureDays("CA", 2026) == ["01-01", "04-03", "07-01", "09-07", "12-25"])
        #expect(maybeDays("CA", 2026).contains("05-18"))  // Victoria Day, not in every province
    }

    @Test func islamicFeastsAreNeverSure() {
        let albania = HolidayCalendar.builtIn(country: "AL")
        for day in ["2026-03-19", "2026-03-20", "2026-03-21"] {
            let parts = day.split(separator: "-").compactMap { Int($0) }
            guard case .maybe? = albania?.publicHoliday(on: CivilDay(year: parts[0], month: parts[1], day: parts[2]))
            else {
                Issue.record("\(day) should be a maybe")
                continue
            }
        }
    }
}

@Suite("Holidays: where a place is")
struct HolidayDirectoryTests {
    private func place(_ latitude: Double, _ longitude: Double, country: String? = nil) -> Place {
        Place(id: PlaceID(source: .osm, sourceID: "n1"), name: "P", category: .cafe,
              coordinate: Coordinate(latitude: latitude, longitude: longitude),
              address: Address(country: country), attribution: "OSM")
    }

    @Test func coarseLookupByPosition() {
        #expect(CountryOutlines.countries(latitude: 47.1410, longitude: 9.5209) == ["LI"])  // Vaduz
        #expect(CountryOutlines.countries(latitude: 47.2386, longitude: 9.5275) == ["LI"])  // Ruggell
        #expect(CountryOutlines.countries(latitude: 47.1670, longitude: 9.4780) == ["CH"])  // Buchs SG, across the Rhine
        #expect(CountryOutlines.countries(latitude: 47.2380, longitude: 9.5980).contains("AT"))  // Feldkirch
        #expect(CountryOutlines.countries(latitude: 40.7128, longitude: -74.0060) == ["US"])  // New York
        #expect(CountryOutlines.countries(latitude: 35.6762, longitude: 139.6503) == [])  // Tokyo
    }

    @Test func settingThenTagThenPosition() {
        let builtIn = HolidayDirectory()
        #expect(builtIn.calendar(for: place(47.141, 9.5209))?.name == "LI")
        #expect(builtIn.calendar(for: place(47.141, 9.5209, country: "ch"))?.name == "CH")
        #expect(HolidayDirectory(country: "AT").calendar(for: place(47.141, 9.5209, country: "CH"))?.name == "AT")
        #expect(builtIn.calendar(for: place(35.6762, 139.6503)) == nil)
    }

    @Test func nearABorderTheHomeCountryDecidesElseTheCalendarsMerge() {
        let chicago = place(41.8781, -87.6298)
        #expect(HolidayDirectory(homeCountry: "US").calendar(for: chicago)?.name == "US")
        let merged = HolidayDirectory().calendar(for: chicago)
        #expect(merged?.name == "CA, US")
        // Thanksgiving in the United States only: unsure for a place that may be in either.
        guard case .maybe? = merged?.publicHoliday(on: CivilDay(year: 2026, month: 11, day: 26)) else {
            Issue.record("US Thanksgiving should be unsure where Canada may apply")
            return
        }
        #expect(merged?.publicHoliday(on: CivilDay(year: 2026, month: 12, day: 25)) == .holiday("Christmas Day"))
    }

    @Test func aCalendarFileAddsAndRemovesDays() throws {
        let file = try HolidayCalendarFile(parsing: """
            # our village
            PH 2026-11-27 Village fair
            PH 11-20
            -PH 2026-12-26
            SH 2026-12-21..2026-12-31 Christmas break
            """)
        let directory = HolidayDirectory(file: file, fileName: "village.txt")
        let calendar = try #require(directory.calendar(for: place(47.141, 9.5209)))
        #expect(calendar.name == "LI + village.txt")
        #expect(calendar.publicHoliday(on: CivilDay(year: 2026, month: 11, day: 27)) == .holiday("Village fair"))
        #expect(calendar.publicHoliday(on: CivilDay(year: 2030, month: 11, day: 20)) == .holiday("Public holiday"))
        #expect(calendar.publicHoliday(on: CivilDay(year: 2026, month: 12, day: 26)) == .notHoliday)
        #expect(calendar.schoolHoliday(on: CivilDay(year: 2026, month: 12, day: 22)) == .holiday("Christmas break"))
        #expect(calendar.schoolHoliday(on: CivilDay(year: 2026, month: 12, day: 1)) == .notHoliday)
        #expect(calendar.schoolHoliday(on: CivilDay(year: 2027, month: 12, day: 22)) == .maybe(nil))
        // A place no table covers gets the file alone.
        let tokyo = try #require(directory.calendar(for: place(35.6762, 139.6503)))
        #expect(tokyo.publicHoliday(on: CivilDay(year: 2026, month: 11, day: 27)) == .holiday("Village fair"))
    }

    @Test(arguments: [
        ("XH 2026-01-01", "line 1: does not start with PH, PH?, -PH or SH"),
        ("PH", "line 1: a date must follow PH"),
        ("\nPH 2026-02-30", "line 2: \"2026-02-30\" is not a date: write YYYY-MM-DD, MM-DD or FROM..TO"),
        ("SH 2026-12-20..2027-01-06", "line 1: a range must stay in one year, or use MM-DD for every year"),
        ("PH 2026-13-01", "line 1: \"2026-13-01\" is not a date: write YYYY-MM-DD, MM-DD or FROM..TO"),
    ])
    func aBadCalendarFileSaysWhichLine(text: String, message: String) {
        #expect(throws: HolidayCalendarFile.Failure.self) { try HolidayCalendarFile(parsing: text) }
        do {
            _ = try HolidayCalendarFile(parsing: text)
        } catch {
            #expect(error.description == message)
        }
    }
}
