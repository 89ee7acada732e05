import FoundationEssentials
import Glibc
import Locking
import NearbyCore
import NearbyData
import NearbyViewModels

/// A download's progress on standard error: on a terminal one line redrawn ten times a second ("switzerland-
/// latest.osm.pbf  [=====>    ]  52%  187 of 356 MB  8.4 MB/s  20 s left"); in a log a plain line at each tenth.
final class DownloadProgressLine: Sendable {
    private struct State {
        var started = ContinuousClock.now
        var lastDrawn: ContinuousClock.Instant?
        var lastTenth = -1
        var drew = false
    }

    private let name: String
    private let isTerminal: Bool
    private let state = Locked(State())

    init(name: String, isTerminal: Bool = isatty(STDERR_FILENO) != 0) {
        self.name = name
        self.isTerminal = isTerminal
    }

    func update(_ progress: RegionDownload.Progress) {
        let now = ContinuousClock.now
        let line: String? = state.withLock { state in
            let seconds = Self.seconds(now - state.started)
            let arrived = progress.bytes - progress.resumedFrom
            let rate = seconds > 0.5 ? Double(arrived) / seconds : 0
            if isTerminal {
                if let last = state.lastDrawn, now - last < .milliseconds(100) { return nil }
                state.lastDrawn = now
                state.drew = true
                return "\r\u{1B}[2K" + Self.text(name: name, progress: progress, rate: rate, bar: true)
            }
            guard let total = progress.total, total > 0 else { return nil }
            let tenth = Int(progress.bytes * 10 / total)
            guard tenth > state.lastTenth else { return nil }
            state.lastTenth = tenth
            return Self.text(name: name, progress: progress, rate: rate, bar: false) + "\n"
        }
        if let line { Console.writeError(line) }
    }

    /// Ends the redrawn line, so what follows starts on a line of its own.
    func finish() {
        if state.withLock({ $0.drew }) { Console.writeError("\n") }
    }

    static func text(name: String, progress: RegionDownload.Progress, rate: Double, bar: Bool) -> String {
        var parts = [name]
        if let total = progress.total, total > 0 {
            let fraction = min(1, Double(progress.bytes) / Double(total))
            if bar {
                let filled = Int(fraction * 20)
                parts.append("[" + String(repeating: "=", count: filled) + String(repeating: " ", count: 20 - filled) + "]")
            }
            parts.append("\(Int(fraction * 100))%")
            parts.append("\(megabytes(progress.bytes)) of \(megabytes(total)) MB")
            if rate > 0 {
                parts.append("\(DisplayText.decimal(rate / 1_048_576, places: 1)) MB/s")
                parts.append("\(Int((Double(total - progress.bytes) / rate).rounded(.up))) s left")
            }
        } else {
            parts.append("\(megabytes(progress.bytes)) MB")
        }
        if progress.resumedFrom > 0 { parts.append("(resumed at \(megabytes(progress.resumedFrom)) MB)") }
        return parts.joined(separator: "  ")
    }

    private static func megabytes(_ bytes: Int64) -> String {
        NumberText.grouped(Int((Double(bytes) / 1_048_576).rounded()))
    }

    private static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
