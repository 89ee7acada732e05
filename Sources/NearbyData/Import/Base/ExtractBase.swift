import FoundationEssentials
import Glibc
import OSMFormats

/// An extract's base as the import left it (`ExtractBaseFiles`), opened for an update's lookups.
final class ExtractBase {
    /// A walkable way as the base holds it.
    struct Way {
        var refs: [Int64]
        var flags: UInt8
        var name: Int32
    }

    /// An area of a known category: its nodes and the tags the import read.
    struct Area {
        var id: Int64
        var refs: [Int64]
        var tags: [String: String]
    }

    let folder: String
    let manifest: ExtractBaseFiles.Manifest
    private let nodes: SortedRecordFile
    private let wayIndex: SortedRecordFile
    private let nodeWays: SortedRecordFile
    private let ways: ScratchFile
    /// The first reference number of each block of `wayIndex`.
    private var wayBlockReferences: [Int64] = []
    private var loadedNames: [String]?
    /// What an update looks up again and again about a node, for both of its views.
    struct NodeFacts {
        /// Packed in 64 bits (`Int64.min`: no such node).
        var position: Int64
        var uses: Int32
    }
    private var nodeCache = IDTable<NodeFacts>(filler: NodeFacts(position: .min, uses: 0))
    private var wayCache: [Int64: Way?] = [:]

    /// Opens the base of `extract`, if there is one made from `filePath` as it is now.
    init?(ofStore storePath: String, extract: Int64, filePath: String) {
        folder = ExtractBaseFiles.folder(ofStore: storePath, extract: extract)
        var info = stat()
        guard let data = FileManager.default.contents(atPath: folder + "/" + ExtractBaseFiles.manifest),
              let manifest = try? JSONDecoder().decode(ExtractBaseFiles.Manifest.self, from: data),
              manifest.version == ExtractBaseFiles.version, manifest.filePath == filePath,
              stat(filePath, &info) == 0, Int(info.st_size) == manifest.fileSize,
              Int(info.st_mtim.tv_sec) == manifest.fileModified else { return nil }
        self.manifest = manifest
        do {
            nodes = try SortedRecordFile(path: folder + "/" + ExtractBaseFiles.nodes, recordSize: 16)
            wayIndex = try SortedRecordFile(path: folder + "/" + ExtractBaseFiles.wayIndex, recordSize: 24)
            nodeWays = try SortedRecordFile(path: folder + "/" + ExtractBaseFiles.nodeWays, recordSize: 16,
                                            cacheBlocks: 4_096)
            ways = try ScratchFile(reading: folder + "/" + ExtractBaseFiles.ways)
            let references = try ScratchFile(reading: folder + "/" + ExtractBaseFiles.wayIndex + ".refs")
            guard references.size == wayIndex.firstKeyCount * 8 else { return nil }
            wayBlockReferences = [Int64](repeating: 0, count: references.size / 8)
            guard try references.read(into: &wayBlockReferences, at: 0) == wayBlockReferences.count * 8 else { return nil }
        } catch {
            return nil
        }
        guard nodes.count == manifest.nodeCount, wayIndex.count == manifest.wayCount else { return nil }
    }

    /// A node's position in 1e-7°, nil when the file has no such node.
    func position(of id: Int64) throws(OSMImportError) -> (latitude: Int32, longitude: Int32)? {
        let packed = try facts(of: id).position
        return packed == .min ? nil : (Int32(truncatingIfNeeded: packed >> 32), Int32(truncatingIfNeeded: packed))
    }

    /// A node's facts, remembered; read one at a time when no prefetch brought them.
    func facts(of id: Int64) throws(OSMImportError) -> NodeFacts {
        if let known = nodeCache[id] { return known }
        var facts = NodeFacts(position: .min, uses: 0)
        let index = try nodes.lowerBound(id)
        if index < nodes.count, try nodes.key(index) == id {
            facts.position = try Self.position(try nodes.field(index, at: 8, as: Int32.self),
                                               try nodes.field(index, at: 12, as: Int32.self))
        }
        var use = try nodeWays.lowerBound(id)
        while use < nodeWays.count, try nodeWays.key(use) == id {
            facts.uses &+= try nodeWays.field(use, at: 8, as: Int64.self) & 1 == 1 ? 2 : 1
            use += 1
        }
        nodeCache[id] = facts
        return facts
    }

    /// A position packed in 64 bits, refused when it lies off the globe: a damaged base must make the update
    /// read the extract again, never write a tile the store cannot read back.
    private static func position(_ latitude: Int32, _ longitude: Int32) throws(OSMImportError) -> Int64 {
        guard (-900_000_000...900_000_000).contains(latitude), (-1_800_000_000...1_800_000_000).contains(longitude) else {
            throw .scratch("the extract's base has a node off the globe")
        }
        return Int64(latitude) << 32 | Int64(UInt32(bitPattern: longitude))
    }

    /// Reads the positions and uses of many nodes at once (one pass over the blocks that hold them), so the
    /// lookups after find them remembered. `ids` may repeat and come in any order.
    func prefetch<S: Sequence<Int64>>(nodes ids: S) throws(OSMImportError) {
        var wanted = ids.filter { nodeCache[$0] == nil }
        guard !wanted.isEmpty else { return }
        wanted.sort()
        var unique = 0
        for id in wanted where unique == 0 || wanted[unique - 1] != id {
            wanted[unique] = id
            unique += 1
        }
        wanted.removeLast(wanted.count - unique)
        // Both files hold the nodes in id order: one walk over `wanted` each, no lookups in between.
        var facts = [NodeFacts](repeating: NodeFacts(position: .min, uses: 0), count: wanted.count)
        var next = 0
        try nodes.records(of: wanted) { (id, record) throws(OSMImportError) in
            while wanted[next] != id { next += 1 }
            facts[next].position = try Self.position(record.loadUnaligned(fromByteOffset: 8, as: Int32.self),
                                                     record.loadUnaligned(fromByteOffset: 12, as: Int32.self))
        }
        next = 0
        try nodeWays.records(of: wanted) { id, record in
            while wanted[next] != id { next += 1 }
            facts[next].uses &+= record.loadUnaligned(fromByteOffset: 8, as: Int64.self) & 1 == 1 ? 2 : 1
        }
        for (id, known) in zip(wanted, facts) { nodeCache[id] = known }
    }

    /// A walkable way of the file, nil when the file has no such walkable way.
    func way(_ id: Int64) throws(OSMImportError) -> Way? {
        if let known = wayCache[id] { return known }
        let found = try readWay(id)
        wayCache[id] = found
        return found
    }

    private func readWay(_ id: Int64) throws(OSMImportError) -> Way? {
        let index = try wayIndex.lowerBound(id)
        guard index < wayIndex.count, try wayIndex.key(index) == id else { return nil }
        return try way(at: index)
    }

    private func way(at index: Int) throws(OSMImportError) -> Way {
        let start = try wayIndex.field(index, at: 8, as: Int64.self)
        // The record runs to the next way's (or the file's end): one read.
        let stop = index + 1 < wayIndex.count ? try wayIndex.field(index + 1, at: 8, as: Int64.self) : Int64(ways.size)
        // Offsets from a damaged file must not make a read of terabytes, nor trap.
        guard start >= 0, stop <= Int64(ways.size), stop >= start, stop - start >= 9, (stop - start - 9) % 8 == 0 else {
            throw .scratch("the extract's base ways are damaged")
        }
        let offset = Int(start), end = Int(stop)
        var record = [UInt8](repeating: 0, count: end - offset)
        guard try ways.read(into: &record, at: offset) == record.count else {
            throw .scratch("the extract's base ways end early")
        }
        let count = record.withUnsafeBytes { Int($0.loadUnaligned(as: Int32.self)) }
        guard count == (record.count - 9) / 8 else { throw .scratch("the extract's base ways are damaged") }
        return record.withUnsafeBytes { bytes in
            let refs = (0..<count).map {
                bytes.loadUnaligned(fromByteOffset: 9 + $0 * 8, as: Int64.self)
            }
            return Way(refs: refs, flags: bytes[4], name: bytes.loadUnaligned(fromByteOffset: 5, as: Int32.self))
        }
    }

    /// How the file's walkable ways use a node: the sum over its references of 1, or 2 at a way's end (a node
    /// with 2 or more is a vertex of the network).
    func uses(of node: Int64) throws(OSMImportError) -> Int { Int(try facts(of: node).uses) }

    /// The ids of the file's walkable ways that use a node.
    func ways(using node: Int64) throws(OSMImportError) -> [Int64] {
        var index = try nodeWays.lowerBound(node)
        var found: [Int64] = []
        while index < nodeWays.count, try nodeWays.key(index) == node {
            let reference = try nodeWays.field(index, at: 8, as: Int64.self) >> 1
            let way = try wayIndex.key(try self.way(holding: reference))
            if found.last != way { found.append(way) }
            index += 1
        }
        return found
    }

    /// The index of the way whose references include reference number `reference` (the ways' first
    /// references rise with their ids).
    private func way(holding reference: Int64) throws(OSMImportError) -> Int {
        // The block in memory, then the way within the block.
        var low = 0, high = wayBlockReferences.count
        while low < high {
            let middle = (low + high) / 2
            if wayBlockReferences[middle] <= reference { low = middle + 1 } else { high = middle }
        }
        guard low > 0 else { throw .scratch("the extract's base has a reference before its first way") }
        let blockStart = (low - 1) * ExtractBaseFiles.blockRecords
        low = blockStart
        high = min(blockStart + ExtractBaseFiles.blockRecords, wayIndex.count)
        while low < high {
            let middle = (low + high) / 2
            if try wayIndex.field(middle, at: 16, as: Int64.self) <= reference { low = middle + 1 } else { high = middle }
        }
        guard low > blockStart else { throw .scratch("the extract's base way index is damaged") }
        return low - 1
    }

    /// The walkable ways' names.
    func name(_ index: Int32) throws(OSMImportError) -> String? {
        guard index >= 0 else { return nil }
        if loadedNames == nil {
            let file = try ScratchFile(reading: folder + "/" + ExtractBaseFiles.names)
            let reader = ScratchReader(file)
            var names: [String] = []
            var bytes: [UInt8] = []
            while let length = try reader.read(UInt32.self) {
                try reader.read(Int(length), into: &bytes)
                names.append(String(decoding: bytes, as: UTF8.self))
            }
            loadedNames = names
        }
        guard let names = loadedNames, Int(index) < names.count else {
            throw .scratch("the extract's base names a way name it does not have")
        }
        return names[Int(index)]
    }

    /// Every area of the file, read at once and decoded as asked.
    func areas() throws(OSMImportError) -> BaseAreas {
        let file = try ScratchFile(reading: folder + "/" + ExtractBaseFiles.areas)
        var bytes = [UInt8](repeating: 0, count: file.size)
        guard try file.read(into: &bytes, at: 0) == bytes.count else { throw .scratch("the extract's base areas end early") }
        return try BaseAreas(bytes)
    }
}
