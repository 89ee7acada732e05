import Foundation
import TestSupport
import Testing
@testable import NearbyCore

/// The built-in tables against an independent one: the `holidays` package for Python (pinned in .ci/run),
/// every country, 2020–2035. A day our table is sure of must be a holiday there, and every holiday there
/// must be one we are sure of or unsure of: never a confident wrong answer.
@Suite("Holidays: against the holidays package",
       .enabled(if: HolidayOracle.isAvailable, "python3 with the holidays package is missing (pip install holidays)"))
struct HolidayOracleTests {
    /// Days off declared at short notice (elections, anniversaries, a state funeral, a flood, days moved
    /// by decree): no rule can know them in advance.
    static let declaredAtShortNotice: Set<String> = [
        "AG 2023-01-19", "BB 2021-01-04", "BB 2021-01-05", "BB 2023-07-31", "BG 2025-12-31", "BS 2022-09-19",
        "GD 2022-06-24", "GD 2023-07-04", "KN 2023-07-04", "MK 2024-04-24", "MK 2024-05-08", "SI 2023-08-14",
        "UA 2021-05-04", "VC 2021-01-22", "VC 2021-01-25", "XK 2029-04-10", "XK 2035-02-20",
    ]

    @Test func neverConfidentlyWrong() async throws {
        let codes = HolidayTablesTests.europe + HolidayTablesTests.northAmerica
        let oracle = try await HolidayOracle.holidays(countries: codes, years: 2020...2035)
        var checked = 0
        for code in codes {
            let calendar = try #require(HolidayCalendar.builtIn(country: code))
            let theirs = Set(oracle[code] ?? [])
            let first = CivilDay(year: 2020, month: 1, day: 1), last = CivilDay(year: 2035, month: 12, day: 31)
            for number in first.number...last.number {
                let day = CivilDay(number: number)
                let key = "\(code) \(day.isoText)"
                switch calendar.publicHoliday(on: day) {
                case .holiday(let name):
                    #expect(theirs.contains(day.isoText), "\(key): we say \(name), the package says no holiday")
                case .notHoliday:
                    #expect(!theirs.contains(day.isoText) || Self.declaredAtShortNotice.contains(key),
                            "\(key): the package has a holiday we are sure is not one")
                case .maybe:
                    break
                }
                checked += 1
            }
        }
        #expect(checked == codes.count * 5_844)
    }
}

enum HolidayOracle {
    static let isAvailable: Bool =
        (try? Command.runBlocking("python3", ["-c", "import holidays"], errors: .discarded))?.exit == .exited(0)

    /// ISO dates of each country's holidays in `years`, as the package lists them.
    static func holidays(countries: [String], years: ClosedRange<Int>) async throws -> [String: [String]] {
        let script = """
            import json, holidays
            years = list(range(\(years.lowerBound), \(years.upperBound + 1)))
            print(json.dumps({c: sorted(str(d) for d in holidays.country_holidays(c, years=years))
                              for c in \(countries)}))
            """
        let output = Data(try await Command.output("python3", ["-c", script], errors: .discarded).utf8)
        guard let answer = try JSONSerialization.jsonObject(with: output) as? [String: [String]] else {
            throw CocoaError(.fileReadCorruptFile)
        }
        return answer
    }
}
