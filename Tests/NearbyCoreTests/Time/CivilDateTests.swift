import Foundation
import Testing
@testable import NearbyCore

struct CivilDateTests {
    @Test func matchesFoundationAcrossCenturiesAndLeapDays() throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: "UTC"))
        // From 1700: Foundation's Gregorian calendar turns Julian before October 1582.
        for days in stride(from: -98_000, through: 200_000, by: 997) + [0, -1, 11_016, 11_017, 19_417] {
            let date = Date(timeIntervalSince1970: Double(days) * 86_400)
            let parts = calendar.dateComponents([.year, .month, .day], from: date)
            let civil = CivilDate.civil(fromDays: days)
            #expect(civil.year == parts.year && civil.month == parts.month && civil.day == parts.day, "day \(days)")
        }
    }

    @Test func formatsUTCTimestamps() {
        #expect(CivilDate.iso8601UTC(Date(timeIntervalSince1970: 0)) == "1970-01-01T00:00:00Z")
        #expect(CivilDate.iso8601UTC(Date(timeIntervalSince1970: 1_795_000_000)) == "2026-11-18T11:06:40Z")
        #expect(CivilDate.iso8601UTC(Date(timeIntervalSince1970: -1)) == "1969-12-31T23:59:59Z")
    }

    @Test func microsecondsRoundDownAsDatesDo() {
        for micros: Int64 in [0, 1, 999_999, 1_000_000, -1, -999_999, -1_000_000, -1_000_001, 1_795_000_000_123_456,
                              .max, .min] {
            #expect(CivilDate.seconds(microseconds: micros)
                    == CivilDate.seconds(of: Date(timeIntervalSince1970: Double(micros) / 1_000_000)), "\(micros)")
        }
    }
}
