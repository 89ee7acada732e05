import OSMFormats

/// The walking network's temporary files while an import builds it, and the steps between them. Per node
/// reference of a walkable way (sizes on disk):
///
/// 1. first pass (`WalkNetworkCollector`): the way's length, directions and name in `ways` (9 bytes a way),
///    and (node id, reference number) into an external sort (20 bytes a reference);
/// 2. `groupReferencesByNode()`: the sort read in node order gives the distinct nodes' ids (`nodes`, 8 bytes a
///    node) and their references (`node-refs`, 4 bytes a node and 8 a reference);
/// 3. second pass (`WalkNodeLocator`): the nodes' positions (`positions`, 8 bytes a node, in `nodes` order);
/// 4. `locateReferences()`: each reference with its node's number, position and junction number, into an
///    external sort by reference number (40 bytes a reference), read back in way order by the builder;
/// 5. the builder (`WalkNetworkBuilder`) sorts its tiles' vertices and edges by tile (about 60 bytes an edge
///    and 8 a shape point) and writes one tile at a time.
final class WalkNetworkFiles {
    let folder: ImportScratchFolder
    let budget: ImportMemoryBudget
    private let ways: ScratchWriter
    let waysFile: ScratchFile
    private var referencesByNode: ExternalSorter?
    /// Distinct nodes, in id order (after `groupReferencesByNode`).
    private(set) var nodeCount = 0
    private(set) var nodeFile: ScratchFile?
    private var nodeReferenceFile: ScratchFile?
    /// Nodes where ways meet or end (after `locateReferences`).
    private(set) var junctionCount = 0
    /// Each junction's node number (its rank in id order), for the rare tie `NetworkPieces` breaks as before.
    private(set) var junctionNodesFile: ScratchFile?
    /// What the import keeps for updates, when it keeps it (`ExtractBaseFiles`).
    let base: ExtractBaseWriter?

    init(folder: ImportScratchFolder, budget: ImportMemoryBudget, base: ExtractBaseWriter? = nil) throws(OSMImportError) {
        self.folder = folder
        self.budget = budget
        self.base = base
        waysFile = try folder.file(named: "ways")
        ways = ScratchWriter(waysFile)
        referencesByNode = ExternalSorter(folder: folder, name: "refs-by-node", budget: budget)
    }

    /// Notes a walkable way: its references are numbered from `firstReference` on.
    func addWay(id: Int64, refs: [Int64], firstReference: Int, forward: Bool, backward: Bool,
                name: Int32) throws(OSMImportError) {
        guard let sorter = referencesByNode else { return }
        try base?.walkableWay(id: id, refs: refs, flags: UInt8((forward ? 1 : 0) | (backward ? 2 : 0)), name: name,
                              firstReference: firstReference)
        try ways.append(Int32(refs.count))
        try ways.append(UInt8((forward ? 1 : 0) | (backward ? 2 : 0)))
        try ways.append(name)
        for (offset, id) in refs.enumerated() {
            // The lowest bit says the reference is one of the way's ends (which makes its node a vertex).
            let isEnd: Int64 = offset == 0 || offset == refs.count - 1 ? 1 : 0
            try sorter.add(major: id, minor: Int64(firstReference + offset) << 1 | isEnd)
        }
    }

    /// Step 2: the distinct nodes the ways use, and their references, in node id order. `progress` hears of
    /// (references done, references in all) now and then.
    func groupReferencesByNode(progress: (Int, Int) -> Void = { _, _ in }) throws(OSMImportError) {
        try ways.flush()
        guard let sorter = referencesByNode else { return }
        referencesByNode = nil
        let total = sorter.count
        progress(0, total)
        let records = try sorter.sorted()
        let nodes = try folder.file(named: "nodes")
        let nodeReferences = try folder.file(named: "node-refs")
        let nodeWriter = ScratchWriter(nodes), referenceWriter = ScratchWriter(nodeReferences)
        var group: [Int64] = []
        var current: Int64 = 0
        func flushGroup() throws(OSMImportError) {
            guard !group.isEmpty else { return }
            try nodeWriter.append(current)
            try referenceWriter.append(UInt32(group.count))
            for reference in group { try referenceWriter.append(reference) }
            nodeCount += 1
            group.removeAll(keepingCapacity: true)
        }
        var checked = 0
        while try records.next() {
            if records.major != current || group.isEmpty {
                try flushGroup()
                current = records.major
            }
            group.append(records.minor)
            try base?.nodeReference(node: records.major, reference: records.minor)
            checked += 1
            if checked & 0xFFFF == 0 {
                try ImportInterruption.check()
                progress(checked, total)
            }
        }
        try flushGroup()
        try nodeWriter.flush()
        try referenceWriter.flush()
        nodeFile = nodes
        nodeReferenceFile = nodeReferences
    }

    /// Step 4: every reference with its node's number, position and junction number (-1 for a node only one
    /// way passes through), sorted back into way order. `positions` holds `nodeCount` pairs of 1e-7 degrees.
    func locateReferences(positions: ScratchFile,
                          progress: (Int, Int) -> Void = { _, _ in }) throws(OSMImportError) -> SortedRecords {
        guard let nodeReferences = nodeReferenceFile else {
            throw .scratch("the walking network's node references are missing")
        }
        let located = ExternalSorter(folder: folder, name: "refs-located", budget: budget)
        let references = ScratchReader(nodeReferences)
        let positionReader = ScratchReader(positions)
        let junctionNodes = try folder.file(named: "junction-nodes")
        let junctionWriter = ScratchWriter(junctionNodes)
        var group: [Int64] = []
        for node in 0..<nodeCount {
            guard let count = try references.read(UInt32.self), let latitude = try positionReader.read(Int32.self),
                  let longitude = try positionReader.read(Int32.self) else {
                throw .scratch("the walking network's node files end early")
            }
            group.removeAll(keepingCapacity: true)
            var uses = 0
            for _ in 0..<count {
                guard let reference = try references.read(Int64.self) else {
                    throw .scratch("the walking network's node references end early")
                }
                group.append(reference)
                // A way's end counts twice, so that it becomes a vertex: as `uses >= 2` did in memory.
                uses += reference & 1 == 1 ? 2 : 1
            }
            var junction: Int32 = -1
            if uses >= 2 {
                junction = Int32(truncatingIfNeeded: junctionCount)
                junctionCount += 1
                try junctionWriter.append(Int64(node))
            }
            let payload = LocatedReference(node: Int64(node), latitude: latitude, longitude: longitude,
                                           junction: junction)
            for reference in group {
                try withUnsafeBytes(of: payload) { (bytes) throws(OSMImportError) in
                    try located.add(major: reference >> 1, minor: 0, payload: bytes)
                }
            }
            if node & 0xFFFF == 0 {
                try ImportInterruption.check()
                progress(node, nodeCount)
            }
        }
        guard junctionCount < Int(Int32.max) else { throw .scratch("the walking network has too many junctions") }
        try junctionWriter.flush()
        junctionNodesFile = junctionNodes
        nodeReferenceFile = nil
        nodeReferences.remove()
        return try located.sorted()
    }
}

/// A node reference of a walkable way, as the builder reads it: its node's number (rank in id order), position
/// (`WalkNodeLocator.unknown` when the file lacks the node) and junction number (-1 when only this reference
/// uses the node).
struct LocatedReference: BitwiseCopyable {
    var node: Int64
    var latitude: Int32
    var longitude: Int32
    var junction: Int32
}
