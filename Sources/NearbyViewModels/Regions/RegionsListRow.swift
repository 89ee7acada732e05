import FoundationEssentials
import NearbyCore

/// One row of the Regions screen: an imported extract, or the loading, error or empty row.
public enum RegionsListRow: Hashable {
    case loading(String)
    case error(String)
    /// No extract yet; the text says how to get one.
    case empty(String)
    case region(RegionRowModel)
    /// A region being downloaded (or whose download failed): not in the store yet.
    case download(name: String, state: RegionTaskState)
    /// A region of the download index: its name and where it lies.
    case choice(name: String, path: String)
}

/// An extract as its row shows it.
public struct RegionRowModel: Hashable {
    public var name: String
    /// "data from 3 days ago".
    public var age: String
    /// "1,234 places".
    public var places: String
    /// "12.3 MB".
    public var size: String
    public var canUpdate: Bool
    /// Its update or removal, while one runs or once it ended.
    public var state: RegionTaskState?

    public var stateText: String? { state?.text }
    public var isWorking: Bool { state?.isWorking ?? false }
}

extension RegionTaskState {
    /// The state in a few words: "waiting", "fetching 1/3", "applying 45%", "✓ 3 places added", "failed: …".
    public var text: String {
        switch self {
        case .waiting: "waiting…"
        case .working(.fetching(let done, let all)) where all > 0: "fetching changes \(done)/\(all)"
        case .working(.fetching): "asking the feed…"
        case .working(.downloading(let bytes, let total?)) where total > 0:
            "downloading \(Int(Double(bytes) * 100 / Double(total)))% of \(Self.megabytes(total))"
        case .working(.downloading(let bytes, _)): "downloading \(Self.megabytes(bytes))"
        case .working(.reading(let fraction)): "applying \(Int((fraction * 100).rounded(.down)))%"
        case .done(let text): "✓ " + text
        case .failed(let reason): "failed: " + reason
        }
    }

    public var isWorking: Bool {
        switch self {
        case .waiting, .working: true
        case .done, .failed: false
        }
    }

    private static func megabytes(_ bytes: Int64) -> String {
        NumberText.fixed(Double(bytes) / 1e6, digits: 1) + " MB"
    }
}
