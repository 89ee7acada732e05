import Foundation
import Testing
import TestSupport

/// `t` and `--at` on the Demo town, walking minutes and the walk on the real extract, and Home following a
/// stand-in gpsd, in a real terminal.
@Suite(.enabled(if: TmuxSession.isAvailable, "tmux is not installed"), .terminal)
struct WalkTimeGPSEndToEndTests {
    @Test func tChoosesATimeOnEveryScreenAndAnEmptyAnswerReturnsToNow() async throws {
        let session = try await TmuxSession.start()
        try session.run("\(TmuxSession.binary.path) --demo --data-dir \(session.dataDirectory.path); echo EXIT=$?")
        try await session.waitFor(text: "Hot picks")
        try session.press("t")
        try await session.waitFor(text: "back to now")
        try session.type("Sat 25:00")
        try session.press("Enter")
        try await session.waitFor(text: "hours run from 00 to 23")
        let day = Self.weekdayAhead()
        try session.press("C-u")
        try session.type("\(day.typed) 14:00")
        try session.press("Enter")
        try await session.waitFor(text: "as of \(day.shown) 14:00")
        // The list opened now is at the same time.
        try session.press("Down")
        try session.press("Enter")
        try await session.waitFor(text: "ATMs ·")
        try await session.waitFor(text: "as of \(day.shown) 14:00")
        // t always asks; an empty answer is now.
        try session.press("t")
        try await session.waitFor(text: "back to now")
        try session.press("Enter")
        try await session.waitFor("the header back at now") { !$0.contains("as of") && $0.contains("ATMs ·") }
        try session.press("q")
        try session.press("q")
        try await session.waitFor(text: "EXIT=0")
    }

    @Test func atOnTheAppSetsTheTimeAtStart() async throws {
        let day = Self.weekdayAhead()
        let session = try await TmuxSession.start()
        try session.run("\(TmuxSession.binary.path) --demo --data-dir \(session.dataDirectory.path)"
                        + " --at '\(day.typed) 14:00'; echo EXIT=$?")
        try await session.waitFor(text: "as of \(day.shown) 14:00")
        try session.press("t")
        try await session.waitFor(text: "back to now")
        try session.press("Escape")
        try await session.waitFor("the header back at now") { !$0.contains("as of") && $0.contains("Hot picks") }
        try session.press("q")
        try await session.waitFor(text: "EXIT=0")
    }

    /// The weekday three days from today, as typed ("Sa") and as the header shows it ("Sat"). A fixed weekday
    /// would be today once a week, and after 14:00 that names next week's, which the header dates.
    static func weekdayAhead() -> (typed: String, shown: String) {
        let calendar = Calendar(identifier: .gregorian)
        let ahead = calendar.date(byAdding: .day, value: 3, to: Date()) ?? Date()
        let index = (calendar.component(.weekday, from: ahead) + 5) % 7  // Sunday is 1; Monday becomes 0.
        let typed = ["Mo", "Tu", "We", "Th", "Fr", "Sa", "Su"], shown = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
        return (typed[index], shown[index])
    }

    /// The extract's paths: minutes in the pharmacies list, the walk in a pharmacy's detail.
    @Test(.enabled(if: SharedData.liechtenstein != nil, Comment(rawValue: SharedData.absentMessage)))
    func walkingMinutesAndTheWalkOnTheRealExtract() async throws {
        let extract = try #require(SharedData.liechtenstein)
        let session = try await TmuxSession.start()
        let data = session.dataDirectory.path
        try await Command.output(Binaries.nearby, ["import", "--data-dir", data, extract.path])
        try session.run("\(TmuxSession.binary.path) --data-dir \(data) --near Vaduz --open category:pharmacy;"
                        + " echo EXIT=$?")
        try await session.waitFor(text: "Pharmacies ·")
        try await session.waitFor("walking minutes in the rows") { $0.contains(" min ") }
        try session.press("s")
        try await session.waitFor(text: "by walking time")
        try session.press("Enter")
        try await session.waitFor(text: "on foot")
        try session.press("Q")
        try await session.waitFor(text: "EXIT=0")
    }

    /// Home's header shows the fix's accuracy, and Home moves with a fix 900 m north (an empty store: Home's
    /// header is all this is about).
    @Test func homeFollowsAStandInGPSD() async throws {
        let gpsd = try GPSDWalker(fixes: [(47.0, 8.0, 8.2), (47.0, 8.0, 8.1), (47.0081, 8.0, 24)], pause: 1.5)
        defer { gpsd.stop() }
        let session = try await TmuxSession.start()
        let data = session.dataDirectory.path
        try session.run("\(TmuxSession.binary.path) --data-dir \(data) --near gps --gpsd 127.0.0.1:\(gpsd.port);"
                        + " echo EXIT=$?")
        try await session.waitFor(text: "GPS ±8 m")
        try await session.waitFor(text: "47.0081, 8.0000")
        try await session.waitFor(text: "GPS ±25 m")
        try session.press("q")
        try await session.waitFor(text: "EXIT=0")
    }
}
