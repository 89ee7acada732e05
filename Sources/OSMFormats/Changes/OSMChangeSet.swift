/// The changes of one or more change files (osmChange, as a replication feed publishes them), merged: each
/// node and way as the latest of them leaves it. `OSMImporter` reads an extract through them
/// (`ChangeOverlay`), which is the extract as it stands after the changes.
public struct OSMChangeSet: Sendable {
    /// Changed nodes and ways by id; a `.delete` action means the element is gone.
    package private(set) var nodes: [Int64: OSMChangedElement] = [:]
    package private(set) var ways: [Int64: OSMChangedElement] = [:]
    /// The feed's state the changes reach: its sequence number and the time of its data (seconds since 1970).
    public var sequence: Int64?
    public var timestamp: Int64?
    /// Change files read.
    public private(set) var files = 0

    public init() {}

    public var nodeCount: Int { nodes.count }
    public var wayCount: Int { ways.count }
    public var isEmpty: Bool { nodes.isEmpty && ways.isEmpty }

    /// Takes in one element; of two versions of one element (a minutely file can hold several), the later
    /// one stays. A file that names no versions is taken in the order written.
    mutating func add(_ element: OSMChangedElement) {
        if element.isWay {
            if let held = ways[element.id], held.version > element.version, element.version != 0 { return }
            ways[element.id] = element
        } else {
            if let held = nodes[element.id], held.version > element.version, element.version != 0 { return }
            nodes[element.id] = element
        }
    }

    /// Reads a change file (`.osc` or `.osc.gz`, by its first bytes) on top of what is held. A file cut short
    /// or damaged throws, and leaves this set as it was.
    public mutating func read(file path: String, limits: OSMReadLimits = .standard) throws(OSMImportError) {
        var added = self
        let file = try FileByteSource(path: path)
        do {
            var prefix = [UInt8](repeating: 0, count: 16)
            let count = try prefix.withUnsafeMutableBytes { try file.readFully(into: $0) }
            let format = try OSMFileFormat.detect(Array(prefix[0..<count]))
            let reopened = try FileByteSource(path: path)
            let source: any ByteSource
            switch format {
            case .pbf: throw OSMImportError.unsupported("a change file is osmChange XML (.osc or .osc.gz), not PBF", .byte(0))
            case .xml: source = reopened
            case .gzippedXML: source = try GzipByteSource(file: reopened, limits: limits)
            }
            let reader = OSMXMLReader(changesFrom: source, limits: limits) { added.add($0) }
            try reader.readChanges()
            try ImportInterruption.check()
        } catch let error as OSMImportError {
            throw error
        } catch {
            throw OSMImportError.corrupt(String(describing: error), .byte(0))
        }
        added.files += 1
        self = added
    }

    /// The ids in order, for reading alongside an extract's own.
    package func sortedNodeIDs() -> [Int64] { nodes.keys.sorted() }
    package func sortedWayIDs() -> [Int64] { ways.keys.sorted() }

    /// The header of an extract once these changes are applied: the feed's state they reach.
    package func applied(to header: OSMExtractHeader) -> OSMExtractHeader {
        var patched = header
        if let sequence { patched.replicationSequence = sequence }
        if let timestamp { patched.replicationTimestamp = timestamp }
        return patched
    }
}
