/// How much memory the import's disk-backed steps use at once, so that a country's file is imported in bounded
/// memory: what does not fit goes to temporary files (sorted runs merged k ways, arrays read in chunks).
/// Tests make these tiny to take every path through the disk.
public struct ImportMemoryBudget: Hashable, Sendable {
    /// Bytes of records an external sort holds before writing them out as a sorted run.
    public var runBytes = 48 << 20
    /// Runs merged at once (each reads through a 64 KB buffer): a Germany-sized file makes about 140.
    public var mergeFanIn = 128
    /// Node ids looked up per pass over the file's nodes when the file's nodes are not sorted by id (16 bytes
    /// each); a file sorted by id, as extracts are, needs one pass whatever its size.
    public var nodeChunk = 4_000_000

    public init() {}
}
