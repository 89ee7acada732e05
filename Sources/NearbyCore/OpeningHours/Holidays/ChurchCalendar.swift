/// Western Easter, which the opening-hours `easter` rule hangs on (the holiday tables are dated data).
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
}
