import Foundation

/// The data shared beside the project (`/work/shared/data` on the team's machines), found from this file
/// upwards so it works from any checkout or worktree; tests skip with a clear message without it.
public enum SharedData {
    /// The `shared/data` folder, when one is found.
    public static let folder: URL? = {
        if let configured = ProcessInfo.processInfo.environment["NEARBY_SHARED_DATA"] {
            return URL(fileURLWithPath: configured)
        }
        var folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while folder.path != "/" {
            let candidate = folder.appendingPathComponent("shared/data")
            if FileManager.default.fileExists(atPath: candidate.path) { return candidate }
            folder.deleteLastPathComponent()
        }
        return nil
    }()

    /// A file under the shared data folder, when it is there.
    public static func file(_ relativePath: String) -> URL? {
        guard let url = folder?.appendingPathComponent(relativePath),
              FileManager.default.isReadableFile(atPath: url.path) else { return nil }
        return url
    }

    public static let liechtensteinPath = "osm/liechtenstein-2022-07-24.osm.pbf"

    /// The real OpenStreetMap extract of Liechtenstein.
    public static var liechtenstein: URL? { file(liechtensteinPath) }

    public static let absentMessage = "shared/data/osm/liechtenstein-2022-07-24.osm.pbf is not beside the project"
}
