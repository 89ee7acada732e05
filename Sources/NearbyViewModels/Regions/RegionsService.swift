import FoundationEssentials
import NearbyCore

/// One imported extract, as the Regions screen lists it.
public struct RegionSummary: Hashable, Sendable {
    public var id: Int64
    public var name: String
    /// The time its data is from (its feed's time, else its file's), nil when unknown.
    public var dataTime: Date?
    public var places: Int
    public var bytes: Int
    /// Whether its file names a replication feed, so `u` can bring it up to date.
    public var canUpdate: Bool

    public init(id: Int64, name: String, dataTime: Date?, places: Int, bytes: Int, canUpdate: Bool) {
        self.id = id
        self.name = name
        self.dataTime = dataTime
        self.places = places
        self.bytes = bytes
        self.canUpdate = canUpdate
    }
}

/// How far an update or a download has come: fetching change files or the extract, then reading it.
public enum RegionWork: Hashable, Sendable {
    case fetching(done: Int, of: Int)
    case downloading(bytes: Int64, total: Int64?)
    case reading(fraction: Double)
}

/// A region of the download index, as the "add a region" list offers it.
public struct RegionChoice: Hashable, Sendable {
    public var id: String
    public var name: String
    /// Its parents and itself: "Europe › Switzerland › Zürich".
    public var path: String

    public init(id: String, name: String, path: String) {
        self.id = id
        self.name = name
        self.path = path
    }
}

/// Why a region's work failed, in words the row shows as they are.
public struct RegionsFailure: Error, Hashable, Sendable {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }
}

/// What the Regions screen needs of the store and the feeds; the app wires the store's, tests a stand-in.
public protocol RegionsService: Sendable {
    func regions() async throws(RegionsFailure) -> [RegionSummary]
    /// Brings one extract up to date; returns what changed, in words ("3 places added, 1 removed"), or nil
    /// when it was up to date already.
    func update(_ id: Int64, progress: @escaping @Sendable (RegionWork) -> Void) async throws(RegionsFailure) -> String?
    func remove(_ id: Int64) async throws(RegionsFailure)
    /// The regions the download index offers.
    func index() async throws(RegionsFailure) -> [RegionChoice]
    /// Downloads a region's extract, checks it and imports it; returns what it brought, in words.
    func download(_ choice: RegionChoice, progress: @escaping @Sendable (RegionWork) -> Void) async throws(RegionsFailure)
        -> String
}
