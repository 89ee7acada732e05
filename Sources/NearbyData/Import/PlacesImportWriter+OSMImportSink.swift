import OSMFormats
import Glibc
import NearbyCore

/// The store's import writer takes an import's places and localities as they come.
extension PlacesImportWriter: OSMImportSink {
    public func place(_ place: Place) throws {
        try upsert(place)
    }

    public func locality(_ locality: Locality) throws {
        try upsert(locality)
    }

    public func extractHeader(_ header: OSMExtractHeader) {
        self.header = header
    }
}

extension LocalPlacesStore {
    /// Imports an OpenStreetMap extract in ONE transaction (read through `changes` when given: `nearby update`): a damaged file leaves the store exactly as it was.
    /// Importing the same extract again (a newer download of it; see `PlacesExtract`) replaces what it brought
    /// before: changed places are updated, places gone from the file removed. The summary's `changes` says so.
    /// The extract's walking network replaces the one it brought before (and no other extract's), in the same
    /// transaction.
    ///
    /// The walking network is built through temporary files in a folder beside the store (`scratch`), removed
    /// when the import ends however it ends; the import first checks that the disk can hold them.
    @discardableResult
    public func importOpenStreetMap(
        at path: String, changes: OSMChangeSet? = nil, limits: OSMImportLimits = .standard,
        scratch: OSMImportScratch = OSMImportScratch(), progress: @escaping (OSMImportProgress) -> Void = { _ in }
    ) throws(OSMImportError) -> OSMImportSummary {
        let importer = OSMImporter(path: path, limits: limits, changes: changes)
        let fileSize = try FileByteSource(path: path).size
        let parent = scratch.folder ?? ImportScratchFolder.parent(ofStore: database.path)
        let folder = try ImportScratchFolder(in: parent, neededBytes: OSMImportScratch.diskNeeded(fileSize: fileSize),
                                             freeSpace: scratch.freeSpace)
        defer { folder.remove() }
        // What an update patches the store with; an import through changes keeps the base of its file, and a
        // store in memory (tests) has no folder to keep one in. A disk with room for the import but not for the
        // base gets the import without it: a country's base is gigabytes, and updates can read the file again.
        let wantsBase = changes == nil && database.path.contains("/")
        let baseNeeds = OSMImportScratch.diskNeeded(fileSize: fileSize, keepingBase: true)
        let roomForBase = (scratch.freeSpace(parent) ?? .max) >= baseNeeds
        let base = wantsBase && roomForBase ? try? ExtractBaseWriter(in: folder) : nil
        var madeBase: String?
        var extractID: Int64?
        do {
            let (summary, changes) = try importPlaces(extract: { header in
                PlacesExtract.identify(path: path, header: header)
            }) { writer in
                writer.fileDate = try? importer.fileDate()
                writer.filePath = Self.absolutePath(path)
                let network = WalkNetworkCollector(
                    files: try WalkNetworkFiles(folder: folder, budget: limits.memory, base: base),
                    limits: limits.walkNetwork,
                    fileSize: fileSize)
                let clock = ContinuousClock()
                let start = clock.now
                var (summary, networkNodes) = try importer.run(into: writer, alongside: network, progress: progress)
                let storage = try WalkNetworkStorage.Writer(db: writer.database, extract: try writer.extractID() ?? 0)
                summary.network = try importer.buildWalkNetwork(
                    network, locator: networkNodes, into: storage, places: summary.places,
                    elapsed: { Double((clock.now - start) / .milliseconds(1)) / 1000 }, progress: progress)
                writer.walkWays = summary.network?.ways ?? 0
                extractID = try writer.extractID()
                if let base { madeBase = try base.finish(names: network.names, longestPiece: summary.network?.longestPiece ?? 0,
                                                        filePath: Self.absolutePath(path)) }
                if let extent = summary.network?.extent {
                    writer.include(Coordinate(latitude: extent.minLatitude, longitude: extent.minLongitude))
                    writer.include(Coordinate(latitude: extent.maxLatitude, longitude: extent.maxLongitude))
                }
                return summary
            }
            if let extractID, wantsBase {
                if let madeBase {
                    ExtractBaseFiles.install(madeBase, ofStore: database.path, extract: extractID)
                } else {
                    // No base of this file (it could not be followed, see `ExtractBaseWriter`, or the disk had no
                    // room): none of an older file stays either, least of all when the disk is short.
                    ExtractBaseFiles.remove(ofStore: database.path, extract: extractID)
                }
            }
            var result = summary
            result.changes = changes
            if wantsBase && !roomForBase { result.baseLeftOutForRoom = baseNeeds }
            // The summary counts what the store holds: a place mapped twice is one.
            for (category, twice) in changes.duplicatesByCategory {
                let kept = (result.placesByCategory[category] ?? 0) - twice
                result.placesByCategory[category] = kept > 0 ? kept : nil
            }
            return result
        } catch {
            throw OSMImportError.sink(failure: error)
        }
    }
}

extension LocalPlacesStore {
    /// The file's whole path, links resolved, as `nearby update` will look for it later from any folder.
    static func absolutePath(_ path: String) -> String {
        guard let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}

/// Where an import keeps its temporary files, and how it learns the disk's free space (tests put in their own).
public struct OSMImportScratch: Sendable {
    /// The folder to make the import's own temporary folder in; nil: beside the store file (the system's
    /// temporary folder for a store in memory).
    public var folder: String?
    /// Bytes free on the disk of a folder, nil when it cannot be told.
    public var freeSpace: @Sendable (String) -> Int?

    public init(folder: String? = nil,
                freeSpace: @escaping @Sendable (String) -> Int? = { ImportScratchFolder.freeSpace($0) }) {
        self.folder = folder
        self.freeSpace = freeSpace
    }

    /// The disk an import of a file of `fileSize` bytes needs: its temporary files (at most about 2.5 times
    /// the size of an extract, measured on a Switzerland-sized file) and the store's growth with the WAL (about
    /// the file's size), with 64 MB to spare; `keepingBase`, with the extract's base kept for updates too (2.9
    /// times the file's size on that file).
    public static func diskNeeded(fileSize: Int, keepingBase: Bool = false) -> Int {
        let (temporary, overflow) = fileSize.multipliedReportingOverflow(by: keepingBase ? 7 : 4)
        return overflow ? .max : temporary.addingReportingOverflow(64 << 20).overflow ? .max : temporary + (64 << 20)
    }
}
