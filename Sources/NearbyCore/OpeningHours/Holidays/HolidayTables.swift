import Locking

/// The built-in holiday rules by country (ISO 3166 alpha-2), and the calendars built from them once.
enum HolidayTables {
    /// Countries whose governments often declare the day between a holiday and a weekend off.
    static let bridgeDayCountries: Set<String> = [
        "AL", "BA", "BG", "BY", "CY", "CZ", "GR", "HU", "LT", "LV", "MD", "ME", "MK", "RO", "RS", "RU", "SK", "UA", "XK",
    ]

    static var countries: [String] { Array(europe.keys) + Array(northAmerica.keys) }

    private static let built = Locked<[String: HolidayCalendar]>([:])

    static func calendar(for code: String) -> HolidayCalendar? {
        if let known = built.withLock({ $0[code] }) { return known }
        guard let rules = europe[code] ?? northAmerica[code] else { return nil }
        let calendar = HolidayTableBuilder.calendar(name: code, rules: rules,
                                                    bridgeDays: bridgeDayCountries.contains(code))
        built.withLock { $0[code] = calendar }
        return calendar
    }
}
