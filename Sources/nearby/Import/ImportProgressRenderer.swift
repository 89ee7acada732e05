import FoundationEssentials
import Glibc
import NearbyCore
import NearbyData

/// Draws an import's progress on stderr: a bar redrawn in place on a terminal, a plain line every few
/// seconds otherwise (logs, pipes), and the summary at the end.
final class ImportProgressRenderer {
    private let isTerminal: Bool
    private let interval: Double
    private var lastDrawn: Double
    private var drewBar = false

    init(isTerminal: Bool = isatty(STDERR_FILENO) != 0) {
        self.isTerminal = isTerminal
        interval = isTerminal ? 0.1 : 3
        // A log gets its first line after one interval, not a "0%" line at the start.
        lastDrawn = isTerminal ? -Double.infinity : 0
    }

    func update(_ progress: OSMImportProgress) {
        guard progress.elapsed - lastDrawn >= interval else { return }
        lastDrawn = progress.elapsed
        if isTerminal {
            write("\r\u{1B}[2K" + Self.barLine(progress, columns: Self.terminalColumns()))
            drewBar = true
        } else {
            write(Self.plainLine(progress) + "\n")
        }
    }

    /// Clears the bar so that what follows starts on a clean line.
    func finish() {
        if drewBar { write("\r\u{1B}[2K") }
        drewBar = false
    }

    func summary(_ summary: OSMImportSummary, file: String, dryRun: Bool) {
        finish()
        var lines: [String] = []
        let verb = dryRun ? "Found (dry run, nothing saved)" : "Imported"
        lines.append("\(verb) \(Self.count(summary.places)) places and \(Self.count(summary.localities)) localities "
                     + "from \(TerminalText.safe(FileSystem.fileName(of: file))) (\(summary.format.displayName)).")
        let width = summary.placesByCategory.keys.map(\.displayName.count).max() ?? 0
        for category in Category.allCases {
            guard let count = summary.placesByCategory[category] else { continue }
            let name = NumberText.leftAligned(category.displayName, width: width)
            let figure = Self.count(count)
            lines.append("  \(name)  " + String(repeating: " ", count: max(0, 7 - figure.count)) + figure)
        }
        if summary.waysPlaced > 0 || summary.waysWithoutNodes > 0 {
            lines.append("  (\(Self.count(summary.waysPlaced)) of them are areas placed at their centre"
                         + (summary.waysWithoutNodes > 0
                            ? "; \(Self.count(summary.waysWithoutNodes)) areas had no nodes in the file)" : ")"))
        }
        if let network = summary.network {
            lines.append(network.ways > 0
                ? "Walking network: \(Self.count(network.ways)) ways, \(Self.count(network.edges)) stretches between "
                    + "\(Self.count(network.vertices)) junctions, \(Self.count(network.bytes / 1024)) KB."
                : "No walkable ways in this extract: walking times will be straight-line distances.")
            if network.waysBeyondLimit > 0 {
                lines.append("  (\(Self.count(network.waysBeyondLimit)) walkable ways left out: the network is kept "
                             + "to \(Self.count(WalkNetworkLimits.standard.references)) node references)")
            }
        }
        let seconds = max(summary.seconds, 0.000_001)
        lines.append("\(Self.count(summary.elements)) objects, \(Self.megabytes(summary.bytes)) MB in "
                     + "\(NumberText.fixed(summary.seconds, digits: 2)) s: "
                     + "\(NumberText.fixed(Double(summary.bytes) / 1e6 / seconds, digits: 1)) MB/s, "
                     + "\(Self.count(Int(Double(summary.elements) / seconds))) objects/s.")
        write(lines.joined(separator: "\n") + "\n")
    }

    /// One line that fits `columns` (the bar shrinks first, then the figures are cut), so `\r` can redraw it.
    static func barLine(_ progress: OSMImportProgress, columns: Int) -> String {
        let fraction = progress.totalBytes > 0 ? min(1, Double(progress.bytesRead) / Double(progress.totalBytes)) : 0
        let figures = " " + NumberText.rightAligned(String(Int(fraction * 100)), width: 3) + "%  "
            + "\(count(progress.elements)) objects  \(megabytes(progress.bytesRead))/\(megabytes(progress.totalBytes)) MB  "
            + "\(NumberText.fixed(rate(progress), digits: 1)) MB/s"
        let label = label(progress.phase)
        // One column stays free: writing into the last one makes some terminals wrap.
        let room = columns - 1 - label.count - 1 - figures.count
        let width = min(30, room)
        guard width >= 5 else { return String((label + figures).prefix(max(0, columns - 1))) }
        let filled = Int(fraction * Double(width))
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
        return label + " " + bar + figures
    }

    /// The terminal's width, from the terminal itself, else `$COLUMNS`, else 80.
    static func terminalColumns() -> Int {
        var size = winsize()
        if ioctl(STDERR_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        return ProcessInfo.processInfo.environment["COLUMNS"].flatMap { Int($0) } ?? 80
    }

    static func plainLine(_ progress: OSMImportProgress) -> String {
        let percent = progress.totalBytes > 0 ? 100 * progress.bytesRead / progress.totalBytes : 0
        return "\(label(progress.phase).trimmingBlanks()): \(percent)%, \(megabytes(progress.bytesRead)) of "
            + "\(megabytes(progress.totalBytes)) MB, \(count(progress.elements)) objects, \(count(progress.places)) places, "
            + "\(NumberText.fixed(rate(progress), digits: 1)) MB/s"
    }

    private static func label(_ phase: OSMImportProgress.Phase) -> String {
        switch phase {
        case .reading: "Reading     "
        case .placingWays: "Placing ways"
        case .walkingNetwork: "Paths       "
        }
    }

    private static func rate(_ progress: OSMImportProgress) -> Double {
        progress.elapsed > 0 ? Double(progress.bytesRead) / 1e6 / progress.elapsed : 0
    }

    private static func count(_ value: Int) -> String {
        NumberText.grouped(value)
    }

    /// Bytes as megabytes with one decimal: "86.0".
    private static func megabytes(_ bytes: Int) -> String {
        NumberText.fixed(Double(bytes) / 1e6, digits: 1)
    }

    private func write(_ text: String) {
        Console.writeError(text)
    }
}
