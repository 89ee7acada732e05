import FoundationEssentials
import Glibc
import OSMFormats

/// What an import keeps of an extract so that `nearby update` can patch the store instead of reading the
/// extract again: every node's position, the walkable ways with their nodes, which ways use each node, and
/// the areas of known categories with their tags. Written while the import reads the file (the passes see all
/// of it anyway), into the import's temporary folder, and moved beside the store once the import has
/// committed (`osm-base/extract-ID/`); never changed after. An update reads it through the changes published
/// since the file (`ExtractBase`, read through `ExtractChangeView`).
///
/// Every file is a run of fixed records sorted by an 8-byte key (or a file of records found through one), so
/// a lookup is a binary search over a sparse index held in memory and one read of a block.
enum ExtractBaseFiles {
    static let version = 3
    /// Every node: id, latitude, longitude (1e-7°), by id.
    static let nodes = "nodes"
    /// Walkable ways: (id, offset in `ways`, first reference number), by id and by reference number alike;
    /// `way-index.refs` holds the first reference number of each block, as `way-index.index` its first id.
    static let wayIndex = "way-index"
    /// Walkable ways, in file order: reference count (Int32), directions (UInt8), name (Int32, -1: none),
    /// then the node ids.
    static let ways = "ways"
    /// (node id, reference number << 1 | is the way's end), by node id: the walkable ways that use a node.
    static let nodeWays = "node-ways"
    /// The walkable ways' names, each as a length (UInt32) and UTF-8 bytes.
    static let names = "names"
    /// Areas: id, node count, the node ids, the place's category code (Int32) and name (a string, as below),
    /// tag count, then each tag as two strings of a length (UInt32) and bytes. The code and name let an update
    /// tell the areas beside a changed place without mapping every area's tags again.
    static let areas = "areas"
    static let manifest = "manifest.json"

    /// Records per block of the sparse indexes (`NAME.index`: the first key of each block), so a lookup reads
    /// a block of a kilobyte or so.
    static let blockRecords = 64

    /// What the base was made from: an update uses it only for the same file.
    struct Manifest: Codable, Equatable {
        var version: Int
        var filePath: String
        var fileSize: Int
        var fileModified: Int
        var nodeCount: Int
        var wayCount: Int
        var areaCount: Int
        /// Metres of paths in the longest piece of the file's network.
        var longestPiece: Double
    }

    /// The folder of an extract's base, beside the store.
    static func folder(ofStore storePath: String, extract: Int64) -> String {
        ImportScratchFolder.parent(ofStore: storePath) + "/osm-base/extract-\(extract)"
    }

    /// Puts a finished base in place of the extract's previous one (the import has committed).
    static func install(_ made: String, ofStore storePath: String, extract: Int64) {
        let target = folder(ofStore: storePath, extract: extract)
        let parent = ImportScratchFolder.parent(ofStore: storePath) + "/osm-base"
        mkdir(parent, 0o700)
        let old = target + ".old-\(getpid())"
        rename(target, old)
        if rename(made, target) != 0 { ImportScratchFolder.removeTree(made) }
        ImportScratchFolder.removeTree(old)
    }

    /// Removes an extract's base (the extract was removed, or imported from a file the base cannot follow).
    static func remove(ofStore storePath: String, extract: Int64) {
        ImportScratchFolder.removeTree(folder(ofStore: storePath, extract: extract))
    }
}

/// Writes an extract's base while the import reads the file. Any sign that the base cannot follow the file
/// exactly (elements out of id order, ways or areas left out by the import's bounds) makes it void: the
/// import goes on, and updates of that extract read the file again.
final class ExtractBaseWriter {
    let folder: String
    private(set) var isVoid = false
    private let nodes: IndexedRecordWriter
    private let ways: ScratchWriter
    private let wayReferenceIndex: ScratchWriter
    private let wayIndex: IndexedRecordWriter
    private let nodeWays: IndexedRecordWriter
    private let areas: ScratchWriter
    private let namesFile: ScratchFile
    private var nodeCount = 0
    private var lastNode = Int64.min
    private var wayCount = 0
    private var lastWay = Int64.min
    private var wayOffset = 0
    private var areaCount = 0

    init(in scratch: ImportScratchFolder) throws(OSMImportError) {
        folder = scratch.path + "/base"
        guard mkdir(folder, 0o700) == 0 else {
            throw .scratch("cannot make the folder \(folder): \(String(cString: strerror(errno)))")
        }
        let folder = self.folder
        func writer(_ name: String) throws(OSMImportError) -> ScratchWriter {
            ScratchWriter(try ScratchFile(creating: folder + "/" + name))
        }
        func indexed(_ name: String) throws(OSMImportError) -> IndexedRecordWriter {
            IndexedRecordWriter(records: try writer(name), index: try writer(name + ".index"))
        }
        nodes = try indexed(ExtractBaseFiles.nodes)
        ways = try writer(ExtractBaseFiles.ways)
        wayReferenceIndex = try writer(ExtractBaseFiles.wayIndex + ".refs")
        wayIndex = try indexed(ExtractBaseFiles.wayIndex)
        nodeWays = try indexed(ExtractBaseFiles.nodeWays)
        areas = try writer(ExtractBaseFiles.areas)
        namesFile = try ScratchFile(creating: folder + "/" + ExtractBaseFiles.names)
    }

    func void() { isVoid = true }

    /// A node of the file, in the file's order (valid positions only; the first of a repeated id counts).
    func node(id: Int64, latitude: Int32, longitude: Int32) throws(OSMImportError) {
        guard !isVoid else { return }
        if id <= lastNode {
            if id < lastNode { isVoid = true }
            return
        }
        lastNode = id
        try nodes.record(key: id, (latitude, longitude))
        nodeCount += 1
    }

    /// A walkable way the network keeps, its references numbered from `firstReference`.
    func walkableWay(id: Int64, refs: [Int64], flags: UInt8, name: Int32, firstReference: Int) throws(OSMImportError) {
        guard !isVoid else { return }
        guard id > lastWay else { return void() }
        lastWay = id
        if wayCount % ExtractBaseFiles.blockRecords == 0 { try wayReferenceIndex.append(Int64(firstReference)) }
        try wayIndex.record(key: id, (Int64(wayOffset), Int64(firstReference)))
        try ways.append(Int32(refs.count))
        try ways.append(flags)
        try ways.append(name)
        for ref in refs { try ways.append(ref) }
        wayOffset += 9 + 8 * refs.count
        wayCount += 1
    }

    /// One (node, reference) pair, in node id order (the network's references grouped by node).
    func nodeReference(node: Int64, reference: Int64) throws(OSMImportError) {
        guard !isVoid else { return }
        try nodeWays.record(key: node, reference)
    }

    /// An area of a known category: its nodes (closing one included), the place it makes (its category's code
    /// and its name) and the tags the import reads.
    func area(id: Int64, refs: [Int64], code: Int, name: String, tags: [String: String]) throws(OSMImportError) {
        guard !isVoid else { return }
        try areas.append(id)
        try areas.append(Int32(refs.count))
        for ref in refs { try areas.append(ref) }
        try areas.append(Int32(truncatingIfNeeded: code))
        try append(name)
        try areas.append(Int32(tags.count))
        for (key, value) in tags.sorted(by: { $0.key < $1.key }) {
            try append(key)
            try append(value)
        }
        areaCount += 1
    }

    private func append(_ text: String) throws(OSMImportError) {
        let bytes = Array(text.utf8)
        try areas.append(UInt32(bytes.count))
        try areas.append(contentsOf: bytes)
    }

    /// Ends the base: the names, the manifest. Returns the folder, or nil when the base is void.
    func finish(names: [String], longestPiece: Double, filePath: String) throws(OSMImportError) -> String? {
        guard !isVoid else { return nil }
        for writer in [nodes.records, nodes.index, ways, wayReferenceIndex, wayIndex.records, wayIndex.index, nodeWays.records,
                       nodeWays.index, areas] { try writer.flush() }
        let namesWriter = ScratchWriter(namesFile)
        for name in names {
            let bytes = Array(name.utf8)
            try namesWriter.append(UInt32(bytes.count))
            try namesWriter.append(contentsOf: bytes)
        }
        try namesWriter.flush()
        var info = stat()
        guard stat(filePath, &info) == 0 else { return nil }
        let manifest = ExtractBaseFiles.Manifest(
            version: ExtractBaseFiles.version, filePath: filePath, fileSize: Int(info.st_size),
            fileModified: Int(info.st_mtim.tv_sec), nodeCount: nodeCount, wayCount: wayCount, areaCount: areaCount,
            longestPiece: longestPiece)
        guard let data = try? JSONEncoder().encode(manifest) else { return nil }
        let file = try ScratchFile(creating: folder + "/" + ExtractBaseFiles.manifest)
        let writer = ScratchWriter(file)
        try writer.append(contentsOf: Array(data))
        try writer.flush()
        return folder
    }
}

/// A file of records sorted by key, with the first key of every block in a file of its own.
final class IndexedRecordWriter {
    let records: ScratchWriter
    let index: ScratchWriter
    private var count = 0

    init(records: ScratchWriter, index: ScratchWriter) {
        self.records = records
        self.index = index
    }

    /// One record: its key, then the rest of its fields in one value (one copy into the buffer; a region has
    /// tens of millions of records).
    @inline(__always)
    func record<Fields: BitwiseCopyable>(key: Int64, _ fields: Fields) throws(OSMImportError) {
        if count & (ExtractBaseFiles.blockRecords - 1) == 0 { try index.append(key) }
        count &+= 1
        try records.append((key, fields))
    }
}
