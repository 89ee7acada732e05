import FoundationEssentials

/// A time zone's rules, read from the system's zone files (TZif) or a POSIX TZ string: local time of an
/// instant, and the instants of a wall-clock time with DST gaps and overlaps made explicit.
///
/// Ours rather than Foundation's `TimeZone`: without ICU a named `TimeZone` silently becomes GMT.
public struct ZoneRules: Hashable, Sendable, CustomStringConvertible {
    /// "Europe/Vaduz"; for a POSIX string, the string itself.
    public let identifier: String
    /// Instants (seconds since 1970) at which the offset changes, ascending.
    private let transitions: [Int]
    /// The index into `offsets` in force from each transition on.
    private let offsetIndices: [UInt8]
    private let offsets: [ZoneOffset]
    /// In force before the first transition.
    private let initial: ZoneOffset
    /// In force after the last transition (a TZif footer); nil keeps the last offset.
    private let tail: POSIXZoneRule?

    init(identifier: String, transitions: [Int], offsetIndices: [UInt8], offsets: [ZoneOffset],
         initial: ZoneOffset, tail: POSIXZoneRule?) {
        self.identifier = identifier
        self.transitions = transitions
        self.offsetIndices = offsetIndices
        self.offsets = offsets
        self.initial = initial
        self.tail = tail
    }

    /// Coordinated Universal Time.
    public static let utc = ZoneRules.fixed(seconds: 0, identifier: "UTC")

    /// A zone that never changes its offset.
    public static func fixed(seconds: Int, identifier: String) -> ZoneRules {
        let offset = ZoneOffset(seconds: seconds, abbreviation: identifier)
        return ZoneRules(identifier: identifier, transitions: [], offsetIndices: [], offsets: [offset],
                         initial: offset, tail: nil)
    }

    /// The rules of a POSIX TZ string ("CET-1CEST,M3.5.0,M10.5.0/3", "EST5EDT", "<+0530>-5:30"), or nil.
    public static func posix(_ text: String) -> ZoneRules? {
        guard let rule = POSIXZoneRule(text) else { return nil }
        return ZoneRules(identifier: text, transitions: [], offsetIndices: [], offsets: [rule.standard],
                         initial: rule.standard, tail: rule)
    }

    public var description: String { identifier }

    // MARK: Instant to local time

    /// The offset in force at `date`.
    public func offset(at date: Date) -> ZoneOffset { offset(atSecond: CivilDate.seconds(of: date)) }

    public func secondsFromGMT(for date: Date) -> Int { offset(at: date).seconds }

    /// The wall-clock time at `date`.
    public func localDateTime(at date: Date) -> LocalDateTime {
        let seconds = CivilDate.seconds(of: date)
        return LocalDateTime(localSeconds: seconds + offset(atSecond: seconds).seconds)
    }

    func offset(atSecond instant: Int) -> ZoneOffset {
        guard let first = transitions.first, instant >= first else {
            if transitions.isEmpty, let tail { return tail.offset(at: instant) }
            return initial
        }
        // The last transition at or before `instant`.
        var low = 0, high = transitions.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if transitions[middle] <= instant { low = middle } else { high = middle - 1 }
        }
        if low == transitions.count - 1, let tail { return tail.offset(at: instant) }
        return offsets[Int(offsetIndices[low])]
    }

    // MARK: Transitions

    /// The changes of offset between `range`'s bounds, in time order.
    public func transitions(in range: ClosedRange<Int>) -> [ZoneTransition] {
        var result: [ZoneTransition] = []
        var index = firstTransitionIndex(atOrAfter: range.lowerBound)
        while index < transitions.count, transitions[index] <= range.upperBound {
            let before = index == 0 ? initial : offsets[Int(offsetIndices[index - 1])]
            let after = offsets[Int(offsetIndices[index])]
            if before != after { result.append(ZoneTransition(instant: transitions[index], before: before, after: after)) }
            index += 1
        }
        if let tail, tail.daylight != nil {
            let from = max(range.lowerBound, (transitions.last ?? Int.min) + 1)
            if from <= range.upperBound {
                let firstYear = CivilDate.civil(fromDays: CivilDate.split(seconds: from).days).year
                let lastYear = CivilDate.civil(fromDays: CivilDate.split(seconds: range.upperBound).days).year
                for change in tail.changes(inYears: (firstYear - 1)...(lastYear + 1))
                    where change.instant >= from && change.instant <= range.upperBound {
                    result.append(change)
                }
            }
        }
        return result
    }

    /// The first change of offset after `date`, within about a century; nil when none comes.
    public func nextTransition(after date: Date) -> ZoneTransition? {
        let start = CivilDate.seconds(of: date) + 1
        var from = start
        // Year by year: a zone's table may be sparse, and a tail rule yields changes every year.
        while from < start + 100 * 366 * 86_400 {
            if let found = transitions(in: from...(from + 366 * 86_400)).first { return found }
            from += 366 * 86_400 + 1
            if tail?.daylight == nil, from > (transitions.last ?? Int.min) { return nil }
        }
        return nil
    }

    private func firstTransitionIndex(atOrAfter instant: Int) -> Int {
        var low = 0, high = transitions.count
        while low < high {
            let middle = (low + high) / 2
            if transitions[middle] < instant { low = middle + 1 } else { high = middle }
        }
        return low
    }

    // MARK: Local time to instant

    /// The instants at which the wall clock shows `local`.
    public func resolve(_ local: LocalDateTime) -> LocalTimeResolution {
        let wall = local.localSeconds
        // Real offsets lie within ±26 hours, so every instant showing `wall` lies in this window.
        let window = (wall - 2 * 86_400)...(wall + 2 * 86_400)
        let changes = transitions(in: window)
        var candidates = [offset(atSecond: window.lowerBound).seconds]
        for change in changes where !candidates.contains(change.after.seconds) { candidates.append(change.after.seconds) }
        let instants = Set(candidates.map { wall - $0 }.filter { offset(atSecond: $0).seconds == wall - $0 }).sorted()
        if let first = instants.first {
            let earlier = Date(timeIntervalSince1970: Double(first))
            guard let last = instants.last, last != first else { return .unique(earlier) }
            return .repeated(earlier: earlier, later: Date(timeIntervalSince1970: Double(last)))
        }
        if let jump = changes.first(where: { $0.instant + $0.before.seconds <= wall && wall < $0.instant + $0.after.seconds }) {
            return .skipped(jump)
        }
        return .unique(Date(timeIntervalSince1970: Double(wall - offset(atSecond: wall).seconds)))
    }

    /// The first instant at or after `notBefore` at which the wall clock shows `local`; a skipped time
    /// happens at the jump. Nil when both instants of it lie before `notBefore`.
    public func instant(of local: LocalDateTime, notBefore: Date? = nil) -> Date? {
        switch resolve(local) {
        case .unique(let date):
            return notBefore.map { date >= $0 ? date : nil } ?? date
        case .repeated(let earlier, let later):
            guard let notBefore else { return earlier }
            return earlier >= notBefore ? earlier : later >= notBefore ? later : nil
        case .skipped(let jump):
            return notBefore.map { jump.date >= $0 ? jump.date : nil } ?? jump.date
        }
    }
}
