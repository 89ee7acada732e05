/// A holiday calendar file the user adds: public holidays to add or remove, and school holidays.
///
///     # one line each: KIND DATE[..DATE] [name]
///     PH 2027-03-19 St Joseph        a public holiday that year
///     PH 12-31 New Year's Eve        every year
///     PH? 12-24 Christmas Eve        maybe: only some regions or employers keep it, or its date is estimated
///     -PH 2026-12-24                 not a public holiday, whatever the built-in table says
///     SH 2026-07-04..2026-08-16 Summer holidays
public struct HolidayCalendarFile: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        case publicHoliday, notPublicHoliday, schoolHoliday
        /// `PH?`: a day that may be a public holiday, as the built-in tables mark regional days, estimated
        /// feasts and bridge days; opening hours are then "unknown" that day, not one way or the other.
        case maybePublicHoliday
    }

    /// A day or a range, in one year or every year (`year == nil`).
    public struct Entry: Hashable, Sendable {
        public var kind: Kind
        public var year: Int?
        public var from: (month: Int, day: Int)
        public var to: (month: Int, day: Int)
        public var name: String

        public static func == (lhs: Entry, rhs: Entry) -> Bool {
            lhs.kind == rhs.kind && lhs.year == rhs.year && lhs.from == rhs.from && lhs.to == rhs.to && lhs.name == rhs.name
        }

        public func hash(into hasher: inout Hasher) {
            hasher.combine(kind)
            hasher.combine(year)
            hasher.combine(from.month)
            hasher.combine(from.day)
            hasher.combine(name)
        }

        /// The days of the entry in `year` (nothing when it names another year).
        func days(in year: Int) -> [CivilDay] {
            guard self.year == nil || self.year == year,
                  let first = CivilDay.valid(year: year, month: from.month, day: from.day) else { return [] }
            var last = CivilDay.valid(year: year, month: to.month, day: to.day) ?? first
            // A yearly range may run over the new year ("12-23..01-06").
            if last < first { last = CivilDay(year: year + 1, month: to.month, day: to.day) }
            return (first.number...last.number).prefix(400).map(CivilDay.init(number:))
        }
    }

    /// Why a line of a calendar file was refused, with its number.
    public struct Failure: Error, Hashable, Sendable, CustomStringConvertible {
        public var line: Int
        public var reason: String
        public var description: String { "line \(line): \(reason)" }
    }

    public var entries: [Entry]

    public init(entries: [Entry]) {
        self.entries = entries
    }

    /// Reads the file's text; the first bad line fails the whole file, so a typo never goes unnoticed.
    public init(parsing text: String) throws(Failure) {
        var entries: [Entry] = []
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.drop { $0 == " " || $0 == "\t" }
            if line.isEmpty || line.hasPrefix("#") || line.allSatisfy({ $0 == " " || $0 == "\t" || $0 == "\r" }) { continue }
            let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" })
            let kind: Kind
            switch words[0].uppercased() {
            case "PH": kind = .publicHoliday
            case "PH?": kind = .maybePublicHoliday
            case "-PH": kind = .notPublicHoliday
            case "SH": kind = .schoolHoliday
            default:
                // The line is not quoted: a setting that names the wrong file (a password file) must not
                // print what that file holds.
                throw Failure(line: index + 1, reason: "does not start with PH, PH?, -PH or SH")
            }
            guard words.count >= 2 else { throw Failure(line: index + 1, reason: "a date must follow \(words[0])") }
            let range = words[1].split(separator: ".", omittingEmptySubsequences: true)
            guard words[1].contains(".") ? words[1].contains("..") && range.count == 2 : range.count == 1,
                  let from = Self.date(range[0]), let to = Self.date(range[range.count - 1]) else {
                throw Failure(line: index + 1,
                              reason: "\"\(words[1])\" is not a date: write YYYY-MM-DD, MM-DD or FROM..TO")
            }
            guard from.year == to.year else {
                throw Failure(line: index + 1, reason: "a range must stay in one year, or use MM-DD for every year")
            }
            let name = words.dropFirst(2).joined(separator: " ")
            entries.append(Entry(kind: kind, year: from.year, from: (from.month, from.day), to: (to.month, to.day),
                                 name: name.isEmpty ? (kind == .schoolHoliday ? "School holiday" : "Public holiday") : name))
        }
        self.entries = entries
    }

    /// "2026-12-24" or "12-24".
    private static func date(_ text: Substring) -> (year: Int?, month: Int, day: Int)? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2 || parts.count == 3, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) }),
              let numbers = Optional(parts.compactMap { Int($0) }), numbers.count == parts.count else { return nil }
        let year = parts.count == 3 ? numbers[0] : nil
        let month = numbers[numbers.count - 2], day = numbers[numbers.count - 1]
        if let year, !(1...9999).contains(year) { return nil }
        guard CivilDay.valid(year: year ?? 2024, month: month, day: day) != nil else { return nil }
        return (year, month, day)
    }

    /// The years the file's public holidays speak about (every covered year when an entry is yearly).
    var publicYears: Set<Int> {
        var years: Set<Int> = []
        for entry in entries where entry.kind == .publicHoliday {
            if let year = entry.year { years.insert(year) } else { years.formUnion(HolidayTables.years) }
        }
        return years
    }

    var schoolYears: Set<Int> {
        var years: Set<Int> = []
        for entry in entries where entry.kind == .schoolHoliday {
            if let year = entry.year { years.insert(year) } else { years.formUnion(HolidayTables.years) }
        }
        return years
    }
}

extension HolidayCalendar {
    /// This calendar with a file's additions and removals; a file's school holidays make SH known for its years.
    public func adding(_ file: HolidayCalendarFile, name fileName: String) -> HolidayCalendar {
        var result = self
        result.years.formUnion(file.publicYears)
        result.schoolYears.formUnion(file.schoolYears)
        let years = result.years.union(result.schoolYears)
        for entry in file.entries {
            for year in years {
                for day in entry.days(in: year) {
                    switch entry.kind {
                    case .publicHoliday: result.publicDays[day.number] = Entry(name: entry.name, isSure: true)
                    case .maybePublicHoliday: result.publicDays[day.number] = Entry(name: entry.name, isSure: false)
                    case .notPublicHoliday: result.publicDays[day.number] = nil
                    case .schoolHoliday: result.schoolDays[day.number] = entry.name
                    }
                }
            }
        }
        return HolidayCalendar(name: name.isEmpty ? fileName : name + " + " + fileName, years: result.years,
                               publicDays: result.publicDays, schoolYears: result.schoolYears,
                               schoolDays: result.schoolDays)
    }

    /// A calendar from a file alone, for a place no built-in table covers.
    public static func from(_ file: HolidayCalendarFile, name: String) -> HolidayCalendar {
        HolidayCalendar(name: "", years: [], publicDays: [:]).adding(file, name: name)
    }
}
