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

/// Builds a country's calendar from its rules, year by year.
enum HolidayTableBuilder {
    static let years = 2020...2035

    static func calendar(name: String, rules: [HolidayRule], bridgeDays: Bool) -> HolidayCalendar {
        var days: [Int: HolidayCalendar.Entry] = [:]
        func put(_ day: CivilDay, _ name: String, sure: Bool) {
            if let existing = days[day.number], existing.isSure || !sure { return }
            days[day.number] = HolidayCalendar.Entry(name: name, isSure: sure)
        }
        for year in years {
            let placed = rules.flatMap { rule in
                rule.years.map { $0.contains(year) } ?? true ? rule.date.days(in: year).map { ($0, rule) } : []
            }
            for (day, rule) in placed {
                if case .islamic = rule.date {
                    for offset in -1...1 { put(day.adding(days: offset), rule.name, sure: false) }
                    continue
                }
                let sundayUnsure = !rule.sundayIsSure && day.weekday == 6
                put(day, rule.name, sure: !(rule.regional || rule.date.isEstimate || sundayUnsure))
            }
            // Weekends move holidays once every holiday of the year is known, so a moved day skips them.
            var moved: Set<Int> = []
            for (day, rule) in placed.sorted(by: { $0.0 < $1.0 }) {
                guard let observance = rule.observed,
                      let target = observedDay(day, observance, isTaken: { number in
                          days[number]?.isSure == true || moved.contains(number)
                      }) else { continue }
                moved.insert(target.number)
                put(target, rule.name + " (observed)",
                    sure: rule.observedIsSure && !(rule.regional || rule.date.isEstimate))
            }
            if bridgeDays {
                // Governments there often give the day between a holiday and the weekend off, by decree.
                for (number, entry) in days where CivilDay(number: number).year == year {
                    let day = CivilDay(number: number)
                    if day.weekday == 1 { put(day.previous, entry.name + " (bridge day)", sure: false) }
                    if day.weekday == 3 { put(day.next, entry.name + " (bridge day)", sure: false) }
                }
            }
        }
        return HolidayCalendar(name: name, years: Set(years), publicDays: days)
    }

    private static func observedDay(_ day: CivilDay, _ observance: HolidayRule.Observance,
                                    isTaken: (Int) -> Bool) -> CivilDay? {
        func nextFree(from start: CivilDay) -> CivilDay {
            var candidate = start
            while candidate.weekday >= 5 || isTaken(candidate.number) { candidate = candidate.next }
            return candidate
        }
        switch observance {
        case .nearestWeekday:
            return day.weekday == 5 ? day.previous : day.weekday == 6 ? day.next : nil
        case .nextFreeWeekday:
            return day.weekday >= 5 ? nextFree(from: day.adding(days: 7 - day.weekday)) : nil
        case .mondayAfterSunday:
            return day.weekday == 6 ? day.next : nil
        case .nextFreeWeekdayAfterSunday:
            return day.weekday == 6 ? nextFree(from: day.next) : nil
        }
    }
}
