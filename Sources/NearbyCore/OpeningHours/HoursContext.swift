import FoundationEssentials

/// Where opening hours are read: the zone of the wall clock, the position (for sunrise and sunset) and the
/// holiday calendar that applies there (nil: none is known, so any day may be a holiday).
public struct HoursContext: Sendable {
    public var zone: ZoneRules
    public var position: Coordinate?
    public var holidays: HolidayCalendar?

    public init(zone: ZoneRules, position: Coordinate? = nil, holidays: HolidayCalendar? = nil) {
        self.zone = zone
        self.position = position
        self.holidays = holidays
    }

    // MARK: Days and instants

    /// The local day and minute of the day (0…1439) of an instant.
    func locate(_ date: Date) -> (day: CivilDay, minute: Int) {
        let local = zone.localDateTime(at: date)
        return (local.day, local.minuteOfDay)
    }

    /// The first instant after `after` whose local time is `day` at `minute` (which may pass 1440). Of a
    /// repeated time the earliest still ahead; a skipped time happens when the clocks jump.
    func instant(_ day: CivilDay, minute: Int, after: Date? = nil) -> Date {
        let local = LocalDateTime(localSeconds: day.number * 86_400 + minute * 60)
        switch zone.resolve(local) {
        case .unique(let date):
            return date
        case .repeated(let earlier, let later):
            if let after, earlier <= after { return later }
            return earlier
        case .skipped(let jump):
            return jump.date
        }
    }

    // MARK: Sun

    /// The local minutes of each sun event on `day`; nil for every event when the position is unknown.
    func sunMinutes(on day: CivilDay) -> SunMinutes {
        guard let position else { return { _ in nil } }
        let zone = self.zone
        return { event in
            switch SunCalculator.outcome(of: event, on: day, latitude: position.latitude, longitude: position.longitude) {
            case .at(let seconds):
                let local = zone.localDateTime(at: Date(timeIntervalSince1970: Double(seconds)))
                return (local.day.number - day.number) * 1440 + local.minuteOfDay
            case .alwaysAbove:
                return event.isMorning ? 0 : 1440
            case .alwaysBelow:
                return 720
            }
        }
    }

    // MARK: Holidays

    /// What the day may be: one set of facts when the calendar is sure, an ordinary day first and the
    /// holiday readings after it when it is not. Only the kinds the rules mention are considered.
    func possibleFacts(on day: CivilDay, publicHolidays: Bool, schoolHolidays: Bool) -> [HolidayFacts] {
        let publicOptions = publicHolidays ? options(holidays.map { $0.publicHoliday(on: day) } ?? .maybe(nil)) : [false]
        let schoolOptions = schoolHolidays ? options(holidays.map { $0.schoolHoliday(on: day) } ?? .maybe(nil)) : [false]
        var result: [HolidayFacts] = []
        for publicHoliday in publicOptions {
            for schoolHoliday in schoolOptions {
                result.append(HolidayFacts(publicHoliday: publicHoliday, schoolHoliday: schoolHoliday))
            }
        }
        return result
    }

    private func options(_ answer: HolidayCalendar.Answer) -> [Bool] {
        switch answer {
        case .holiday: [true]
        case .notHoliday: [false]
        case .maybe: [false, true]
        }
    }

    /// The name of the public holiday on `day`, when the calendar is sure of one.
    func publicHolidayName(on day: CivilDay) -> String? {
        if case .holiday(let name)? = holidays?.publicHoliday(on: day) { return name }
        return nil
    }
}

extension HoursContext {
    /// Where `place`'s hours are read: `zone`, the place's position, and its country's holidays.
    public init(place: Place, zone: ZoneRules, holidays: HolidayDirectory) {
        self.init(zone: zone, position: place.coordinate, holidays: holidays.calendar(for: place))
    }
}
