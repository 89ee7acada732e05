/// Applies the rules to single days. Internal: `OpeningHours` walks days with it.

/// A stretch of a day that a rule spoke about; `end` may pass 1440 (it spills into the next day).
struct Segment: Hashable, Sendable {
    var start: Int
    var end: Int
    var state: RuleState
    var comment: String?
    var openEnd: Bool
}

/// A stretch of one day (0…1440) in a single state, after rules and the previous day's spill are combined.
struct Run: Hashable, Sendable {
    var start: Int
    var end: Int
    var state: RuleState
    var comment: String?
    var openEnd: Bool
    /// The state is unknown only because the day may or may not be a holiday; this is what it would be on
    /// an ordinary day.
    var ifNotHoliday: RuleState?
}

/// Local times of the sun events on one day, in minutes from its midnight; nil when the position is unknown.
typealias SunMinutes = (SunEvent) -> Int?

enum DaySchedule {
    /// How long an open end (`18:00+`) stays "unknown" at least, and at least until midnight; after that the
    /// place counts as closed.
    static let openEndMinimumLength = 240

    /// What the rules say about `day` itself (including parts that spill past its midnight), with the day
    /// taken to be a holiday or not as `facts` says.
    static func segments(of rules: [OpeningRule], on day: CivilDay, facts: HolidayFacts,
                         sun: SunMinutes) -> [Segment] {
        var result: [Segment] = []
        for rule in rules where rule.selector.matches(day, facts: facts) {
            var new: [Segment] = []
            for span in rule.effectiveSpans {
                new += segments(of: span, state: rule.state, comment: rule.comment, sun: sun)
            }
            switch rule.kind {
            case .normal:
                result = new
            case .additional:
                if rule.state == .closed {
                    result = subtract(new, from: result)
                }
                result += new
            case .fallback:
                result += fill(gapsOf: result, with: new)
            }
        }
        return result
    }

    /// A span as it falls on one day: its own stretch, then the open end's unknown tail. A span that
    /// depends on the sun where the position is unknown is unknown all day.
    private static func segments(of span: TimeSpan, state: RuleState, comment: String?,
                                 sun: SunMinutes) -> [Segment] {
        func minutes(_ point: TimePoint) -> Int? {
            switch point {
            case .clock(let value): return value
            case .sun(let event, let offset): return sun(event).map { $0 + offset }
            }
        }
        guard let rawStart = minutes(span.start), let rawEnd = minutes(span.end) else {
            return [Segment(start: 0, end: 1440, state: .unknown, comment: comment, openEnd: false)]
        }
        let start = max(0, min(rawStart, 1439))
        var end = rawEnd
        if span.openEnd && span.start == span.end {
            end = start
        } else if end <= start {
            // "22:00-02:00" runs past midnight; a sun span that ends before it starts (polar night) is empty.
            guard span.end.isClock else { return [] }
            end += 1440
        }
        end = min(end, 2880)
        var result: [Segment] = []
        if end > start {
            result.append(Segment(start: start, end: end, state: state, comment: comment, openEnd: false))
        }
        if span.openEnd {
            let tailEnd = min(max(end + openEndMinimumLength, 1440), 2880)
            result.append(Segment(start: end, end: tailEnd, state: state == .closed ? .closed : .unknown,
                                  comment: comment, openEnd: true))
        }
        return result
    }

    /// The day cut into runs covering 0…1440, the previous day's spill included. Where statements overlap,
    /// open wins over unknown, unknown over closed: a spill from last night is not erased by today's `off`.
    static func runs(own: [Segment], previous: [Segment]) -> [Run] {
        // Most days of a seasonal search say nothing at all: answer those without allocating.
        if own.isEmpty, !previous.contains(where: { $0.end > 1440 }) { return closedDay }
        var pieces: [Segment] = []
        pieces.reserveCapacity(own.count + previous.count)
        for segment in previous where segment.end > 1440 {
            var piece = segment
            piece.start = max(segment.start, 1440) - 1440
            piece.end = min(segment.end - 1440, 1440)
            pieces.append(piece)
        }
        for segment in own where segment.start < 1440 {
            var piece = segment
            piece.end = min(segment.end, 1440)
            pieces.append(piece)
        }
        if pieces.isEmpty { return closedDay }

        var bounds = [0, 1440]
        bounds.reserveCapacity(pieces.count * 2 + 2)
        for piece in pieces {
            bounds.append(piece.start)
            bounds.append(piece.end)
        }
        bounds.sort()
        var runs: [Run] = []
        for index in 0..<(bounds.count - 1) {
            let start = bounds[index], end = bounds[index + 1]
            guard start < end else { continue }
            var best: Segment?
            for piece in pieces where piece.start <= start && piece.end >= end {
                if best.map({ rank(piece.state) > rank($0.state) }) ?? true { best = piece }
            }
            append(Run(start: start, end: end, state: best?.state ?? .closed, comment: best?.comment,
                       openEnd: best?.openEnd ?? false), to: &runs)
        }
        return runs
    }

    /// Runs of the same day under several assumptions (holiday or not): where they agree, that; where they
    /// differ, unknown, with what an ordinary day (the first assumption) would say.
    static func merge(_ alternatives: [[Run]]) -> [Run] {
        guard let ordinary = alternatives.first else { return closedDay }
        guard alternatives.count > 1 else { return ordinary }
        var bounds = Set<Int>()
        for runs in alternatives { for run in runs { bounds.insert(run.start); bounds.insert(run.end) } }
        let sorted = bounds.sorted()
        var merged: [Run] = []
        for index in 0..<(sorted.count - 1) {
            let start = sorted[index], end = sorted[index + 1]
            let here = alternatives.map { runs in runs.first { $0.start <= start && $0.end >= end } }
            guard let first = here.first ?? nil else { continue }
            let agree = here.allSatisfy { $0?.state == first.state && $0?.comment == first.comment
                && $0?.openEnd == first.openEnd }
            var run = first
            run.start = start
            run.end = end
            if !agree {
                run = Run(start: start, end: end, state: .unknown, comment: nil, openEnd: false,
                          ifNotHoliday: first.ifNotHoliday ?? first.state)
            }
            append(run, to: &merged)
        }
        return merged
    }

    private static func append(_ run: Run, to runs: inout [Run]) {
        if var last = runs.last, last.state == run.state, last.comment == run.comment, last.openEnd == run.openEnd,
           last.ifNotHoliday == run.ifNotHoliday, last.end == run.start {
            last.end = run.end
            runs[runs.count - 1] = last
        } else {
            runs.append(run)
        }
    }

    static let closedDay = [Run(start: 0, end: 1440, state: .closed, comment: nil, openEnd: false)]

    private static func rank(_ state: RuleState) -> Int {
        switch state {
        case .open: 3
        case .unknown: 2
        case .closed: 1
        }
    }

    /// `segments` with the times of `cuts` removed.
    private static func subtract(_ cuts: [Segment], from segments: [Segment]) -> [Segment] {
        var remaining = segments
        for cut in cuts {
            var next: [Segment] = []
            for segment in remaining {
                if cut.end <= segment.start || cut.start >= segment.end {
                    next.append(segment)
                    continue
                }
                if segment.start < cut.start {
                    var left = segment
                    left.end = cut.start
                    next.append(left)
                }
                if segment.end > cut.end {
                    var right = segment
                    right.start = cut.end
                    next.append(right)
                }
            }
            remaining = next
        }
        return remaining
    }

    /// The parts of `fallback` that no segment already covers.
    private static func fill(gapsOf segments: [Segment], with fallback: [Segment]) -> [Segment] {
        subtract(segments, from: fallback)
    }
}
