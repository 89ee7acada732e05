import OSMFormats
import NearbyCore

/// How far an import has come; the command line draws it, the library only reports it.
public struct OSMImportProgress: Hashable, Sendable {
    /// The step the importer is in.
    public enum Phase: String, Hashable, Sendable {
        /// Reading the file: nodes become places, ways are noted.
        case reading
        /// Reading the nodes again to place closed ways at their centre.
        case placingWays
        /// Reading the nodes of the walkable ways.
        case walkingNetwork
        /// Sorting the walkable ways' node references on disk (no file reading: bytes stand for the share done).
        case sortingPaths
        /// Putting the walking network's tiles together and storing them (bytes stand for the share done).
        case buildingTiles
    }

    public var phase: Phase
    /// Bytes of the file read so far in this phase.
    public var bytesRead: Int
    /// The file's size.
    public var totalBytes: Int
    /// OpenStreetMap elements (nodes, ways, relations) read so far in this phase.
    public var elements: Int
    /// Places found so far.
    public var places: Int
    /// Seconds since the import started.
    public var elapsed: Double
}

extension OSMImportProgress {
    /// A step that reads no file (a sort, the tiles): its share done stands for the bytes, so the bar moves on.
    static func share(_ phase: Phase, done: Int, of all: Int, totalBytes: Int, places: Int,
                      elapsed: Double) -> OSMImportProgress {
        let bytes = all > 0 ? Int(Double(totalBytes) * Double(min(done, all)) / Double(all)) : 0
        return OSMImportProgress(phase: phase, bytesRead: bytes, totalBytes: totalBytes, elements: done,
                                 places: places, elapsed: elapsed)
    }
}

/// What an import did.
public struct OSMImportSummary: Hashable, Sendable {
    public var format: OSMFileFormat
    public var placesByCategory: [Category: Int]
    public var localities: Int
    /// Places that are closed ways, placed at their centre.
    public var waysPlaced: Int
    /// Closed ways dropped because none of their nodes is in the file.
    public var waysWithoutNodes: Int
    /// What was left out for being beyond the import's limits.
    public var skips: OSMImportSkips
    /// Elements read in the first pass (every node, way and relation of the file).
    public var elements: Int
    public var bytes: Int
    public var seconds: Double
    /// What the import changed in the store (nil when nothing was stored, as in a dry run).
    public var changes: PlacesImportChanges?
    /// The walking network kept beside the places (nil when the import keeps none, as in a dry run).
    public var network: WalkNetworkSummary?
    /// The disk the extract's base would have taken, when the disk had no room for it: `nearby update` then
    /// reads the extract again (nil: kept, or not one an import keeps).
    public var baseLeftOutForRoom: Int?

    public var places: Int { placesByCategory.values.reduce(0, +) }
}
