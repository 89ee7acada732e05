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
}

enum DaySchedule {
    /// How long an open end (`18:00+`) counts as open at least (and at least until midnight). Screens say
    /// "open end", never a guessed closing time; this only bounds how long the state stays "open".
    static let openEndMinimumLength = 240

    /// What the rules say about `day` itself (including parts that spill past its midnight).
    static func segments(of rules: [OpeningRule], on day: LocalDay) -> [Segment] {
        var result: [Segment] = []
        for rule in rules where rule.selector.matches(day) {
            let new = rule.effectiveSpans.map { span in
                Segment(start: span.start,
                        end: span.openEnd ? max(span.end, 1440, span.start + openEndMinimumLength) : span.end,
                        state: rule.state, comment: rule.comment, openEnd: span.openEnd)
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
            let run = Run(start: start, end: end, state: best?.state ?? .closed, comment: best?.comment,
                          openEnd: best?.openEnd ?? false)
            if var last = runs.last, last.state == run.state, last.comment == run.comment,
               last.openEnd == run.openEnd {
                last.end = end
                runs[runs.count - 1] = last
            } else {
                runs.append(run)
            }
        }
        return runs
    }

    private static let closedDay = [Run(start: 0, end: 1440, state: .closed, comment: nil, openEnd: false)]

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
