import FoundationEssentials

/// What a live source said about a place at one moment: open or closed right then (Google's `openNow`).
/// A snapshot, not hours: it is trusted for a while after it was made, then the place's hours (or "hours
/// unknown") speak again.
public struct OpenNowReport: Hashable, Sendable, Codable {
    /// How long a report is trusted: long enough for a session's cache, short enough that a place that
    /// closed in the meantime is not called open for the rest of the evening.
    public static let validity: TimeInterval = 30 * 60

    public var isOpen: Bool
    public var reportedAt: Date

    public init(isOpen: Bool, reportedAt: Date) {
        self.isOpen = isOpen
        self.reportedAt = reportedAt
    }

    /// Whether the report still speaks for `date`.
    public func holds(at date: Date) -> Bool {
        let age = date.timeIntervalSince(reportedAt)
        // A little slack before the report: clocks of tests and machines are not exact.
        return age >= -60 && age < Self.validity
    }

    /// `status` (read from the hours, or unknown without them) with the report taking over while it holds
    /// and says something else: the source knows about holidays and closures the weekly hours do not.
    public func correcting(_ status: OpeningStatus, at date: Date) -> OpeningStatus {
        let reported: OpeningState = isOpen ? .open : .closed
        guard holds(at: date), status.state != reported else { return status }
        // The report's end is when screens look again; nothing is claimed about the state after it.
        return OpeningStatus(state: reported, nextChange: reportedAt.addingTimeInterval(Self.validity),
                             nextState: .unknown, instant: date, isReported: true)
    }
}

extension Place {
    /// The opening state at `date`: from `hours` (this place's hours, parsed by a caller that keeps them),
    /// corrected by what the source reported for now while that report holds.
    public func openingStatus(hours: OpeningHours?, at date: Date, in context: HoursContext) -> OpeningStatus {
        let status = hours?.evaluate(at: date, in: context)
            ?? OpeningStatus(state: .unknown, nextChange: nil, nextState: nil, instant: date)
        return openNowReport?.correcting(status, at: date) ?? status
    }

    /// The same in `zone` alone: no position, no holiday calendar.
    public func openingStatus(hours: OpeningHours?, at date: Date, timeZone zone: ZoneRules) -> OpeningStatus {
        openingStatus(hours: hours, at: date, in: HoursContext(zone: zone))
    }
}
