import Foundation
import NearbyCore
import NearbyData

/// The last "here" used, kept in the data folder so that `nearby` opens where it was.
struct LastLocation {
    let file: URL

    init(directory: URL) {
        file = directory.appendingPathComponent("last-location")
    }

    /// "LAT,LON\tNAME"; nil when missing or unreadable (then the store's default applies).
    func read() -> NearLocation? {
        guard let text = try? String(contentsOf: file, encoding: .utf8) else { return nil }
        let parts = text.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: "\t", maxSplits: 1)
        guard let first = parts.first, let coordinate = Coordinate(parsing: String(first)) else { return nil }
        let name = parts.count > 1 ? String(parts[1]) : nil
        return NearLocation(name: name, coordinate: coordinate)
    }

    func write(_ location: NearLocation) {
        let line = "\(location.coordinate.latitude),\(location.coordinate.longitude)"
            + (location.name.map { "\t" + $0.replacingOccurrences(of: "\n", with: " ") } ?? "") + "\n"
        try? line.write(to: file, atomically: true, encoding: .utf8)
    }
}
