import Glibc

/// The sun events opening hours may name.
public enum SunEvent: String, Hashable, Sendable, CaseIterable {
    /// Civil dawn: the sun 6° below the horizon, rising.
    case dawn
    case sunrise
    case sunset
    /// Civil dusk: the sun 6° below the horizon, setting.
    case dusk

    /// The sun's zenith angle at the event, in degrees (refraction and the sun's radius included).
    var zenith: Double { self == .dawn || self == .dusk ? 96 : 90.833 }
    var isMorning: Bool { self == .dawn || self == .sunrise }
}

/// When a sun event happens on a day, from the NOAA solar equations (good to about a minute).
public enum SunCalculator {
    public enum Outcome: Hashable, Sendable {
        /// Seconds since 1970 (UTC).
        case at(Int)
        /// The sun stays above that height all day (midnight sun).
        case alwaysAbove
        /// The sun stays below that height all day (polar night).
        case alwaysBelow
    }

    /// `event` on the UTC day `day` at the position.
    public static func outcome(of event: SunEvent, on day: CivilDay, latitude: Double, longitude: Double) -> Outcome {
        let midnight = Double(day.number) * 86_400
        // Start from noon, then refine once with the sun's position at the first estimate.
        var minutes = 720 - 4 * longitude
        for _ in 0..<2 {
            let instant = midnight + minutes * 60
            guard let found = eventMinutes(event, instant: instant, latitude: latitude, longitude: longitude) else {
                return solarElevationIsAbove(event, instant: instant, latitude: latitude) ? .alwaysAbove : .alwaysBelow
            }
            minutes = found
        }
        return .at(Int((midnight + minutes * 60).rounded()))
    }

    private struct SunPosition {
        var declination: Double
        /// Minutes.
        var equationOfTime: Double
    }

    private static func position(at instant: Double) -> SunPosition {
        let julianDay = instant / 86_400 + 2_440_587.5
        let t = (julianDay - 2_451_545) / 36_525
        let meanLongitude = (280.466_46 + t * (36_000.769_83 + t * 0.000_303_2)).truncatingRemainder(dividingBy: 360)
        let meanAnomaly = 357.529_11 + t * (35_999.050_29 - 0.000_153_7 * t)
        let eccentricity = 0.016_708_634 - t * (0.000_042_037 + 0.000_000_126_7 * t)
        let m = radians(meanAnomaly)
        let firstTerm: Double = sin(m) * (1.914_602 - t * (0.004_817 + 0.000_014 * t))
        let secondTerm: Double = sin(2 * m) * (0.019_993 - 0.000_101 * t)
        let centre = firstTerm + secondTerm + sin(3 * m) * 0.000_289
        let omega = radians(125.04 - 1_934.136 * t)
        let apparentLongitude = radians(meanLongitude + centre - 0.005_69 - 0.004_78 * sin(omega))
        let meanObliquity = 23 + (26 + (21.448 - t * (46.815 + t * (0.000_59 - t * 0.001_813))) / 60) / 60
        let obliquity = radians(meanObliquity + 0.002_56 * cos(omega))
        let declination = asin(sin(obliquity) * sin(apparentLongitude))
        let y = pow(tan(obliquity / 2), 2)
        let l0 = radians(meanLongitude)
        let e = eccentricity
        var equation: Double = y * sin(2 * l0) - 2 * e * sin(m)
        equation += 4 * e * y * sin(m) * cos(2 * l0)
        equation -= 0.5 * y * y * sin(4 * l0) + 1.25 * e * e * sin(2 * m)
        return SunPosition(declination: declination, equationOfTime: 4 * degrees(equation))
    }

    /// Minutes after the UTC midnight of the day; nil when the sun does not reach the event's height.
    private static func eventMinutes(_ event: SunEvent, instant: Double, latitude: Double, longitude: Double) -> Double? {
        let sun = position(at: instant)
        let lat = radians(latitude)
        let numerator: Double = cos(radians(event.zenith)) - sin(lat) * sin(sun.declination)
        let cosHourAngle = numerator / (cos(lat) * cos(sun.declination))
        guard cosHourAngle.isFinite, (-1...1).contains(cosHourAngle) else { return nil }
        let hourAngle = degrees(acos(cosHourAngle))
        // Minutes after the UTC midnight the estimate started from (may fall outside 0…1440 far east or west).
        let noon = 720 - 4 * longitude - sun.equationOfTime
        return event.isMorning ? noon - 4 * hourAngle : noon + 4 * hourAngle
    }

    private static func solarElevationIsAbove(_ event: SunEvent, instant: Double, latitude: Double) -> Bool {
        let sun = position(at: instant)
        // At noon the sun is highest: its zenith angle is |latitude - declination|.
        return abs(latitude - degrees(sun.declination)) < event.zenith
    }

    private static func radians(_ degrees: Double) -> Double { degrees * .pi / 180 }
    private static func degrees(_ radians: Double) -> Double { radians * 180 / .pi }
}
