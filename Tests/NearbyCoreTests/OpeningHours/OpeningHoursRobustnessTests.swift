import Foundation
import Testing
import TestSupport
@testable import NearbyCore

@Suite("Opening hours: hostile and random input")
struct OpeningHoursRobustnessTests {
    private static let fragments = [
        "Mo", "Tu", "We", "Th", "Fr", "Sa", "Su", "PH", "SH", "Dec", "Apr", "Jan", "week", "01", "24", "26",
        "2026", "-", "–", ",", ";", " || ", " ", ":", "+", "/", "[", "]", "1", "-1", "08:00", "8:30", "12.00",
        "18:00", "22:00", "02:00", "24:00", "26:00", "24/7", "off", "closed", "open", "unknown", "\"note\"",
        "am", "pm", "\u{1B}", "\"", "|", "sunrise", "00:00", "23:59", "5",
    ]

    private static let selectors = [
        "", "Mo-Fr ", "Sa ", "Su-Tu ", "Mo,We ", "PH ", "Dec 24 ", "Apr-Oct ", "Nov-Feb Sa-Su ", "week 01-26 ",
        "Mo[1] ", "Fr[-1] ", "2026 ", "Dec 24-Jan 06 ", "SH Mo ", "Mo-Fr,PH ",
    ]
    private static let times = [
        "", "08:00-18:00", "22:00-02:00", "18:00+", "00:00-24:00", "10:00-12:00,14:00-16:00", "8am-6pm",
        "20:00-03:00", "24/7", "06:00-06:00", "17:00-26:00",
    ]
    private static let states = ["", " off", " unknown", " open", " \"note\""]
    private static let separators = ["; ", ", ", " || "]

    /// Rules built from the grammar's pieces, mostly readable.
    private static func structuredText(using generator: inout SeededRandom) -> String {
        (0..<Int.random(in: 1...4, using: &generator)).map { _ in
            (selectors.randomElement(using: &generator) ?? "") + (times.randomElement(using: &generator) ?? "")
                + (states.randomElement(using: &generator) ?? "")
        }.joined(separator: separators.randomElement(using: &generator) ?? "; ")
    }

    /// Whatever the text, evaluation answers, and every announced change is real.
    @Test(.computeBound) func randomTextsNeverBreakTheContract() {
        var generator = SeededRandom(seed: 20_261_123)
        let start = vaduzTime("2026-11-23 00:00")
        var readable = 0
        for _ in 0..<3000 {
            let text = Bool.random(using: &generator)
                ? Self.structuredText(using: &generator)
                : (0..<Int.random(in: 1...9, using: &generator))
                    .map { _ in Self.fragments.randomElement(using: &generator) ?? "" }.joined()
            let hours = OpeningHours(osm: text)
            let instant = start.addingTimeInterval(Double(Int.random(in: 0..<(14 * 86_400), using: &generator)))
            let status = hours.evaluate(at: instant, timeZone: vaduz)
            #expect(hours.week(containing: instant, timeZone: vaduz).count == 7)
            guard hours.isReadable else {
                #expect(status.state == .unknown, "\(text)")
                continue
            }
            readable += 1
            if let change = status.nextChange {
                #expect(change > instant, "\(text)")
                let after = hours.evaluate(at: change, timeZone: vaduz)
                #expect(after.state != status.state, "\(text)")
                #expect(after.state == status.nextState, "\(text)")
                let justBefore = hours.evaluate(at: change.addingTimeInterval(-60), timeZone: vaduz)
                #expect(justBefore.state == status.state, "\(text)")
            }
        }
        // The generator must reach the parser's happy paths, or this test proves little.
        #expect(readable > 1000)
    }

    @Test func hugeInputIsReadOnceAndQuickly() {
        let text = Array(repeating: "Mo-Fr 08:00-12:00,13:00-18:00", count: 2000).joined(separator: "; ")
        let hours = OpeningHours(osm: text)
        #expect(hours.isReadable)
        #expect(hours.evaluate(at: vaduzTime("2026-11-23 10:00"), timeZone: vaduz).state == .open)
        let garbage = String(repeating: "\u{1B}[1m", count: 10_000)
        #expect(!OpeningHours(osm: garbage).isReadable)
    }

    /// Instants at the ends of the calendar still give a reading: a known state, a next change after the
    /// instant, and a week of seven days in order.
    @Test func absurdInstantsStillGiveAReading() {
        let hours = OpeningHours(osm: "Mo-Fr 08:00-18:00")
        for instant in [Date.distantFuture, .distantPast] {
            let status = hours.evaluate(at: instant, timeZone: vaduz)
            #expect(status.state != .unknown, "at \(instant)")
            if let next = status.nextChange { #expect(next > instant, "at \(instant)") }
        }
        let week = hours.week(containing: Date(timeIntervalSince1970: 1e300), timeZone: vaduz)
        #expect(week.map(\.weekday) == Array(0..<7))
    }
}
