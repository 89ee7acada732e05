import Foundation

/// The clock the apps in a session run on: the machine's, or one started at `NEARBY_E2E_AT` ("2026-12-05
/// 15:30:00", local time) through libfaketime, so the end-to-end tests can run on a Saturday afternoon or a
/// minute before midnight whatever the day (`scripts/e2e-at-instants`).
enum SessionClock {
    static let variable = "NEARBY_E2E_AT"

    /// The instant the apps' clocks start at; nil: the machine's clock.
    static var start: String? {
        ProcessInfo.processInfo.environment[variable].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// Now as the apps in a session see it. For a fixed start, that instant: tests name days from it, and the
    /// seconds a run takes do not move a day three days ahead out of the coming week.
    static func now() throws -> Date {
        guard let start else { return Date() }
        let format = DateFormatter()
        format.locale = Locale(identifier: "en_US_POSIX")
        format.timeZone = TimeZone.current
        format.dateFormat = "yyyy-MM-dd HH:mm:ss"
        guard let date = format.date(from: start) else { throw Failure.unreadable(start) }
        return date
    }

    /// What the session's shell environment gains: libfaketime preloaded and started at `start`.
    static func environment() throws -> [String] {
        guard let start else { return [] }
        _ = try now()
        let candidates = ["x86_64-linux-gnu", "aarch64-linux-gnu", ""].map { folder in
            "/usr/lib/\(folder.isEmpty ? "" : folder + "/")faketime/libfaketime.so.1"
        }
        guard let library = candidates.first(where: { FileManager.default.fileExists(atPath: $0) }) else {
            throw Failure.noLibrary
        }
        return ["LD_PRELOAD=\(library)", "FAKETIME=@\(start)"]
    }

    enum Failure: Error, CustomStringConvertible {
        case unreadable(String)
        case noLibrary

        var description: String {
            switch self {
            case .unreadable(let text): "\(SessionClock.variable)=\(text) is not a time like 2026-12-05 15:30:00"
            case .noLibrary: "\(SessionClock.variable) needs libfaketime: apt-get install faketime"
            }
        }
    }
}
