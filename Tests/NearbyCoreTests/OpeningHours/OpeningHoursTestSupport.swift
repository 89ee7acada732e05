import Foundation
@testable import NearbyCore

/// The time zone every opening-hours test evaluates in.
let vaduz = (try? ZoneRules.named("Europe/Vaduz")) ?? ZoneRules.posix("CET-1CEST,M3.5.0,M10.5.0/3") ?? .utc

/// Vaduz with Liechtenstein's public holidays and its position (for sunrise and sunset).
let vaduzPlace = HoursContext(zone: vaduz, position: Coordinate(latitude: 47.1410, longitude: 9.5209),
                              holidays: HolidayCalendar.builtIn(country: "LI"))

/// The instant of a local wall-clock time in Vaduz ("2026-11-23 10:00"); November 2026 starts its weeks on
/// Monday the 2nd, 9th, 16th, 23rd, 30th.
func vaduzTime(_ text: String) -> Date {
    let parts = text.split(whereSeparator: { $0 == "-" || $0 == " " || $0 == ":" }).compactMap { Int($0) }
    precondition(parts.count == 5, "test instant must read yyyy-MM-dd HH:mm: \(text)")
    let local = LocalDateTime(day: CivilDay(year: parts[0], month: parts[1], day: parts[2]), hour: parts[3],
                              minute: parts[4])
    guard let date = vaduz.instant(of: local) else { preconditionFailure("no such time: \(text)") }
    return date
}

/// An instant in UTC, for times a DST change makes ambiguous in local time.
func utcTime(_ text: String) -> Date {
    let parts = text.split(whereSeparator: { $0 == "-" || $0 == " " || $0 == ":" }).compactMap { Int($0) }
    precondition(parts.count == 5, "test instant must read yyyy-MM-dd HH:mm: \(text)")
    let day = CivilDay(year: parts[0], month: parts[1], day: parts[2])
    return Date(timeIntervalSince1970: Double(day.number * 86_400 + parts[3] * 3600 + parts[4] * 60))
}
