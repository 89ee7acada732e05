import FoundationEssentials
import Glibc
import NearbyCore
import NearbyData
import TerminalView

/// Draws an import's progress on stderr (a bar redrawn in place on a terminal, a plain line every few seconds
/// otherwise: logs, pipes) and its summary on stdout, so `nearby import FILE > log` keeps the summary.
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
            Self.write("\r\u{1B}[2K" + Self.barLine(progress, columns: Self.terminalColumns()), to: STDERR_FILENO)
            drewBar = true
        } else {
            Self.write(Self.plainLine(progress) + "\n", to: STDERR_FILENO)
        }
    }

    /// Clears the bar so that what follows starts on a clean line.
    func finish() {
        if drewBar { Self.write("\r\u{1B}[2K", to: STDERR_FILENO) }
        drewBar = false
    }

    func summary(_ summary: OSMImportSummary, file: String, dryRun: Bool) {
        finish()
        Self.write(Self.summaryText(summary, file: file, dryRun: dryRun), to: STDOUT_FILENO)
    }

    /// The summary: what the file held, what changed in the store, per category, and how fast it went.
    static func summaryText(_ summary: OSMImportSummary, file: String, dryRun: Bool) -> String {
        let name = TextSanitizer.sanitize(String(file.split(separator: "/").last ?? Substring(file)))
        let held = "\(counted(summary.places, "place", "places")) and "
            + "\(counted(summary.localities, "locality", "localities"))"
        var lines: [String] = []
        if dryRun {
            lines.append("Found \(held) in \(name) (\(summary.format.displayName)); dry run, nothing saved.")
        } else {
            lines.append("Imported \(held) from \(name) (\(summary.format.displayName)).")
        }
        if let changes = summary.changes { lines.append(changesLine(changes)) }
        let width = summary.placesByCategory.keys.map(\.displayName.count).max() ?? 0
        for category in Category.allCases {
            guard let count = summary.placesByCategory[category] else { continue }
            let label = category.displayName + String(repeating: " ", count: max(0, width - category.displayName.count))
            let figure = Self.count(count)
            lines.append("  \(label)  " + String(repeating: " ", count: max(0, 7 - figure.count)) + figure)
        }
        if summary.waysPlaced > 0 || summary.waysWithoutNodes > 0 {
            lines.append("  (\(Self.count(summary.waysPlaced)) of them are areas placed at their centre"
                         + (summary.waysWithoutNodes > 0
                            ? "; \(counted(summary.waysWithoutNodes, "area", "areas")) had no nodes in the file)" : ")"))
        }
        let seconds = max(summary.seconds, 0.000_001)
        let megabytes = Double(summary.bytes) / 1e6
        lines.append("\(counted(summary.elements, "object", "objects")), \(DecimalText.fixed(megabytes, decimals: 1)) MB "
                     + "in \(DecimalText.fixed(summary.seconds, decimals: 2)) s: "
                     + "\(DecimalText.fixed(megabytes / seconds, decimals: 1)) MB/s, "
                     + "\(Self.count(Int(Double(summary.elements) / seconds))) objects/s.")
        return lines.joined(separator: "\n") + "\n"
    }

    /// "3 places added, 1 place updated, 2 places removed (no longer in this extract); 698 unchanged."
    static func changesLine(_ changes: PlacesImportChanges) -> String {
        var parts: [String] = []
        func add(_ count: Int, _ one: String, _ many: String, _ what: String) {
            if count > 0 { parts.append("\(counted(count, one, many)) \(what)") }
        }
        add(changes.placesAdded, "place", "places", "added")
        add(changes.placesUpdated, "place", "places", "updated")
        add(changes.placesRemoved, "place", "places", "removed (no longer in this extract)")
        add(changes.localitiesAdded, "locality", "localities", "added")
        add(changes.localitiesUpdated, "locality", "localities", "updated")
        add(changes.localitiesRemoved, "locality", "localities", "removed")
        let unchanged = changes.placesUnchanged + changes.localitiesUnchanged
        guard !parts.isEmpty else {
            return unchanged > 0 ? "No changes: the store already had everything as this file has it." : "No changes."
        }
        var line = "Changes: " + parts.joined(separator: ", ")
        if changes.placesUnchanged > 0 { line += "; \(counted(changes.placesUnchanged, "place", "places")) unchanged" }
        return line + "."
    }

    /// "1 place", "2 places", "1,311 places".
    static func counted(_ value: Int, _ one: String, _ many: String) -> String {
        "\(count(value)) \(value == 1 ? one : many)"
    }

    /// One line that fits `columns` (the bar shrinks first, then the figures are cut), so `\r` can redraw it.
    static func barLine(_ progress: OSMImportProgress, columns: Int) -> String {
        let fraction = progress.totalBytes > 0 ? min(1, Double(progress.bytesRead) / Double(progress.totalBytes)) : 0
        let percent = String(Int(fraction * 100))
        let figures = " " + String(repeating: " ", count: max(0, 3 - percent.count)) + percent + "%  "
            + "\(count(progress.elements)) objects  "
            + "\(DecimalText.fixed(Double(progress.bytesRead) / 1e6, decimals: 1))/"
            + "\(DecimalText.fixed(Double(progress.totalBytes) / 1e6, decimals: 1)) MB  "
            + "\(DecimalText.fixed(rate(progress), decimals: 1)) MB/s"
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
        return ProcessInfo.processInfo.environment["COLUMNS"].flatMap(Int.init) ?? 80
    }

    static func plainLine(_ progress: OSMImportProgress) -> String {
        let percent = progress.totalBytes > 0 ? 100 * progress.bytesRead / progress.totalBytes : 0
        return "\(label(progress.phase).trimmingCharacters(in: .whitespaces)): \(percent)%, "
            + "\(DecimalText.fixed(Double(progress.bytesRead) / 1e6, decimals: 1)) of "
            + "\(DecimalText.fixed(Double(progress.totalBytes) / 1e6, decimals: 1)) MB, "
            + "\(count(progress.elements)) objects, \(count(progress.places)) places, "
            + "\(DecimalText.fixed(rate(progress), decimals: 1)) MB/s"
    }

    private static func label(_ phase: OSMImportProgress.Phase) -> String {
        switch phase {
        case .reading: "Reading     "
        case .placingWays: "Placing ways"
        }
    }

    private static func rate(_ progress: OSMImportProgress) -> Double {
        progress.elapsed > 0 ? Double(progress.bytesRead) / 1e6 / progress.elapsed : 0
    }

    private static func count(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var result = value < 0 ? "-" : ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return result
    }

    private static func write(_ text: String, to descriptor: Int32) {
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes { buffer in
                Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
            }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return }
            offset += written
        }
    }
}
