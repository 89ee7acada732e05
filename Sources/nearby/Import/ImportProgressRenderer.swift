import FoundationEssentials
import Glibc
import NearbyCore
import NearbyData
import OSMFormats

/// Draws an import's progress on stderr (a bar redrawn in place on a terminal, a plain line every few seconds
/// otherwise: logs, pipes) and its summary on stdout, so `nearby import FILE > log` keeps the summary.
final class ImportProgressRenderer {
    private let isTerminal: Bool
    private let interval: Double
    private var lastDrawn: Double
    private var drewBar = false
    private var passPhase: OSMImportProgress.Phase?
    private var passStart = 0.0
    private var passBytes = 0

    init(isTerminal: Bool = isatty(STDERR_FILENO) != 0) {
        self.isTerminal = isTerminal
        interval = isTerminal ? 0.1 : 3
        // A log gets its first line after one interval, not a "0%" line at the start.
        lastDrawn = isTerminal ? -Double.infinity : 0
    }

    func update(_ progress: OSMImportProgress) {
        // A pass begins when the phase changes or the bytes start again (each pass reads the file anew).
        if progress.phase != passPhase || progress.bytesRead < passBytes {
            passPhase = progress.phase
            passStart = progress.elapsed
        }
        passBytes = progress.bytesRead
        guard progress.elapsed - lastDrawn >= interval else { return }
        lastDrawn = progress.elapsed
        let passSeconds = progress.elapsed - passStart
        if isTerminal {
            Console.writeError("\r\u{1B}[2K" + Self.barLine(progress, columns: Self.terminalColumns(),
                                                             passSeconds: passSeconds))
            drewBar = true
        } else {
            Console.writeError(Self.plainLine(progress, passSeconds: passSeconds) + "\n")
        }
    }

    /// Clears the bar so that what follows starts on a clean line.
    func finish() {
        if drewBar { Console.writeError("\r\u{1B}[2K") }
        drewBar = false
    }

    func summary(_ summary: OSMImportSummary, file: String, dryRun: Bool) {
        finish()
        Console.write(Self.summaryText(summary, file: file, dryRun: dryRun))
    }

    /// The summary: what the file held, what changed in the store, per category, the walking network, and
    /// how fast it went.
    static func summaryText(_ summary: OSMImportSummary, file: String, dryRun: Bool) -> String {
        let name = TerminalText.safe(FileSystem.fileName(of: file))
        let held = "\(NumberText.counted(summary.places, "place", "places")) and "
            + "\(NumberText.counted(summary.localities, "locality", "localities"))"
        var lines: [String] = []
        if dryRun {
            lines.append("Found \(held) in \(name) (\(summary.format.displayName)); dry run, nothing saved.")
        } else {
            lines.append("Imported \(held) from \(name) (\(summary.format.displayName)).")
        }
        if let changes = summary.changes {
            if changes.toldApartByExtent {
                lines.append("A new extract: another file of this name is in the store, but its data lies elsewhere, "
                             + "so both are kept (`nearby extracts` lists them).")
            }
            lines.append(changesLine(changes))
        }
        let width = summary.placesByCategory.keys.map(\.displayName.count).max() ?? 0
        for category in Category.allCases {
            guard let count = summary.placesByCategory[category] else { continue }
            let label = NumberText.leftAligned(category.displayName, width: width)
            let figure = Self.count(count)
            lines.append("  \(label)  " + String(repeating: " ", count: max(0, 7 - figure.count)) + figure)
        }
        if summary.waysPlaced > 0 || summary.waysWithoutNodes > 0 {
            lines.append("  (\(Self.count(summary.waysPlaced)) of them are areas placed at their centre"
                         + (summary.waysWithoutNodes > 0
                            ? "; \(NumberText.counted(summary.waysWithoutNodes, "area", "areas")) had no nodes in the file)" : ")"))
        }
        lines += Self.skipLines(summary.skips)
        if let network = summary.network {
            lines.append(network.ways > 0
                ? "Walking network: \(NumberText.counted(network.ways, "way", "ways")), "
                    + "\(NumberText.counted(network.edges, "stretch", "stretches")) between "
                    + "\(NumberText.counted(network.vertices, "junction", "junctions")), \(Self.count(network.bytes / 1024)) KB."
                : "No walkable ways in this extract: walking times will be straight-line distances.")
            if network.waysBeyondLimit > 0 {
                lines.append("  (\(NumberText.counted(network.waysBeyondLimit, "walkable way", "walkable ways")) left out: a file "
                             + "of this size may bring \(Self.count(network.referenceLimit)) node references of paths)")
            }
            if network.stretchesLeftOut > 0 {
                lines.append("  (\(NumberText.counted(network.stretchesLeftOut, "stretch", "stretches")) of paths left out: "
                             + "they span more than 180° of longitude, across the antimeridian or round a pole)")
            }
        }
        if let needed = summary.baseLeftOutForRoom {
            lines.append("Not kept for `nearby update`: the extract's base (it needs \(megabytes(needed)) MB free in all); "
                         + "updates of this extract will read it again.")
        }
        let seconds = max(summary.seconds, 0.000_001)
        lines.append("\(NumberText.counted(summary.elements, "object", "objects")), \(megabytes(summary.bytes)) MB in "
                     + "\(NumberText.fixed(summary.seconds, digits: 2)) s: "
                     + "\(NumberText.fixed(Double(summary.bytes) / 1e6 / seconds, digits: 1)) MB/s, "
                     + "\(Self.count(Int(Double(summary.elements) / seconds))) objects/s.")
        return lines.joined(separator: "\n") + "\n"
    }

    /// "3 places added, 1 place updated, 2 places removed (no longer in this extract); 698 unchanged."
    static func changesLine(_ changes: PlacesImportChanges) -> String {
        var parts: [String] = []
        func add(_ count: Int, _ one: String, _ many: String, _ what: String) {
            if count > 0 { parts.append("\(NumberText.counted(count, one, many)) \(what)") }
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
        if changes.placesUnchanged > 0 { line += "; \(NumberText.counted(changes.placesUnchanged, "place", "places")) unchanged" }
        if changes.duplicatesMerged > 0 {
            line += "; \(NumberText.counted(changes.duplicatesMerged, "place", "places")) mapped twice (a point and an area of "
                + "one name within 25 m) kept once"
        }
        return line + "."
    }

    /// A warning line for each kind of element left out for being beyond the import's limits.
    static func skipLines(_ skips: OSMImportSkips) -> [String] {
        let limits = OSMImportLimits.standard
        func areas(_ number: Int) -> String { number == 1 ? "1 area" : "\(count(number)) areas" }
        var lines: [String] = []
        if skips.waysWithTooManyNodes > 0 {
            lines.append("  Left out \(areas(skips.waysWithTooManyNodes)) with more than \(count(limits.reading.wayNodes)) "
                         + "nodes (more than OpenStreetMap allows a way).")
        }
        if skips.elementsWithTooManyTags > 0 {
            let places = skips.elementsWithTooManyTags == 1 ? "1 place" : "\(count(skips.elementsWithTooManyTags)) places"
            lines.append("  Left out \(places) with more than \(count(limits.reading.elementTags)) tags.")
        }
        if skips.waysBeyondNodeBudget > 0 {
            lines.append("  Left out \(areas(skips.waysBeyondNodeBudget)): the areas before them needed as many nodes "
                         + "as an import keeps for a file of this size.")
        }
        return lines
    }

    /// One line that fits `columns` (the bar shrinks first, then the figures are cut), so `\r` can redraw it.
    static func barLine(_ progress: OSMImportProgress, columns: Int, passSeconds: Double = 0) -> String {
        let fraction = progress.totalBytes > 0 ? min(1, Double(progress.bytesRead) / Double(progress.totalBytes)) : 0
        let figures = " " + NumberText.rightAligned(String(Int(fraction * 100)), width: 3) + "%  "
            + "\(count(progress.elements)) objects  \(megabytes(progress.bytesRead))/\(megabytes(progress.totalBytes)) MB  "
            + "\(NumberText.fixed(rate(progress), digits: 1)) MB/s"
            + (timeLeft(progress, passSeconds: passSeconds).map { "  " + $0 } ?? "")
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

    static func plainLine(_ progress: OSMImportProgress, passSeconds: Double = 0) -> String {
        let percent = progress.totalBytes > 0 ? 100 * progress.bytesRead / progress.totalBytes : 0
        return "\(label(progress.phase).trimmingBlanks()): \(percent)%, \(megabytes(progress.bytesRead)) of "
            + "\(megabytes(progress.totalBytes)) MB, \(count(progress.elements)) objects, \(count(progress.places)) places, "
            + "\(NumberText.fixed(rate(progress), digits: 1)) MB/s"
            + (timeLeft(progress, passSeconds: passSeconds).map { ", " + $0 } ?? "")
    }

    /// "1:05 left" in this pass, from how far it came in `passSeconds`; nil until there is enough to tell.
    static func timeLeft(_ progress: OSMImportProgress, passSeconds: Double) -> String? {
        let fraction = progress.totalBytes > 0 ? min(1, Double(progress.bytesRead) / Double(progress.totalBytes)) : 0
        guard fraction > 0.02, fraction < 1, passSeconds > 1 else { return nil }
        let seconds = Int((passSeconds / fraction * (1 - fraction)).rounded())
        return "\(seconds / 60):" + (seconds % 60 < 10 ? "0" : "") + "\(seconds % 60) left"
    }

    private static func label(_ phase: OSMImportProgress.Phase) -> String {
        switch phase {
        case .reading: "Reading     "
        case .placingWays: "Placing ways"
        case .walkingNetwork: "Paths       "
        case .sortingPaths: "Sorting     "
        case .buildingTiles: "Tiles       "
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
}
