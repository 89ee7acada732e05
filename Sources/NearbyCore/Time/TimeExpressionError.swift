/// Why a typed time could not be read, in words for the person who typed it.
public enum TimeExpressionError: Error, Hashable, Sendable, CustomStringConvertible {
    case empty
    /// A word or number that is neither a day nor a time.
    case notUnderstood(String)
    /// A time of day with hours or minutes out of range ("25:00").
    case badTime(String, reason: String)
    /// A date that does not exist ("2026-02-30").
    case noSuchDate(String, reason: String)
    /// Two days or two times in one expression.
    case twice(String, String)
    /// A wall-clock time the clocks skip that night.
    case skipped(String, zone: String, from: String, to: String)
    /// A span ("18:00-20:00") that is not two times with a dash.
    case badSpan(String)

    static let examples = "try 22:00, tomorrow 10:00, Sa 14:00, 2026-11-21 14:00 or 2026-11-21"

    public var description: String {
        switch self {
        case .empty:
            "say when: " + Self.examples
        case .notUnderstood(let word):
            "“\(word)” is not a day or a time; " + Self.examples
        case .badTime(let text, let reason):
            "\(text) is not a time of day: \(reason)"
        case .noSuchDate(let text, let reason):
            "\(text) is not a date: \(reason)"
        case .twice(let first, let second):
            "“\(first)” and “\(second)” both say when; give one day and one time"
        case .skipped(let text, let zone, let from, let to):
            "\(text) does not exist in \(zone): the clocks jump from \(from) to \(to) that night"
        case .badSpan(let text):
            "“\(text)” is not a span of time; write FROM-TO, e.g. 18:00-20:00 or Sa 18:00-20:00"
        }
    }
}
