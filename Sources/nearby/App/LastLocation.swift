import FoundationEssentials
import NearbyCore
import NearbyData

/// The last "here" used, kept in the data folder so that `nearby` opens where it was.
struct LastLocation {
    let path: String

    init(directory: URL) {
        path = directory.appendingPathComponent("last-location").path
    }

    /// "LAT,LON\tNAME"; nil when missing or unreadable (then the store's default applies).
    func read() -> NearLocation? {
        guard let bytes = try? FileSystem.read(path, limit: 4_096),
              let text = String(validating: bytes, as: UTF8.self) else { return nil }
        let parts = text.trimmingWhitespace().split(separator: "\t", maxSplits: 1)
        guard let first = parts.first, let coordinate = Coordinate(parsing: String(first)) else { return nil }
        let name = parts.count > 1 ? String(parts[1]) : nil
        return NearLocation(name: name, coordinate: coordinate)
    }

    func write(_ location: NearLocation) {
        let name = location.name.map { "\t" + $0.replacing("\n", with: " ") } ?? ""
        let line = "\(location.coordinate.latitude),\(location.coordinate.longitude)\(name)\n"
        // Remembering is a convenience: a read-only folder must not stop the app.
        try? FileSystem.writeWhole(Array(line.utf8), to: path, replacing: true)
    }
}
