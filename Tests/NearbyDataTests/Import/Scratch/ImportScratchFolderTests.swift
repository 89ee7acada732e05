import Foundation
import Glibc
import Testing
@testable import NearbyData
@testable import OSMFormats

/// The import's temporary folder: beside the store, gone after the import however it ended, removed by a later
/// import when a killed one left it; the disk's free space is checked first.
@Suite("Import's temporary folder")
struct ImportScratchFolderTests {
    static let region = RegionModel(copies: 2).xml()

    /// The import folders in `folder`.
    static func scratchFolders(in folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix("tmp-import-") }
    }

    static func withFolder(_ body: (URL) throws -> Void) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try body(folder.url)
    }

    @Test("beside a store file, and gone after a successful import")
    func goneAfterSuccess() throws {
        try Self.withFolder { folder in
            let file = try TemporaryFile(name: "region.osm", text: Self.region)
            defer { file.remove() }
            let database = try AppDatabase.open(at: folder.appendingPathComponent("store.sqlite"))
            #expect(ImportScratchFolder.parent(ofStore: database.path) == folder.path)
            var limits = OSMImportLimits()
            limits.memory.runBytes = 256
            let summary = try LocalPlacesStore(database: database).importOpenStreetMap(at: file.path, limits: limits)
            #expect((summary.network?.ways ?? 0) > 0)
            #expect(try Self.scratchFolders(in: folder).isEmpty)
        }
    }

    @Test("gone after an import that fails half way, and the store is as it was")
    func goneAfterFailure() throws {
        try Self.withFolder { folder in
            // Cut short after its ways began: the walking network's files exist when the import fails.
            let text = Self.region
            let lastWayEnd = try #require(text.range(of: "</way>", options: .backwards))
            let cut = String(text[..<lastWayEnd.lowerBound])
            let file = try TemporaryFile(name: "cut.osm", text: cut)
            defer { file.remove() }
            let store = LocalPlacesStore(database: try AppDatabase.inMemory())
            #expect(throws: OSMImportError.self) {
                try store.importOpenStreetMap(at: file.path, scratch: OSMImportScratch(folder: folder.path))
            }
            #expect(try Self.scratchFolders(in: folder).isEmpty)
            #expect(try store.database.read { db in try db.scalar("SELECT count(*) FROM place", as: Int.self) } == 0)
            #expect(try store.database.read { db in
                try db.scalar("SELECT count(*) FROM walk_tile_layer", as: Int.self)
            } == 0)
        }
    }

    @Test("a folder a killed import left is removed; a living process's stays")
    func staleFolderRemoved() throws {
        try Self.withFolder { folder in
            let dead = try #require((2..<Int32(4_000_000)).reversed().lazy.first { kill($0, 0) != 0 && errno == ESRCH })
            let stale = folder.appendingPathComponent("tmp-import-\(dead)-1")
            try FileManager.default.createDirectory(at: stale, withIntermediateDirectories: false)
            try Data([1, 2, 3]).write(to: stale.appendingPathComponent("3-refs-by-node-run1"))
            // Process 1 is always alive.
            let living = folder.appendingPathComponent("tmp-import-1-1")
            try FileManager.default.createDirectory(at: living, withIntermediateDirectories: false)
            let file = try TemporaryFile(name: "region.osm", text: Self.region)
            defer { file.remove() }
            try LocalPlacesStore(database: try AppDatabase.inMemory())
                .importOpenStreetMap(at: file.path, scratch: OSMImportScratch(folder: folder.path))
            #expect(try Self.scratchFolders(in: folder) == ["tmp-import-1-1"])
        }
    }

    @Test("a disk too small for the import is refused in a sentence, before the store changes")
    func diskTooSmall() throws {
        try Self.withFolder { folder in
            let file = try TemporaryFile(name: "region.osm", text: Self.region)
            defer { file.remove() }
            let store = LocalPlacesStore(database: try AppDatabase.inMemory())
            try store.importOpenStreetMap(at: file.path)
            let count = { try store.database.read { db in
                try db.scalar("SELECT (SELECT count(*) FROM place) || ' ' || (SELECT count(*) FROM walk_tile_layer)",
                              as: String.self)
            } }
            let before = try count()
            let small = OSMImportScratch(folder: folder.path, freeSpace: { _ in 10 << 20 })
            let error = #expect(throws: OSMImportError.self) {
                try store.importOpenStreetMap(at: file.path, scratch: small)
            }
            let text = error.map(String.init(describing:)) ?? ""
            #expect(text.hasPrefix("Not enough disk space: importing this file needs about"))
            #expect(text.contains("only 10 MB are; nothing was changed."))
            #expect(try count() == before)
            #expect(try Self.scratchFolders(in: folder).isEmpty)
        }
    }

    @Test("a folder the import cannot make its temporary folder in gives a clear error")
    func unusableFolder() throws {
        let blocker = try TemporaryFile(name: "not-a-folder", text: "a file where a folder should be")
        defer { blocker.remove() }
        let file = try TemporaryFile(name: "region.osm", text: Self.region)
        defer { file.remove() }
        let error = #expect(throws: OSMImportError.self) {
            try LocalPlacesStore(database: try AppDatabase.inMemory())
                .importOpenStreetMap(at: file.path, scratch: OSMImportScratch(folder: blocker.path))
        }
        let text = error.map(String.init(describing:)) ?? ""
        #expect(text.hasPrefix(
            "The import's temporary files failed: cannot make the folder \(blocker.path)/tmp-import-"))
        #expect(text.hasSuffix(": Not a directory."))
    }

    @Test("the disk an import needs follows the file's size, and keeping the base needs more")
    func diskNeeded() {
        #expect(OSMImportScratch.diskNeeded(fileSize: 0) == 64 << 20)
        #expect(OSMImportScratch.diskNeeded(fileSize: 100 << 20) == (400 << 20) + (64 << 20))
        #expect(OSMImportScratch.diskNeeded(fileSize: 100 << 20, keepingBase: true) == (700 << 20) + (64 << 20))
    }

    @Test("a disk with room for the import but not for the extract's base gets the import without the base, and says so")
    func noRoomForTheBase() throws {
        try Self.withFolder { folder in
            // A file the base can follow: elements in id order, and paths.
            let nodes = (1...6).map { TestPBF.Node(id: Int64($0), lat: 47.14 + Double($0) * 0.001, lon: 9.52, tags: []) }
            let ways = [TestPBF.Way(id: 1, refs: [1, 2, 3, 4], tags: [("highway", "footway")]),
                        TestPBF.Way(id: 2, refs: [4, 5, 6], tags: [("highway", "path")])]
            let file = try TemporaryFile(name: "paths.osm", text: TestOSMXML.document(nodes: nodes, ways: ways, relation: false))
            defer { file.remove() }
            let size = Int(try #require(try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? NSNumber).int64Value)
            let between = (OSMImportScratch.diskNeeded(fileSize: size) + OSMImportScratch.diskNeeded(fileSize: size, keepingBase: true)) / 2
            let base = folder.appendingPathComponent("osm-base")
            let database = try AppDatabase.open(at: folder.appendingPathComponent("store.sqlite"))
            let store = LocalPlacesStore(database: database)
            let tight = try store.importOpenStreetMap(at: file.path, scratch: OSMImportScratch(freeSpace: { _ in between }))
            #expect(tight.baseLeftOutForRoom == OSMImportScratch.diskNeeded(fileSize: size, keepingBase: true))
            #expect((tight.network?.ways ?? 0) > 0)
            #expect(!FileManager.default.fileExists(atPath: base.path))
            let roomy = try store.importOpenStreetMap(at: file.path, scratch: OSMImportScratch(freeSpace: { _ in 1 << 40 }))
            #expect(roomy.baseLeftOutForRoom == nil)
            #expect(try FileManager.default.contentsOfDirectory(atPath: base.path).count == 1)
            #expect(try Self.scratchFolders(in: folder).isEmpty)
        }
    }
}
