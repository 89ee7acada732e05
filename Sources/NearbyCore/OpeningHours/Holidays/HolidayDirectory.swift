import Locking

/// Finds the holiday calendar for a place: the `country` setting first, then the place's `addr:country`,
/// then a coarse lookup of its position (where a place may lie in several countries' boxes, the country of
/// the user's time zone decides, else their calendars are merged and unsure where they differ). A user's
/// calendar file is added on top. Calendars are built once per country and kept.
public final class HolidayDirectory: Sendable {
    /// The country every place is taken to be in (a setting), or nil to look it up.
    public let country: String?
    /// The user's additions (`holidays-file`), with the name they are shown by.
    public let file: HolidayCalendarFile?
    let fileName: String
    /// The country of the user's time zone: it decides between neighbours near a border.
    public let homeCountry: String?
    private let cache = Locked<[[String]: HolidayCalendar?]>([:])

    public init(country: String? = nil, file: HolidayCalendarFile? = nil, fileName: String = "holiday file",
                homeCountry: String? = nil) {
        self.country = country?.uppercased()
        self.file = file
        self.fileName = fileName
        self.homeCountry = homeCountry?.uppercased()
    }

    /// The built-in tables alone, with no preference near borders.
    public static let builtIn = HolidayDirectory()

    /// The calendar for `place`; nil when no table applies (then every day may be a holiday).
    public func calendar(for place: Place) -> HolidayCalendar? {
        calendar(countryTag: place.address.country, at: place.coordinate)
    }

    /// The calendar for a place with this `addr:country` value at this position (either may be missing).
    public func calendar(countryTag: String?, at coordinate: Coordinate?) -> HolidayCalendar? {
        let codes = countries(countryTag: countryTag, at: coordinate)
        if let known = cache.withLock({ $0[codes] }) { return known }
        var calendar = HolidayCalendar.merging(codes.compactMap(HolidayCalendar.builtIn(country:)))
        if let file {
            calendar = calendar.map { $0.adding(file, name: fileName) } ?? HolidayCalendar.from(file, name: fileName)
        }
        cache.withLock { cache in
            if cache.count > 256 { cache.removeAll() }
            cache[codes] = calendar
        }
        return calendar
    }

    /// The countries a place may lie in, most certain source first.
    func countries(countryTag: String?, at coordinate: Coordinate?) -> [String] {
        if let country { return [country] }
        if let tag = countryTag.map({ String($0.filter { !$0.isWhitespace }).uppercased() }), tag.count == 2,
           HolidayCalendar.builtIn(country: tag) != nil {
            return [tag]
        }
        guard let coordinate else { return [] }
        let found = CountryOutlines.countries(latitude: coordinate.latitude, longitude: coordinate.longitude)
        if found.count > 1, let homeCountry, found.contains(homeCountry) { return [homeCountry] }
        return found
    }
}
