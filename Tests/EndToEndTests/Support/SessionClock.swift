import Foundation
import TestSupport

/// The clock the apps in a session run on: the machine's, or one that starts at `NEARBY_E2E_AT` ("2026-12-05
/// 15:30:00", local time) with the session and runs on from there (libfaketime), so the end-to-end tests can
/// run on a Saturday afternoon or a minute before midnight whatever the day (`scripts/e2e-at-instants`).
enum SessionClock {
    static let variable = "NEARBY_E2E_AT"

    /// The instant the apps' clocks start at; nil: the machine's clock.
    static var start: String? {
        ProcessInfo.processInfo.environment[variable].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// Now as the apps in a session see it, near enough: with a start set, the start itself. Tests name days
    /// from it, and the seconds a session runs do not move a day three days ahead out of the coming week.
    static func now() throws -> Date {
        guard let start else { return Date() }
        let format = DateFormatter()
        format.locale = Locale(identifier: "en_US_POSIX")
        format.timeZone = TimeZone.current
        format.dateFormat = "yyyy-MM-dd HH:mm:ss"
        guard let date = format.date(from: start) else { throw Failure.unreadable(start) }
        return date
    }

    /// What runs the session's shell: `faketime START` (libfaketime's own launcher, which keeps one clock for
    /// every process under it) when a start is set. Preloading the library by hand instead leaves Swift
    /// programs without their arguments (`CommandLine.arguments` comes back empty), so the launcher it is.
    static func launcher() throws -> [String] {
        guard let start else { return [] }
        _ = try now()
        guard let faketime = ChildProcess.which("faketime") else { throw Failure.noLauncher }
        return [faketime, start]
    }

    enum Failure: Error, CustomStringConvertible {
        case unreadable(String)
        case noLauncher

        var description: String {
            switch self {
            case .unreadable(let text): "\(SessionClock.variable)=\(text) is not a time like 2026-12-05 15:30:00"
            case .noLauncher: "\(SessionClock.variable) needs libfaketime's launcher: apt-get install faketime"
            }
        }
    }
}
