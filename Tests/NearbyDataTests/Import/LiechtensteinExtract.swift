import Testing
import Foundation

/// The real extract shared beside the project (`../shared/data/osm/` from the package root), when present.
enum LiechtensteinExtract {
    static let fileName = "liechtenstein-2022-07-24.osm.pbf"

    /// Looks in `shared/data/osm` beside every folder above this file, so it works from any checkout.
    static let path: String? = {
        var folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while folder.path != "/" {
            let candidate = folder.appendingPathComponent("shared/data/osm/\(fileName)").path
            if FileManager.default.isReadableFile(atPath: candidate) { return candidate }
            folder.deleteLastPathComponent()
        }
        return nil
    }()

    static let isAbsentMessage: Comment = "liechtenstein-2022-07-24.osm.pbf is not in ../shared/data/osm"
}
