import OSMFormats

/// How much of a file an import keeps in memory or decodes, whatever the file claims.
///
/// A few kilobytes of zlib can claim tens of millions of node references; these bounds keep what a file can
/// make the import keep and do proportional to the file's size (docs/places-store.md has the figures), and
/// the walking network goes through temporary files in bounded memory (`memory`). Elements beyond a bound are
/// skipped and counted in the summary (`OSMImportSkips`); a block or stream that inflates absurdly is refused
/// as damage.
public struct OSMImportLimits: Hashable, Sendable {
    /// What the readers keep and decode of one element, block or stream.
    public var reading = OSMReadLimits()
    /// Node references the areas (closed ways) may need in all, repeats counted, 20 bytes each while placing
    /// them (held in memory): one per `fileBytesPerNeededNode` bytes of the file, at least
    /// `neededNodesAllowance`, at most this (no bound of its own by default: a real extract of any size keeps
    /// every area). Real extracts need one per few hundred bytes; a bomb claims
    /// dozens per byte, and one per 16 bytes keeps what a file can make the areas hold below its own size.
    public var neededNodes = Int.max
    public var fileBytesPerNeededNode = 16
    public var neededNodesAllowance = 65_536
    /// Areas waiting for their nodes, 8 bytes each (bounded through `neededNodes`: an area needs three).
    public var pendingWays = Int.max
    /// Areas whose places and node lists are held between the passes (about 0.5 KB each). Beyond it the
    /// second pass reads the ways again instead, which costs time, not memory.
    public var heldWays = 50_000
    /// Node references held with those areas.
    public var heldWayNodes = 2_000_000
    /// The walkable ways' node references a file may bring.
    public var walkNetwork = WalkNetworkLimits()
    /// Memory the disk-backed steps (the walking network's sorts and arrays) use at once.
    public var memory = ImportMemoryBudget()

    public init() {}

    /// The needed-node budget of a file of `fileSize` bytes.
    func neededNodes(fileSize: Int) -> Int {
        min(neededNodes, max(neededNodesAllowance, fileSize / max(1, fileBytesPerNeededNode)))
    }

    /// The bounds every import uses.
    public static let standard = OSMImportLimits()
}

/// What an import left out because it was beyond `OSMImportLimits`.
public struct OSMImportSkips: Hashable, Sendable {
    /// Areas of a known category with more node references than a way may have.
    public var waysWithTooManyNodes = 0
    /// Elements of a known category with more tags than an element may have.
    public var elementsWithTooManyTags = 0
    /// Areas left out because the areas before them already needed as many nodes as the file's size allows.
    public var waysBeyondNodeBudget = 0

    public init() {}

    public var total: Int { waysWithTooManyNodes + elementsWithTooManyTags + waysBeyondNodeBudget }
}
