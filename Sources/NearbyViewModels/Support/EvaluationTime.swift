import FoundationEssentials
import NearbyCore
import Locking

/// The instant opening hours are evaluated at: the clock, or a time the user chose instead ("as of Sat 14:00").
///
/// One object is shared by every screen, so a chosen time replaces "now" everywhere at once: open states,
/// "closes in …", "opens …", "open first" and Home's hot picks. Contexts read it through `now` (any thread);
/// view models bind `chosen` to evaluate again when it changes; screens bind `t` to `choose(_:)` and
/// `returnToNow()`, and show `header` ("as of Sat 14:00") while a time is chosen.
@MainActor
public final class EvaluationTime {
    /// The chosen instant; nil while the clock is followed.
    public let chosen = Observable<Date?>(nil)
    /// "as of Sat 14:00" while a time is chosen, nil otherwise.
    public let header = Observable<String?>(nil)
    /// A span the lists keep only places open for the whole of ("18:00-20:00"); nil: no such filter.
    public let openDuring = Observable<OpenSpan?>(nil)

    /// From one instant to another, with the words a title shows ("Sat 18:00–20:00").
    public struct OpenSpan: Hashable, Sendable {
        public var start: Date
        public var end: Date
        public var label: String
    }
    /// The zone typed times are read in: the clock of here (Home sets it when here moves).
    public var zone: ZoneRules
    /// Answers "now" on any thread: the chosen instant or the clock.
    public nonisolated let source: Source

    /// The thread-safe half: what `now` closures call.
    public final class Source: Sendable {
        let clock: @Sendable () -> Date
        /// The chosen instant, and the start of the span the lists keep places open for: rows then say each
        /// place's state at the span's start ("open · until 22:00" for a Saturday evening), not now's.
        private let chosen = Locked<(instant: Date?, spanStart: Date?)>((nil, nil))

        init(clock: @escaping @Sendable () -> Date) {
            self.clock = clock
        }

        /// The span's start, else the chosen instant, else the clock's.
        public func now() -> Date {
            let held = chosen.withLock { $0 }
            return held.spanStart ?? held.instant ?? clock()
        }

        /// Whether a time or a span is chosen (time then does not pass for opening hours).
        public var isChosen: Bool { chosen.withLock { $0.instant != nil || $0.spanStart != nil } }

        func set(_ date: Date?) { chosen.withLock { $0.instant = date } }

        func setSpanStart(_ date: Date?) { chosen.withLock { $0.spanStart = date } }
    }

    public init(clock: @escaping @Sendable () -> Date = { Date() }, zone: ZoneRules = .current) {
        self.zone = zone
        source = Source(clock: clock)
    }

    /// Evaluates at the time `text` names ("22:00", "tomorrow 10:00", "Sa 14:00", "2026-11-21"); on a
    /// mistake nothing changes and the reason comes back, for the prompt to show.
    @discardableResult
    public func choose(_ text: String) -> TimeExpressionError? {
        switch TimeExpression.parse(text, now: source.clock(), zone: zone) {
        case .success(let date):
            choose(date)
            return nil
        case .failure(let error):
            return error
        }
    }

    /// Evaluates at `date` (nil: the clock again).
    public func choose(_ date: Date?) {
        source.set(date)
        header.update(date.map { "as of " + TimeExpression.label($0, now: source.clock(), zone: zone) })
        chosen.update(date)
    }

    /// Back to the clock (`t` again, or Esc in the prompt).
    public func returnToNow() { choose(nil as Date?) }

    /// Lists keep only places open for all of the span `text` names ("18:00-20:00", "Sa 18:00-20:00"),
    /// counted from the chosen time, else now; on a mistake nothing changes and the reason comes back.
    @discardableResult
    public func keepOpen(during text: String) -> TimeExpressionError? {
        switch TimeExpression.span(text, base: source.now(), zone: zone) {
        case .success(let (start, end)):
            let now = source.clock()
            let endLocal = zone.localDateTime(at: end)
            let label = TimeExpression.label(start, now: now, zone: zone) + "–"
                + TimeExpression.clockText(endLocal.secondOfDay)
            source.setSpanStart(start)
            openDuring.update(OpenSpan(start: start, end: end, label: label))
            return nil
        case .failure(let error):
            return error
        }
    }

    /// Lists show every place again.
    public func stopKeepingOpen() {
        source.setSpanStart(nil)
        openDuring.update(nil)
    }

    /// `t`: a chosen time goes back to now; otherwise the screen asks for a time.
    public var isChosen: Bool { chosen.value != nil }

    /// A time is chosen or a span filters the lists.
    public var isAwayFromNow: Bool { chosen.value != nil || openDuring.value != nil }

    /// What the `t` prompt typed: a time ("22:00", "tomorrow 10:00", "Sa 14:00", "2026-11-21 14:00") is
    /// chosen; a span ("18:00-20:00", "Sa 18:00-20:00") keeps only places open for all of it; nothing typed
    /// returns to now. On a mistake nothing changes and the words for the prompt come back.
    public func answerPrompt(_ text: String) -> String? {
        let typed = DisplayText.trimmed(text)
        if typed.isEmpty {
            returnToNowEverywhere()
            return nil
        }
        guard let timeError = choose(typed) else { return nil }
        // A span is tried second: "2026-11-21" holds dashes but names a day.
        guard keepOpen(during: typed) != nil else { return nil }
        return DisplayText.oneLine(timeError.description)
    }

    /// Back to now and every place shown again (`t` again, or Esc in the prompt).
    public func returnToNowEverywhere() {
        stopKeepingOpen()
        returnToNow()
    }

    /// What the header shows while the app is away from now: "as of Sat 14:00", "open Sat 18:00–20:00",
    /// both joined; nil at now.
    public var badge: String? {
        let parts = [header.value, openDuring.value.map { "open " + $0.label }].compactMap { $0 }
        return parts.isEmpty ? nil : parts.joined(separator: " · ")
    }
}

// Stand-ins for screens rendered against stub view models: they follow the clock.
extension HomeViewModelType {
    public var evaluationTime: EvaluationTime? { nil }
}

extension PlacesListViewModelType {
    public var evaluationTime: EvaluationTime? { nil }
}

extension PlaceDetailViewModelType {
    public var evaluationTime: EvaluationTime? { nil }
}
