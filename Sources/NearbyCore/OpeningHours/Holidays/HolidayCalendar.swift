/// The public holidays (and, from a calendar file, school holidays) of one place: for each day, a holiday,
/// not a holiday, or "maybe" where the table cannot be sure (regional days, estimates, years it does not cover).
public struct HolidayCalendar: Hashable, Sendable {
    /// What a calendar knows about one day.
    public enum Answer: Hashable, Sendable {
        case holiday(String)
        case notHoliday
        /// It might be one (a regional holiday, an estimated feast, a year the table does not cover).
        case maybe(String?)
    }

    struct Entry: Hashable, Sendable {
        var name: String
        var isSure: Bool
    }

    /// "LI", "LI, CH" for a place near a border, or the calendar file's name.
    public let name: String
    /// The years whose public holidays the table knows.
    public internal(set) var years: Set<Int>
    var publicDays: [Int: Entry]
    /// The years whose school holidays a calendar file gave.
    var schoolYears: Set<Int>
    var schoolDays: [Int: String]

    init(name: String, years: Set<Int>, publicDays: [Int: Entry], schoolYears: Set<Int> = [],
         schoolDays: [Int: String] = [:]) {
        self.name = name
        self.years = years
        self.publicDays = publicDays
        self.schoolYears = schoolYears
        self.schoolDays = schoolDays
    }

    public func publicHoliday(on day: CivilDay) -> Answer {
        guard years.contains(day.year) else { return .maybe(nil) }
        guard let entry = publicDays[day.number] else { return .notHoliday }
        return entry.isSure ? .holiday(entry.name) : .maybe(entry.name)
    }

    public func schoolHoliday(on day: CivilDay) -> Answer {
        guard schoolYears.contains(day.year) else { return .maybe(nil) }
        return schoolDays[day.number].map { .holiday($0) } ?? .notHoliday
    }

    /// The holidays of one of the built-in countries (ISO 3166 alpha-2, "LI"), for 2020–2035.
    public static func builtIn(country code: String) -> HolidayCalendar? {
        HolidayTables.calendar(for: code.uppercased())
    }

    /// One calendar for a place that may lie in any of `calendars`: sure only where they all agree.
    public static func merging(_ calendars: [HolidayCalendar]) -> HolidayCalendar? {
        guard var merged = calendars.first else { return nil }
        guard calendars.count > 1 else { return merged }
        merged = HolidayCalendar(name: calendars.map(\.name).joined(separator: ", "),
                                 years: calendars.dropFirst().reduce(merged.years) { $0.intersection($1.years) },
                                 publicDays: [:])
        for calendar in calendars {
            for (day, entry) in calendar.publicDays where merged.publicDays[day] == nil {
                let everywhere = calendars.allSatisfy { $0.publicDays[day]?.isSure ?? false }
                merged.publicDays[day] = Entry(name: entry.name, isSure: everywhere)
            }
        }
        return merged
    }
}
