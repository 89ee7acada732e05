import FoundationEssentials

/// The offset from UTC a zone keeps for a stretch of time, and its name then ("CET", "CEST").
public struct ZoneOffset: Hashable, Sendable {
    /// Seconds east of Greenwich (CET: 3600).
    public var seconds: Int
    public var isDaylightSaving: Bool
    public var abbreviation: String

    public init(seconds: Int, isDaylightSaving: Bool = false, abbreviation: String = "") {
        self.seconds = seconds
        self.isDaylightSaving = isDaylightSaving
        self.abbreviation = abbreviation
    }

    /// "+01:00", "-03:30", "Z" for zero: as ISO 8601 writes an offset.
    public var isoText: String {
        if seconds == 0 { return "Z" }
        let minutes = abs(seconds) / 60
        return (seconds < 0 ? "-" : "+") + CivilDate.pad(minutes / 60, 2) + ":" + CivilDate.pad(minutes % 60, 2)
    }
}

/// An instant at which a zone's offset changes.
public struct ZoneTransition: Hashable, Sendable {
    /// Seconds since 1970 (UTC).
    public var instant: Int
    public var before: ZoneOffset
    public var after: ZoneOffset

    public var date: Date { Date(timeIntervalSince1970: Double(instant)) }
}

/// What a wall-clock time is in a zone: one instant, two (the hour the clocks go back repeats), or none
/// (the hour the clocks go forward is skipped).
public enum LocalTimeResolution: Hashable, Sendable {
    case unique(Date)
    /// The clocks showed this time twice; `earlier` is before they went back.
    case repeated(earlier: Date, later: Date)
    /// The clocks skipped this time: they jumped at `transition.instant` from `before` to `after`.
    case skipped(ZoneTransition)

    /// The one instant a screen uses: the earlier of a repeated time, the jump of a skipped one.
    public var instant: Date {
        switch self {
        case .unique(let date): date
        case .repeated(let earlier, _): earlier
        case .skipped(let transition): transition.date
        }
    }
}
