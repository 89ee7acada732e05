/// The movable feasts holiday rules hang on: Easter in the Western and the Orthodox churches, and the
/// tabular Islamic calendar (an estimate: the real dates follow the moon's sighting, a day either way).
enum ChurchCalendar {
    /// Western Easter Sunday (the Gregorian computus).
    static func easter(_ year: Int) -> CivilDay {
        let a = year % 19, b = year / 100, c = year % 100, d = b / 4, e = b % 4
        let f = (b + 8) / 25, g = (b - f + 1) / 3
        let h = (19 * a + b - d - g + 15) % 30
        let i = c / 4, k = c % 4
        let l = (32 + 2 * e + 2 * i - h - k) % 7
        let m = (a + 11 * h + 22 * l) / 451
        let month = (h + l - 7 * m + 114) / 31, day = (h + l - 7 * m + 114) % 31 + 1
        return CivilDay(year: year, month: month, day: day)
    }

    /// Orthodox Easter Sunday: the Julian computus, moved to the Gregorian calendar.
    static func orthodoxEaster(_ year: Int) -> CivilDay {
        let a = year % 4, b = year % 7, c = year % 19
        let d = (19 * c + 15) % 30, e = (2 * a + 4 * b - d + 34) % 7
        let month = (d + e + 114) / 31, day = (d + e + 114) % 31 + 1
        return CivilDay(year: year, month: month, day: day).adding(days: year / 100 - year / 400 - 2)
    }

    /// The days in `year` that the tabular Islamic calendar gives `month`/`day`.
    static func islamic(month: Int, day: Int, in year: Int) -> [CivilDay] {
        let estimate = Int(Double(year - 622) * 33 / 32)
        var result: [CivilDay] = []
        for islamicYear in (estimate - 2)...(estimate + 2) where islamicYear > 0 {
            let julianDay = day + (295 * (month - 1) + 9) / 10 + (islamicYear - 1) * 354 + (3 + 11 * islamicYear) / 30
                + 1_948_439 - 1
            let civil = CivilDay(number: julianDay - 2_440_587)
            if civil.year == year { result.append(civil) }
        }
        return result
    }
}
