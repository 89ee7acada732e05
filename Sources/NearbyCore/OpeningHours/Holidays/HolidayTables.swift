import Locking

/// The built-in holiday tables by country (ISO 3166 alpha-2), and the calendars read from them once.
/// The tables are data (`HolidayTables+Generated.swift`, written by scripts/make-holiday-tables), in the
/// calendar-file format a user's file has.
enum HolidayTables {
    static var countries: [String] { Array(generated.keys) }

    private static let built = Locked<[String: HolidayCalendar]>([:])

    static func calendar(for code: String) -> HolidayCalendar? {
        if let known = built.withLock({ $0[code] }) { return known }
        // A table that did not read (HolidayTablesParseTests reads them all) would leave its country without
        // a calendar, "maybe" every day, rather than stop the app.
        guard let text = generated[code], let days = days(of: text) else { return nil }
        let calendar = HolidayCalendar(name: code, years: Set(years), publicDays: days)
        built.withLock { $0[code] = calendar }
        return calendar
    }

    /// A generated table's days. It reads only the lines the script writes (`PH` or `PH?`, `YYYY-MM-DD` or
    /// `MM-DD`, a name), byte by byte: the general reader of calendar files, which splits words and builds
    /// entries, took five times as long, and a country's first use must stay cheap. Nil at any other line.
    static func days(of text: String) -> [Int: HolidayCalendar.Entry]? {
        var text = text
        return text.withUTF8 { bytes -> [Int: HolidayCalendar.Entry]? in
            var days: [Int: HolidayCalendar.Entry] = [:]
            days.reserveCapacity(bytes.count / 24)
            var index = 0
            func number(_ digits: Int) -> Int? {
                guard index + digits <= bytes.count else { return nil }
                var value = 0
                for byte in bytes[index..<(index + digits)] {
                    guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                    value = value * 10 + Int(byte - UInt8(ascii: "0"))
                }
                index += digits
                return value
            }
            func skip(_ byte: UInt8) -> Bool {
                guard index < bytes.count, bytes[index] == byte else { return false }
                index += 1
                return true
            }
            while index < bytes.count {
                guard skip(UInt8(ascii: "P")), skip(UInt8(ascii: "H")) else { return nil }
                let isSure = !skip(UInt8(ascii: "?"))
                guard skip(UInt8(ascii: " ")), let first = number(2) else { return nil }
                var year: Int?, month = first
                if let century = number(2) {
                    guard skip(UInt8(ascii: "-")), let found = number(2) else { return nil }
                    year = first * 100 + century
                    month = found
                }
                guard skip(UInt8(ascii: "-")), let day = number(2), skip(UInt8(ascii: " ")) else { return nil }
                let start = index
                while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
                let name = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
                index += 1
                for each in year.map({ $0...$0 }) ?? years {
                    guard let date = CivilDay.valid(year: each, month: month, day: day) else { return nil }
                    days[date.number] = HolidayCalendar.Entry(name: name, isSure: isSure)
                }
            }
            return days
        }
    }
}
