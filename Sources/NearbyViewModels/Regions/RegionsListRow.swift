import FoundationEssentials
import NearbyCore

/// One row of the Regions screen: an imported extract, or the loading, error or empty row.
public enum RegionsListRow: Hashable {
    case loading(String)
    case error(String)
    /// No extract yet; the text says how to get one.
    case empty(String)
    case region(RegionRowModel)
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

    /// The state in a few words: "waiting", "fetching 1/3", "reading 45%", "✓ 3 places added", "failed: …".
    public var stateText: String? {
        switch state {
        case nil: nil
        case .waiting: "waiting…"
        case .working(.fetching(let done, let all)) where all > 0: "fetching changes \(done)/\(all)"
        case .working(.fetching): "asking the feed…"
        case .working(.reading(let fraction)): "applying \(Int((fraction * 100).rounded(.down)))%"
        case .done(let text): "✓ " + text
        case .failed(let reason): "failed: " + reason
        }
    }

    public var isWorking: Bool {
        switch state {
        case .waiting, .working: true
        default: false
        }
    }
}
