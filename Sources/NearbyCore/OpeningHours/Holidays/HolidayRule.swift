/// One public holiday of a country, as its law states it: a date rule, how a weekend moves it, and how sure
/// we are that it is a day off everywhere in the country.
struct HolidayRule: Sendable {
    enum DateRule: Sendable {
        case fixed(Int, Int)
        /// Days after Western Easter Sunday (Good Friday: -2).
        case easter(Int)
        case orthodoxEaster(Int)
        /// The nth weekday of a month (-1: the last).
        case nth(Int, Weekday, month: Int)
        case weekday(Weekday, onOrAfter: Int, Int)
        case weekdayOnOrBefore(Weekday, Int, Int)
        /// An Islamic feast (tabular estimate): the day and the days either side are uncertain.
        case islamic(Int, Int)
        /// One year only (a jubilee, a state funeral).
        case once(Int, Int, Int)
        /// A holiday that moves by decree around a date: every day of the window is uncertain.
        case around(Int, Int, before: Int, after: Int)
        /// Ireland: 1 February when it is a Friday, else the first Monday of February.
        case stBrigidsDay
        /// The Netherlands: 27 April, or the 26th when the 27th is a Sunday.
        case kingsDay

        static func weekday(_ weekday: Weekday, onOrBefore month: Int, _ day: Int) -> DateRule {
            .weekdayOnOrBefore(weekday, month, day)
        }

        func days(in year: Int) -> [CivilDay] {
            switch self {
            case .fixed(let month, let day):
                return CivilDay.valid(year: year, month: month, day: day).map { [$0] } ?? []
            case .easter(let offset):
                return [ChurchCalendar.easter(year).adding(days: offset)]
            case .orthodoxEaster(let offset):
                return [ChurchCalendar.orthodoxEaster(year).adding(days: offset)]
            case .nth(let n, let weekday, let month):
                if n > 0 {
                    return [CivilDay(year: year, month: month, day: 1).onOrAfter(weekday: weekday.rawValue)
                        .adding(days: 7 * (n - 1))]
                }
                let last = CivilDay(year: year, month: month + 1, day: 1).previous
                let back = CivilDay.floorMod(last.weekday - weekday.rawValue, 7)
                return [last.adding(days: -back + 7 * (n + 1))]
            case .weekday(let weekday, let month, let day):
                return [CivilDay(year: year, month: month, day: day).onOrAfter(weekday: weekday.rawValue)]
            case .weekdayOnOrBefore(let weekday, let month, let day):
                let date = CivilDay(year: year, month: month, day: day)
                return [date.adding(days: -CivilDay.floorMod(date.weekday - weekday.rawValue, 7))]
            case .islamic(let month, let day):
                return ChurchCalendar.islamic(month: month, day: day, in: year)
            case .once(let onlyYear, let month, let day):
                return onlyYear == year ? [CivilDay(year: year, month: month, day: day)] : []
            case .around(let month, let day, let before, let after):
                let centre = CivilDay(year: year, month: month, day: day)
                return (-before...after).map { centre.adding(days: $0) }
            case .stBrigidsDay:
                let first = CivilDay(year: year, month: 2, day: 1)
                return [first.weekday == Weekday.friday.rawValue ? first : first.onOrAfter(weekday: 0)]
            case .kingsDay:
                let day = CivilDay(year: year, month: 4, day: 27)
                return [day.weekday == Weekday.sunday.rawValue ? day.previous : day]
            }
        }

        /// Whether the rule only ever says "maybe".
        var isEstimate: Bool {
            switch self {
            case .islamic, .around: true
            default: false
            }
        }
    }

    /// How a holiday on a weekend gives another day off.
    enum Observance: Sendable {
        /// United States: Saturday's holiday is taken on Friday, Sunday's on Monday.
        case nearestWeekday
        /// On a weekend, the next weekday that is not a holiday already (United Kingdom).
        case nextFreeWeekday
        /// On a Sunday, the Monday.
        case mondayAfterSunday
        /// On a Sunday, the next weekday that is not a holiday already.
        case nextFreeWeekdayAfterSunday
    }

    enum Weekday: Int, Sendable {
        case monday, tuesday, wednesday, thursday, friday, saturday, sunday
    }

    var date: DateRule
    var name: String
    /// Only some regions keep it: the day is a "maybe".
    var regional = false
    var observed: Observance?
    /// Whether the observed day is a day off for sure (false where employers or regions differ).
    var observedIsSure = true
    /// Whether the holiday counts when it falls on a Sunday (false where regions move it elsewhere).
    var sundayIsSure = true
    var years: ClosedRange<Int>?

    init(_ date: DateRule, _ name: String, regional: Bool = false, observed: Observance? = nil,
         observedIsSure: Bool = true, sundayIsSure: Bool = true, years: ClosedRange<Int>? = nil) {
        self.date = date
        self.name = name
        self.regional = regional
        self.observed = observed
        self.observedIsSure = observedIsSure
        self.sundayIsSure = sundayIsSure
        self.years = years
    }
}
